import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@wings/api-client';
import { type AddIncreaseServiceReply, ErrorCodes, type InsuranceGrade } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import {
  addonLineDetail,
  addonRequest,
  type LegIndex,
  mapServiceErrors,
  useDebouncedValue,
} from '../../../features/booking/addons';
import {
  useAddIncreaseServiceNext,
  usePricedAddons,
} from '../../../features/booking/api/add-increase-service';
import { useComputePrice } from '../../../features/booking/api/compute-price';
import { useAddonMenu } from '../../../features/booking/api/get-addon-menu';
import { useBookingStore } from '../../../features/booking/booking-store';
import { NoOfferState, PassengersIncompleteState } from '../../../features/booking/components/no-offer';
import { type Slot, slotsOf } from '../../../features/booking/passengers';
import { serverMessage } from '../../../features/booking/server-message';
import { useInsuranceGrades } from '../../../features/insurance/api/get-insurance-grade';
import { money } from '../../../lib/format';
import { isLanguageTag } from '../../../lib/language';
import { BaggageCard, InsuranceCard, PriorityCard, SeatCard, UpgradeCard } from './addon-cards';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/booking/addons.css';

/** How long the choices must rest before the server prices them: a burst of taps is one call. */
const PRICE_DEBOUNCE_MS = 350;

/** The priced add-ons the server answered: each line with its passenger and leg. */
function PricedLines({
  reply,
  slots,
  busy,
  plans,
}: {
  reply: AddIncreaseServiceReply;
  slots: readonly Slot[];
  busy: boolean;
  /** The insurance plans of the trip (getInsuranceGrade), to name a plan rather than show its code. */
  plans: readonly InsuranceGrade[];
}) {
  const { t, i18n } = useTranslation();
  const exists = (k: string) => i18n.exists(k);
  return (
    <section
      className="card"
      data-testid="addon-lines"
      aria-busy={busy || undefined}
      aria-labelledby="addon-lines-title"
    >
      <h2 className="card-title" id="addon-lines-title">
        {t('addons.lines_title')}
      </h2>
      {reply.lines.map((line) => {
        const slot = slots[line.passenger];
        return (
          <div
            className="price-line"
            // one line per add-on, passenger and leg
            key={`${line.code}-${line.passenger}-${line.leg}`}
            data-testid={`addon-line-${line.code}-${line.passenger}-${line.leg}`}
          >
            <span>
              {addonLineDetail(t, exists, line, (code) => {
                const name = plans.find((g) => g.insuranceType === code)?.name;
                return name
                  ? name[isLanguageTag(i18n.language) ? i18n.language : 'en'] || name.en
                  : undefined;
              })}
              <span className="muted small">
                {' · '}
                {slot ? t('booking.slot_label', { type: t(`ptype.${slot.type}`), n: slot.number }) : ''}
                {line.code === '10' ? '' : ` · ${t(line.leg === 0 ? 'summary.outbound' : 'summary.return')}`}
              </span>
            </span>
            <span>{money(line.amount)}</span>
          </div>
        );
      })}
      <div className="price-line price-line-sub" data-testid="addon-lines-total">
        <span>{t('addons.total')}</span>
        <span>{money(reply.price.addons ?? { amount: 0, currency: reply.price.total.currency })}</span>
      </div>
    </section>
  );
}

function AddonHub({ slots }: { slots: Slot[] }) {
  const { t, i18n } = useTranslation();
  const nav = useAppNavigate();
  const client = useQueryClient();
  const offer = useBookingStore((s) => s.offer)!;
  const drafts = useBookingStore((s) => s.passengers);
  const services = useBookingStore((s) => s.services);
  const promoCode = useBookingStore((s) => s.promoCode);
  const clearServices = useBookingStore((s) => s.clearServices);
  const clearOffer = useBookingStore((s) => s.clearOffer);
  const menu = useAddonMenu(offer.offerId);
  const grades = useInsuranceGrades(offer.offerId);
  const next = useAddIncreaseServiceNext();
  const [leg, setLeg] = useState<LegIndex>(0);
  const tabsId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const request = useMemo(
    () => addonRequest(offer.offerId, slots, drafts, services, promoCode),
    [offer.offerId, slots, drafts, services, promoCode],
  );
  // Debounced as its JSON so an equal request (a new object) does not restart the wait.
  const requestKey = JSON.stringify(request);
  const settledKey = useDebouncedValue(requestKey, PRICE_DEBOUNCE_MS);
  const settled = useMemo(
    () => (settledKey === requestKey ? request : null),
    [settledKey, requestKey, request],
  );
  const priced = usePricedAddons(request === null ? null : settled);
  const base = useComputePrice(offer.offerId, promoCode);
  // The last good answer stays on screen while a newer choice is priced or refused.
  const [lastGood, setLastGood] = useState<AddIncreaseServiceReply | null>(null);
  useEffect(() => {
    if (priced.data && !priced.isPlaceholderData) setLastGood(priced.data);
  }, [priced.data, priced.isPlaceholderData]);
  // A refusal of Next is about the choices it was sent with: a new choice takes it away.
  const { reset: resetNext } = next;
  useEffect(() => {
    if (requestKey) resetNext();
  }, [requestKey, resetNext]);

  const pending = request !== null && (settledKey !== requestKey || priced.isFetching);
  const shown = request === null ? null : (priced.data ?? lastGood);
  const refusal = [next.error, priced.error].find(
    (e) => isApiError(e) && e.code === ErrorCodes.invalidRequest.code,
  );
  const mapped = useMemo(
    () => mapServiceErrors(isApiError(refusal) ? refusal.fields : [], slots),
    [refusal, slots],
  );
  const expired = [menu.error, priced.error, next.error].some(
    (e) => isApiError(e) && e.code === ErrorCodes.offerExpired.code,
  );
  const invalidLegs = ([0, 1] as const).filter((j) =>
    Object.values(mapped.bySlot).some((entry) => entry && Object.keys(entry.legs[j]).length > 0),
  );
  const hasRefusal = Boolean(refusal) && !pending;

  const total = request === null ? base.data?.total : shown?.price.total;
  const addonsTotal = request === null ? null : (shown?.price.addons ?? null);

  async function goNext() {
    if (request === null) {
      nav.push(paths.reviewBooking);
      return;
    }
    try {
      const reply = await next.mutateAsync(request);
      client.setQueryData(['booking', 'addIncreaseService', request], reply);
      nav.push(paths.reviewBooking);
    } catch {
      // A refusal is shown on its passenger and leg; an expired offer, with a way back.
    }
  }

  function skip() {
    clearServices();
    nav.push(paths.reviewBooking);
  }

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>) {
    const count = offer.segments.length;
    if (count < 2 || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
    e.preventDefault();
    const to: LegIndex = leg === 0 ? 1 : 0;
    setLeg(to);
    tabRefs.current[to]?.focus();
  }

  if (expired) {
    return (
      <div className="page-body booking-body">
        <section className="card booking-alert booking-alert-error" data-testid="offer-expired" role="alert">
          <p>{t('offer_expired')}</p>
          <Button
            color="primary"
            size="small"
            data-testid="back-to-search"
            onClick={() => {
              clearOffer();
              nav.replace(paths.flightList);
            }}
          >
            {t('booking.back_to_results')}
          </Button>
        </section>
      </div>
    );
  }

  const menuData = menu.data;
  const menuLeg = menuData?.legs.find((l) => l.segment === leg) ?? menuData?.legs[leg];
  const cardProps = { slots, services, errors: mapped.bySlot };

  return (
    <>
      <div className="page-body booking-body">
        <p className="booking-intro">{t('addons.intro')}</p>
        {hasRefusal ? (
          <section
            className="card booking-alert booking-alert-error"
            role="alert"
            data-testid="addon-refused"
          >
            <p>{t('addons.refused')}</p>
            {mapped.general.length > 0 ? (
              <ul>
                {mapped.general.map((e) => (
                  <li key={`${e.key}-${e.message}`}>{serverMessage(t, (k) => i18n.exists(k), e)}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}

        {menu.isPending ? (
          <p className="muted small" data-testid="addon-menu-loading">
            {t('common.loading')}
          </p>
        ) : menu.isError || !menuData ? (
          <section className="card booking-alert booking-alert-error" data-testid="addon-menu-failed">
            <p>{t('addons.menu_failed')}</p>
            <Button size="small" color="primary" fill="outline" onClick={() => void menu.refetch()}>
              {t('common.retry')}
            </Button>
          </section>
        ) : (
          <>
            {offer.segments.length > 1 ? (
              <div className="addon-tabs" role="tablist" aria-label={t('addons.legs_label')}>
                {offer.segments.map((segment, j) => {
                  const index = j as LegIndex;
                  const selected = leg === index;
                  const invalid = hasRefusal && invalidLegs.includes(index);
                  return (
                    <button
                      key={segment.flightId}
                      ref={(el) => {
                        tabRefs.current[index] = el;
                      }}
                      type="button"
                      role="tab"
                      id={`${tabsId}-tab-${j}`}
                      aria-selected={selected}
                      aria-controls={`${tabsId}-panel`}
                      tabIndex={selected ? 0 : -1}
                      className={`addon-tab${selected ? ' addon-tab-active' : ''}`}
                      data-testid={`addon-tab-${j}`}
                      data-invalid={invalid || undefined}
                      onClick={() => setLeg(index)}
                      onKeyDown={onTabKey}
                    >
                      <span>{t(j === 0 ? 'summary.outbound' : 'summary.return')}</span>
                      <span className="addon-tab-route">
                        {segment.depCode}–{segment.arrCode} · {segment.flightNo}
                      </span>
                      {invalid ? (
                        <span className="addon-tab-flag">{t('addons.tab_needs_attention')}</span>
                      ) : null}
                    </button>
                  );
                })}
              </div>
            ) : (
              <h2 className="booking-section-title">
                {offer.segments[0]?.depCode}–{offer.segments[0]?.arrCode} · {offer.segments[0]?.flightNo}
              </h2>
            )}
            <div
              id={`${tabsId}-panel`}
              {...(offer.segments.length > 1
                ? { role: 'tabpanel', 'aria-labelledby': `${tabsId}-tab-${leg}` }
                : {})}
              data-testid={`addon-leg-${leg}`}
            >
              {menuLeg ? (
                <>
                  <SeatCard leg={leg} menuLeg={menuLeg} {...cardProps} />
                  <BaggageCard leg={leg} menu={menuData} menuLeg={menuLeg} {...cardProps} />
                  <PriorityCard leg={leg} menuLeg={menuLeg} {...cardProps} />
                </>
              ) : (
                <p className="muted small">{t('addons.leg_nothing_sold')}</p>
              )}
            </div>
            <h2 className="booking-section-title">{t('addons.whole_trip')}</h2>
            <UpgradeCard menu={menuData} {...cardProps} />
            {grades.data?.available === false ? null : <InsuranceCard slots={slots} services={services} />}
          </>
        )}

        {shown && shown.lines.length > 0 ? (
          <PricedLines reply={shown} slots={slots} busy={pending} plans={grades.data?.grades ?? []} />
        ) : null}
      </div>

      <footer className="booking-footer">
        <div className="summary-total" aria-live="polite" aria-busy={pending || undefined}>
          <span className="muted small" data-testid="addons-total">
            {addonsTotal
              ? t('addons.footer_addons', { amount: money(addonsTotal) })
              : t('addons.footer_none')}
          </span>
          <span className="price summary-total-amount" data-testid="addons-grand-total">
            {pending && !shown ? t('common.loading') : money(total)}
          </span>
        </div>
        <Button
          block
          color="primary"
          size="large"
          className="booking-continue"
          loading={next.isPending}
          disabled={pending || hasRefusal}
          data-testid="addons-next"
          onClick={() => void goNext()}
        >
          {t('addons.next')}
        </Button>
        <button type="button" className="text-link small addon-skip" data-testid="addons-skip" onClick={skip}>
          {t('addons.skip')}
        </button>
      </footer>
    </>
  );
}

/**
 * added-services (spec §2, issue 14): between passengers and review. Per leg each passenger's
 * seat, extra baggage and priority boarding; for the whole trip the Enhanced Refundable Ticket
 * upgrade and travel insurance. Every change is priced by the server (addIncreaseService) and
 * its refusals are shown on the passenger and leg they are about; Next checks the whole choice
 * (addIncreaseServiceNext) before the review; skipping is always possible.
 */
export default function AddedServicesPage() {
  const { t } = useTranslation();
  const _nav = useAppNavigate();
  const offer = useBookingStore((s) => s.offer);
  const drafts = useBookingStore((s) => s.passengers);
  const slots = useMemo(() => (offer ? slotsOf(offer.passengers) : []), [offer]);

  let body: React.ReactNode;
  if (!offer) {
    body = <NoOfferState />;
  } else if (slots.some((slot) => !drafts[slot.id])) {
    body = <PassengersIncompleteState testId="addons-incomplete" />;
  } else {
    body = <AddonHub slots={slots} />;
  }
  return (
    <div className="booking-page addon-page" data-testid="added-services">
      <NavBar title={t('addons.title')} theme="navy" back={paths.passengersInfo} />
      {body}
    </div>
  );
}
