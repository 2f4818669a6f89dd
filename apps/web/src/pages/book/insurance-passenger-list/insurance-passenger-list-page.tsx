import type { InsuranceCover, InsuranceGrade, LanguageTag } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { focusFirstInvalid } from '../../../features/account/components/focus-first-invalid';
import { useBookingStore } from '../../../features/booking/booking-store';
import { NoOfferState } from '../../../features/booking/components/no-offer';
import { draftName, type Slot, slotsOf } from '../../../features/booking/passengers';
import { useInsuranceGrades } from '../../../features/insurance/api/get-insurance-grade';
import { INSURED_COUNT_MAX, useInsurancePrice } from '../../../features/insurance/api/get-insurance-price';
import { CoverList } from '../../../features/insurance/components/cover-list';
import { GradesError } from '../../../features/insurance/components/grades-error';
import { useInsuranceDraft } from '../../../features/insurance/insurance-draft-store';
import { fromEntry, infoComplete, toEntry } from '../../../features/insurance/insurance-entry';
import { formatDate, money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/insurance/insurance.css';

/** The trip's cover: local dates, both counted, and the automatic extension after a delay (spec §9). */
export function CoverDates({ cover, lang }: { cover: InsuranceCover; lang: LanguageTag }) {
  const { t } = useTranslation();
  return (
    <div className="ins-cover-dates" data-testid="insurance-cover">
      <p>
        {t('insurance.page.cover_dates', {
          from: formatDate(cover.coverFrom, lang),
          to: formatDate(cover.coverTo, lang),
        })}{' '}
        <strong data-testid="insurance-cover-days">{t('insurance.page.days', { days: cover.days })}</strong>
      </p>
      <p data-testid="insurance-cover-extension">
        {t('insurance.page.extension', {
          max: cover.extensionDaysMax,
          date: formatDate(cover.latestCoverTo, lang),
        })}
      </p>
    </div>
  );
}

function PlanOption({
  grade,
  lang,
  checked,
  onChoose,
}: {
  grade: InsuranceGrade;
  lang: LanguageTag;
  checked: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const id = `plan-${grade.insuranceType}`;
  return (
    <label className="ins-plan" htmlFor={id} data-testid={`insurance-plan-${grade.insuranceType}`}>
      <span className="ins-plan-head">
        <input
          type="radio"
          id={id}
          name="insurance-plan"
          value={grade.insuranceType}
          checked={checked}
          onChange={onChoose}
          aria-describedby={`${id}-price`}
          data-testid={`insurance-plan-radio-${grade.insuranceType}`}
        />
        <span className="ins-plan-name">{grade.name[lang]}</span>
        <span
          className="ins-plan-price"
          id={`${id}-price`}
          data-testid={`insurance-plan-price-${grade.insuranceType}`}
        >
          {grade.price ? money(grade.price) : '-'}
          <small>{t('insurance.page.per_insured')}</small>
        </span>
      </span>
      <CoverList coverage={grade.coverage} testId={`insurance-plan-cover-${grade.insuranceType}`} />
    </label>
  );
}

function PassengerRow({
  slot,
  insured,
  complete,
  missing,
  onToggle,
}: {
  slot: Slot;
  insured: boolean;
  complete: boolean;
  missing: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const draft = useBookingStore((s) => s.passengers[slot.id]);
  const label = t('booking.slot_label', { type: t(`ptype.${slot.type}`), n: slot.number });
  const name = draftName(draft);
  const errorId = `insured-error-${slot.id}`;
  return (
    <>
      <div className="ins-pax" data-testid={`insured-${slot.id}`} data-invalid={missing || undefined}>
        <label>
          <input
            type="checkbox"
            checked={insured}
            onChange={(e) => onToggle(e.target.checked)}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? errorId : undefined}
            data-testid={`insured-check-${slot.id}`}
          />
          <span className="ins-pax-name">
            {name || label}
            {name ? <span className="muted small"> · {label}</span> : null}
          </span>
        </label>
        <button
          type="button"
          className={`ins-pax-details${complete ? ' ins-pax-details-complete' : ''}`}
          data-testid={`insured-details-${slot.id}`}
          aria-label={`${complete ? t('insurance.page.details_complete') : t('insurance.page.add_details')}: ${name || label}`}
          onClick={() => nav.push(`${paths.insuranceFillInfo}?slot=${slot.id}`)}
        >
          {complete ? `✓ ${t('insurance.page.details_complete')}` : t('insurance.page.add_details')}
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
      {missing ? (
        <p className="field-error ins-pax-errors" role="alert" id={errorId} data-testid={errorId}>
          {t('insurance.page.details_needed')}
        </p>
      ) : null}
    </>
  );
}

function PassengerList({ offerId, counts }: { offerId: string; counts: readonly number[] }) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const slots = useMemo(() => slotsOf(counts), [counts]);
  const services = useBookingStore((s) => s.services);
  const setInsurance = useBookingStore((s) => s.setInsurance);
  const clearInsurance = useBookingStore((s) => s.clearInsurance);
  const draft = useInsuranceDraft();
  const grades = useInsuranceGrades(offerId);
  const [attempted, setAttempted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);

  const current = draft.offerId === offerId;
  const { begin, setInfo } = draft;
  useEffect(() => {
    if (current) return;
    // First visit for this offer: start from what the booking already holds (spec §4 isSelect).
    const insured = slots.filter((s) => services[s.id]?.insurance).map((s) => s.id);
    const firstEntry = insured.length > 0 ? services[insured[0]!]?.insurance : null;
    for (const id of insured) {
      const entry = services[id]?.insurance;
      if (entry && !useInsuranceDraft.getState().info[id]) setInfo(id, fromEntry(entry));
    }
    begin(offerId, {
      insuranceType: firstEntry?.insuranceType ?? null,
      insured,
      agreed: insured.length > 0,
    });
  }, [current, slots, services, offerId, begin, setInfo]);

  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid();
  }, [focusRequest]);

  const response = grades.data;
  const plan = response?.grades.find((g) => g.insuranceType === draft.insuranceType) ?? null;
  const insured = current ? slots.filter((s) => draft.insured.includes(s.id)) : [];
  const price = useInsurancePrice(offerId, plan?.insuranceType ?? null, insured.length);

  if (grades.isError) return <GradesError error={grades.error} retry={() => void grades.refetch()} />;
  if (!response || !current) {
    return (
      <p className="muted small booking-intro" role="status" data-testid="insurance-loading">
        {t('common.loading')}
      </p>
    );
  }
  if (!response.available || response.grades.length === 0) {
    return (
      <section className="card booking-alert" data-testid="insurance-unavailable">
        <p>
          <strong>{t('insurance.page.unavailable')}</strong>
        </p>
        <p>{t('insurance.page.unavailable_desc')}</p>
        <Button color="primary" size="small" onClick={() => nav.back(paths.addedServices)}>
          {t('insurance.page.back_to_services')}
        </Button>
      </section>
    );
  }

  const missingDetails = insured.filter((s) => !infoComplete(draft.info[s.id]));
  const tooMany = insured.length > INSURED_COUNT_MAX;
  const problems = {
    plan: !plan,
    passengers: insured.length === 0,
    details: missingDetails.length > 0,
    agree: !draft.agreed,
    tooMany,
  };
  const show = (problem: keyof typeof problems) => attempted && problems[problem];

  function confirm() {
    setAttempted(true);
    if (Object.values(problems).some(Boolean) || !plan) {
      setFocusRequest((n) => n + 1);
      return;
    }
    for (const slot of slots) {
      const info = draft.info[slot.id];
      setInsurance(slot.id, draft.insured.includes(slot.id) && info ? toEntry(info, plan) : null);
    }
    nav.back(paths.addedServices);
  }

  function noInsurance() {
    // Spec §4: cancelling resets the insurance selection, for every passenger.
    clearInsurance();
    draft.resetChoice();
    nav.back(paths.addedServices);
  }

  return (
    <>
      <div className="page-body booking-body">
        <p className="booking-intro">
          {t('insurance.page.intro')}{' '}
          <button
            type="button"
            className="text-link"
            data-testid="insurance-about"
            onClick={() => nav.push(paths.publicServicesInsurance)}
          >
            {t('insurance.page.about')}
          </button>
        </p>
        {response.cover ? <CoverDates cover={response.cover} lang={lang} /> : null}

        <h2 className="booking-section-title" id="insurance-plans-title">
          {t('insurance.page.plans')}
        </h2>
        <fieldset
          className="ins-plans"
          aria-labelledby="insurance-plans-title"
          data-testid="insurance-plans"
          data-invalid={show('plan') || undefined}
        >
          {response.grades.map((g) => (
            <PlanOption
              key={g.insuranceType}
              grade={g}
              lang={lang}
              checked={plan?.insuranceType === g.insuranceType}
              onChoose={() => draft.choosePlan(g.insuranceType)}
            />
          ))}
        </fieldset>
        {show('plan') ? (
          <p className="field-error" role="alert" data-testid="insurance-plan-error">
            {t('insurance.plan_required')}
          </p>
        ) : null}

        <h2 className="booking-section-title" id="insurance-passengers-title">
          {t('insurance.page.passengers')}
        </h2>
        <section
          className="card"
          aria-labelledby="insurance-passengers-title"
          data-testid="insurance-passengers"
          data-invalid={show('passengers') || show('tooMany') || undefined}
        >
          {slots.map((slot) => (
            <PassengerRow
              key={slot.id}
              slot={slot}
              insured={draft.insured.includes(slot.id)}
              complete={infoComplete(draft.info[slot.id])}
              missing={show('details') && missingDetails.includes(slot)}
              onToggle={(on) => draft.toggleInsured(slot.id, on)}
            />
          ))}
          {show('passengers') ? (
            <p className="field-error" role="alert" data-testid="insurance-passengers-error">
              {t('insurance.page.choose_passenger')}
            </p>
          ) : null}
          {show('tooMany') ? (
            <p className="field-error" role="alert" data-testid="insurance-too-many">
              {t('insurance.insured_count', { max: INSURED_COUNT_MAX })}
            </p>
          ) : null}
        </section>

        {plan && insured.length > 0 && !tooMany ? (
          <section className="card" data-testid="insurance-total" aria-live="polite">
            <div className="ins-total">
              <span>{t('insurance.page.total', { n: insured.length })}</span>
              {price.isError ? (
                <span className="field-error" data-testid="insurance-price-failed">
                  {t('insurance.page.price_failed')}
                </span>
              ) : (
                <strong data-testid="insurance-total-amount">
                  {price.data && !price.isPlaceholderData ? money(price.data.totalPrice) : '…'}
                </strong>
              )}
            </div>
            {price.data && !price.isPlaceholderData ? (
              <p className="muted small" data-testid="insurance-total-unit">
                {t('insurance.page.total_unit', { n: insured.length, price: money(price.data.unitPrice) })}
              </p>
            ) : null}
          </section>
        ) : null}

        <section className="card" data-testid="insurance-terms">
          <button
            type="button"
            className="text-link"
            data-testid="insurance-agreement-link"
            onClick={() =>
              nav.push(
                `${paths.insuranceAgreement}${plan ? `?type=${encodeURIComponent(plan.insuranceType)}` : ''}`,
              )
            }
          >
            {t('insurance.page.read_agreement')}
          </button>
          <label className="agree-row">
            <input
              type="checkbox"
              checked={draft.agreed}
              aria-invalid={show('agree') || undefined}
              aria-describedby={show('agree') ? 'insurance-agree-error' : undefined}
              data-testid="insurance-agree"
              onChange={(e) => draft.setAgreed(e.target.checked)}
            />
            <span>{t('insurance.page.agree')}</span>
          </label>
          {show('agree') ? (
            <p
              className="field-error"
              role="alert"
              id="insurance-agree-error"
              data-testid="insurance-agree-error"
            >
              {t('insurance.page.agree_required')}
            </p>
          ) : null}
        </section>
      </div>
      <footer className="booking-footer">
        <div className="ins-footer-actions">
          <Button
            fill="outline"
            size="large"
            className="ins-none"
            data-testid="insurance-none"
            onClick={noInsurance}
          >
            {t('insurance.page.none')}
          </Button>
          <Button
            color="primary"
            size="large"
            className="booking-continue"
            data-testid="insurance-confirm"
            onClick={confirm}
          >
            {t('insurance.page.confirm')}
          </Button>
        </div>
      </footer>
    </>
  );
}

/**
 * insurance passenger-list (spec §2; issue 14): the plans for this trip with their cover and
 * price per insured, the cover dates and the delay extension; the passengers to insure, each
 * with their details' state; the server's total; the agreement to accept. Confirm writes each
 * ticked passenger's entry into the booking; "No insurance" resets the selection (spec §4).
 */
export default function InsurancePassengerListPage() {
  const { t } = useTranslation();
  const offer = useBookingStore((s) => s.offer);
  return (
    <div className="booking-page" data-testid="insurance-passenger-list">
      <NavBar title={t('insurance.page.title')} theme="navy" back={paths.addedServices} />
      {offer ? (
        <PassengerList offerId={offer.offerId} counts={offer.passengers} />
      ) : (
        <div className="page-body">
          <NoOfferState />
        </div>
      )}
    </div>
  );
}
