import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@wings/api-client';
import { ErrorCodes, type LanguageTag, type OfferSegment } from '@wings/contracts';
import { Button, Toast } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { loginHref, paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { EmailText } from '../../../components/email-text';
import { NavBar } from '../../../components/nav-bar';
import { type CaptchaResponse, getCaptcha } from '../../../features/account/api/get-captcha';
import { CaptchaChallenge } from '../../../features/account/components/captcha-challenge';
import { FieldError } from '../../../features/account/components/form-field';
import { useSessionStore } from '../../../features/account/session-store';
import { addonRequest, type LegIndex, pricedServices } from '../../../features/booking/addons';
import { usePricedAddons } from '../../../features/booking/api/add-increase-service';
import { useComputePrice } from '../../../features/booking/api/compute-price';
import { useTicketRule } from '../../../features/booking/api/get-ticket-rule-info';
import { usePromoCodes } from '../../../features/booking/api/query-promo-codes';
import { useSaveTicketOrder } from '../../../features/booking/api/save-ticket-order';
import { useBookingStore } from '../../../features/booking/booking-store';
import { FareConditionsList } from '../../../features/booking/components/fare-conditions';
import { NoOfferState, PassengersIncompleteState } from '../../../features/booking/components/no-offer';
import {
  draftName,
  mapServerFields,
  type Slot,
  slotsOf,
  toBookingPassenger,
  toContact,
} from '../../../features/booking/passengers';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { rememberOrderGrant } from '../../../features/orders/order-session';
import { cityName, formatDate, localDateOf, localTimeOf, money } from '../../../lib/format';
import { ChosenAddons } from './chosen-addons';
import { OrderPlaced } from './order-placed';
import { PriceBreakdownCard, PromoCard } from './price-breakdown';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/booking/results.css';

/** A failure the page explains with its own way forward. */
type Problem =
  | { kind: 'limit'; message: string }
  | { kind: 'restart'; message: string }
  | { kind: 'fields'; message: string }
  | { kind: 'promo'; message: string }
  /** Too much held unpaid already (614): pay an order first. */
  | { kind: 'held'; message: string }
  /** An add-on the server no longer takes (a seat's rules, one not sold): back to the add-ons. */
  | { kind: 'addons'; message: string };

/** A 400 that is about the add-ons (`services.{i}...`), not the passengers. */
const isServicesField = (field: string) => /^(?:body\.)?services(?:\.|$)/.test(field);

/** The seats a 640 names (`data.seats[]`: flight and seat). */
function seatsTaken(data: unknown): { flightId: string; seat: string }[] {
  const seats = (data as { seats?: unknown } | null)?.seats;
  if (!Array.isArray(seats)) return [];
  return seats.filter(
    (s): s is { flightId: string; seat: string } =>
      typeof s === 'object' && s !== null && typeof s.flightId === 'string' && typeof s.seat === 'string',
  );
}

function SegmentCard({ segment, index }: { segment: OfferSegment; index: number }) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const airports = useAirportMap();
  const [open, setOpen] = useState(false);
  const rule = useTicketRule(segment.depCode, segment.arrCode, segment.family, open);
  return (
    <div className="review-segment" data-testid={`review-segment-${index}`}>
      <div className="review-segment-head">
        <span className={`leg-badge${index > 0 ? ' leg-badge-return' : ''}`}>
          {t(index === 0 ? 'summary.outbound' : 'summary.return')}
        </span>
        <span className="muted small">{formatDate(localDateOf(segment.depTime), lang)}</span>
        <span className="muted small review-segment-no">{segment.flightNo}</span>
      </div>
      <div className="review-segment-times">
        <span>
          <strong data-testid={`review-segment-${index}-dep`}>{localTimeOf(segment.depTime)}</strong>{' '}
          {cityName(airports.get(segment.depCode), lang) || segment.depCode} ({segment.depCode})
        </span>
        <span aria-hidden="true">→</span>
        <span>
          <strong data-testid={`review-segment-${index}-arr`}>{localTimeOf(segment.arrTime)}</strong>{' '}
          {cityName(airports.get(segment.arrCode), lang) || segment.arrCode} ({segment.arrCode})
        </span>
      </div>
      <div className="muted small">
        {t('summary.fare', { family: segment.family, cls: segment.bookingClass })} ·{' '}
        {t(`cabin.${segment.cabin}`)} · {segment.aircraft}
      </div>
      <details className="leg-conditions" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
        <summary data-testid={`fare-rules-${index}`}>{t('summary.conditions')}</summary>
        <FareConditionsList conditions={segment.conditions} />
        {rule.data ? (
          <dl className="conditions review-rule-text">
            {(['change', 'refund', 'noShow', 'nameCorrection', 'baggage'] as const).map((topic) => (
              <div key={topic}>
                <dt>{t(`booking.rule_${topic}`)}</dt>
                <dd>{rule.data?.text[topic][lang] || rule.data?.text[topic].en}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </details>
    </div>
  );
}

function ReviewForm({ slots }: { slots: Slot[] }) {
  const { t, i18n } = useTranslation();
  const nav = useAppNavigate();
  const client = useQueryClient();
  const store = useBookingStore();
  const offer = store.offer!;
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const addons = useMemo(
    () => pricedServices(slots, store.passengers, store.services),
    [slots, store.passengers, store.services],
  );
  // The add-ons are priced into the total (computePrice with services) and listed line by line.
  const price = useComputePrice(offer.offerId, store.promoCode, addons);
  const lines = usePricedAddons(
    useMemo(
      () => addonRequest(offer.offerId, slots, store.passengers, store.services, store.promoCode),
      [offer.offerId, slots, store.passengers, store.services, store.promoCode],
    ),
  );
  const promotions = usePromoCodes(offer.offerId);
  const save = useSaveTicketOrder();
  const [legal, setLegal] = useState(false);
  const [service, setService] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [captchaNeeded, setCaptchaNeeded] = useState(!loggedIn);
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [captchaText, setCaptchaText] = useState('');
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const submitting = useRef(false);

  const refreshCaptcha = useCallback(async () => {
    setCaptchaText('');
    try {
      setCaptcha(await getCaptcha());
    } catch {
      // the client has shown why; the refresh button tries again
    }
  }, []);
  useEffect(() => {
    if (captchaNeeded) void refreshCaptcha();
  }, [captchaNeeded, refreshCaptcha]);

  useEffect(() => {
    if (isApiError(price.error) && price.error.code === ErrorCodes.offerExpired.code) {
      setProblem({ kind: 'restart', message: t('offer_expired') });
    } else if (isApiError(price.error) && price.error.fields.some((f) => isServicesField(f.field))) {
      setProblem({ kind: 'addons', message: t('addons.refused_review') });
    }
  }, [price.error, t]);

  const termsOk = legal && service;
  const applied = price.data?.promo?.applied ? price.data.promo.code : null;

  async function submit() {
    setAttempted(true);
    if (submitting.current) return;
    if (!termsOk) return;
    if (captchaNeeded && !captchaText.trim()) {
      setCaptchaError(t('login.captcha_required'));
      return;
    }
    submitting.current = true;
    setProblem(null);
    const state = useBookingStore.getState();
    const request = {
      offerId: offer.offerId,
      passengers: slots.map((slot) => toBookingPassenger(state.passengers[slot.id]!, slot.type)),
      contact: toContact(state.contact),
      promoCode: applied,
      // The add-ons are part of the request, so of its fingerprint: other add-ons, another key.
      ...(addons ? { services: addons.services } : {}),
    };
    // The same request (a double tap, a retry, after a reload) keeps its key; a changed one gets a new key.
    const idempotencyKey = state.idempotencyKeyFor(JSON.stringify(request));
    try {
      const order = await save.mutateAsync({
        ...request,
        ...(captchaNeeded && captcha ? { captchaId: captcha.captchaId, captcha: captchaText.trim() } : {}),
        idempotencyKey,
        acceptTerms: true,
      });
      state.setOrder(order);
      // The one who booked may read the order afterwards, as a guest too (back from the gateway).
      rememberOrderGrant(order.orderNo, order.orderToken, order.orderTokenExpiresAt);
    } catch (error) {
      if (!isApiError(error)) return;
      switch (error.code) {
        case ErrorCodes.captchaError.code: {
          const hadCaptcha = captchaNeeded && captcha !== null;
          setCaptchaNeeded(true);
          if (hadCaptcha) await refreshCaptcha();
          setCaptchaError(t(hadCaptcha ? 'captcha_error' : 'booking.captcha_needed'));
          break;
        }
        case ErrorCodes.passengerLimit.code: {
          const mapped = mapServerFields(error.fields, slots);
          state.setServerErrors(mapped.passengers, mapped.contact);
          setProblem({ kind: 'limit', message: error.message || t('passenger_limit') });
          break;
        }
        case ErrorCodes.offerExpired.code:
          setProblem({ kind: 'restart', message: t('offer_expired') });
          break;
        case ErrorCodes.seatsSoldOut.code:
          setProblem({ kind: 'restart', message: t('seats_sold_out') });
          break;
        case ErrorCodes.flightScheduleChanged.code:
          setProblem({ kind: 'restart', message: t('flight_time_changed') });
          break;
        case ErrorCodes.unpaidOrdersLimit.code:
          // The message names the limit and the count (unpaid orders, seats, seats on one flight).
          setProblem({ kind: 'held', message: error.message || t(ErrorCodes.unpaidOrdersLimit.key) });
          break;
        case ErrorCodes.seatTaken.code: {
          // Someone else took a chosen seat meanwhile: drop it and choose again on that leg's map.
          const taken = seatsTaken(error.data);
          let leg: LegIndex = 0;
          for (const { flightId, seat } of taken) {
            const legOfFlight = offer.segments.findIndex((segment) => segment.flightId === flightId);
            for (const slot of slots) {
              state.services[slot.id]?.legs.forEach((choice, j) => {
                if (choice?.seat === seat && (legOfFlight < 0 || legOfFlight === j)) {
                  leg = j as LegIndex;
                  state.setLegService(slot.id, leg, { seat: null });
                }
              });
            }
          }
          Toast.show({ content: error.message || t(ErrorCodes.seatTaken.key), duration: TOAST_DURATION_MS });
          nav.push(`${paths.chooseSeat}?leg=${leg}`);
          break;
        }
        case ErrorCodes.idempotencyKeyReused.code:
          setProblem({
            kind: 'restart',
            message: error.message || t(ErrorCodes.idempotencyKeyReused.key),
          });
          break;
        case ErrorCodes.invalidRequest.code: {
          const promo = error.fields.find((f) => f.field === 'promoCode');
          if (promo) {
            // The code stopped applying since it was priced (used up, dates): price again without it.
            setProblem({ kind: 'promo', message: i18n.exists(promo.key) ? t(promo.key) : promo.message });
            void client.invalidateQueries({ queryKey: ['booking', 'computePrice'] });
            break;
          }
          if (error.fields.some((f) => isServicesField(f.field))) {
            setProblem({ kind: 'addons', message: t('addons.refused_review') });
            void client.invalidateQueries({ queryKey: ['booking', 'addIncreaseService'] });
            break;
          }
          const mapped = mapServerFields(error.fields, slots);
          state.setServerErrors(mapped.passengers, mapped.contact);
          setProblem({ kind: 'fields', message: t('booking.fix_passengers') });
          break;
        }
        default:
          // The client has toasted it; the same key makes a retry safe.
          break;
      }
    } finally {
      submitting.current = false;
    }
  }

  function backToResults() {
    store.clearOffer();
    void client.invalidateQueries({ queryKey: ['search'] });
    nav.replace(paths.flightList);
  }

  return (
    <>
      <div className="page-body booking-body">
        <section className="card" data-testid="review-flights">
          <h2 className="card-title">{t('booking.review_flights')}</h2>
          {offer.segments.map((segment, i) => (
            <SegmentCard key={segment.flightId} segment={segment} index={i} />
          ))}
        </section>

        <section className="card" data-testid="review-passengers">
          <h2 className="card-title">{t('booking.passengers_section')}</h2>
          {slots.map((slot) => {
            const draft = store.passengers[slot.id];
            return (
              <div className="info-row" key={slot.id} data-testid={`review-passenger-${slot.id}`}>
                <span className="info-row-label">
                  {t('booking.slot_label', { type: t(`ptype.${slot.type}`), n: slot.number })}
                </span>
                <span className="review-passenger">
                  <strong>{draftName(draft)}</strong>
                  <span className="muted small">
                    {draft ? `${t(`doc.${draft.docType}`)} ${draft.docNumber.toUpperCase()}` : ''}
                  </span>
                </span>
              </div>
            );
          })}
          <div className="info-row" data-testid="review-contact">
            <span className="info-row-label">{t('booking.contact_section')}</span>
            <span className="review-passenger">
              <strong>{store.contact.name}</strong>
              <span className="muted small">
                {store.contact.countryCode} {store.contact.phone} · <EmailText value={store.contact.email} />
              </span>
            </span>
          </div>
          <button
            type="button"
            className="text-link small"
            data-testid="review-edit-passengers"
            onClick={() => nav.push(paths.passengersInfo)}
          >
            {t('booking.edit_passengers')}
          </button>
        </section>

        <ChosenAddons slots={slots} reply={lines.data} />

        <PriceBreakdownCard price={price.data} loading={price.isFetching} />
        <PromoCard
          applied={store.promoCode}
          price={price.data}
          promotions={promotions.data ?? []}
          busy={price.isFetching && Boolean(store.promoCode)}
          onApply={(code) => store.setPromoCode(code)}
        />

        <section className="card" data-testid="review-terms">
          <label className="agree-row">
            <input
              type="checkbox"
              checked={legal}
              data-testid="terms-legal"
              onChange={(e) => setLegal(e.target.checked)}
            />
            <span>{t('booking.terms_legal')}</span>
          </label>
          <label className="agree-row">
            <input
              type="checkbox"
              checked={service}
              data-testid="terms-service"
              onChange={(e) => setService(e.target.checked)}
            />
            <span>{t('booking.terms_service')}</span>
          </label>
          <details className="leg-conditions">
            <summary>{t('booking.terms_read')}</summary>
            <p className="agreement-text">{t('booking.terms_text')}</p>
          </details>
          {attempted && !termsOk ? (
            <p className="field-error" role="alert" data-testid="terms-error">
              {t('booking.terms_required')}
            </p>
          ) : null}
        </section>

        {captchaNeeded ? (
          <section className="card" data-testid="review-captcha">
            <span className="form-label" id="label-captcha">
              {t('login.captcha')}
            </span>
            <CaptchaChallenge
              captcha={captcha}
              onRefresh={() => void refreshCaptcha()}
              testId="captcha"
              hintId="captcha-hint"
            />
            <input
              className="form-input"
              value={captchaText}
              aria-labelledby="label-captcha"
              aria-describedby="captcha-hint"
              aria-invalid={captchaError ? true : undefined}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              data-testid="captcha-input"
              onChange={(e) => {
                setCaptchaText(e.target.value);
                setCaptchaError(null);
              }}
            />
            <FieldError field="captcha" message={captchaError} />
          </section>
        ) : null}

        {problem ? (
          <section
            className="card booking-alert booking-alert-error"
            role="alert"
            data-testid="review-problem"
          >
            <p data-testid={`review-problem-${problem.kind}`}>{problem.message}</p>
            {problem.kind === 'limit' ? (
              <Button
                color="primary"
                size="small"
                data-testid="passenger-limit-login"
                onClick={() => nav.push(loginHref(paths.reviewBooking))}
              >
                {t('booking.guest_login')}
              </Button>
            ) : problem.kind === 'restart' ? (
              <Button color="primary" size="small" data-testid="back-to-search" onClick={backToResults}>
                {t('booking.back_to_results')}
              </Button>
            ) : problem.kind === 'addons' ? (
              <Button
                color="primary"
                size="small"
                data-testid="review-fix-addons"
                onClick={() => nav.push(paths.addedServices)}
              >
                {t('addons.edit')}
              </Button>
            ) : problem.kind === 'promo' || problem.kind === 'held' ? null : (
              <Button
                color="primary"
                size="small"
                data-testid="review-fix-passengers"
                onClick={() => nav.push(paths.passengersInfo)}
              >
                {t('booking.edit_passengers')}
              </Button>
            )}
          </section>
        ) : null}
      </div>

      <footer className="booking-footer">
        <div className="summary-total">
          <span className="muted small">{t('booking.total_due')}</span>
          <span className="price summary-total-amount" data-testid="review-total">
            {money(price.data?.total)}
          </span>
        </div>
        <Button
          block
          color="primary"
          size="large"
          className="booking-continue"
          loading={save.isPending}
          disabled={problem?.kind === 'restart'}
          data-testid="review-submit"
          onClick={() => void submit()}
        >
          {t('booking.submit')}
        </Button>
        <p className="summary-note">{t('booking.submit_note')}</p>
      </footer>
    </>
  );
}

/**
 * review-Booking (spec §2, issue 4): flights at local times, passengers, the price by fare,
 * tax code and discount, a promo code, the two terms ticks and (guests) a captcha; Submit
 * creates the unpaid order, then its number, PNR and the countdown to its pay deadline show.
 */
export default function ReviewBookingPage() {
  const { t } = useTranslation();
  const _nav = useAppNavigate();
  const offer = useBookingStore((s) => s.offer);
  const order = useBookingStore((s) => s.order);
  const drafts = useBookingStore((s) => s.passengers);
  const slots = useMemo(() => (offer ? slotsOf(offer.passengers) : []), [offer]);

  let body: React.ReactNode;
  if (order) {
    body = (
      <div className="page-body booking-body">
        <OrderPlaced order={order} />
      </div>
    );
  } else if (!offer) {
    body = <NoOfferState />;
  } else if (slots.some((slot) => !drafts[slot.id])) {
    body = <PassengersIncompleteState testId="review-incomplete" />;
  } else {
    body = <ReviewForm slots={slots} />;
  }

  return (
    <div className="booking-page review-page" data-testid="review-booking">
      <NavBar
        title={t('booking.review_title')}
        theme="navy"
        back={order ? paths.book : paths.addedServices}
      />
      {body}
    </div>
  );
}
