import type { LanguageTag, Money, SeatMap as SeatMapReply, SeatMapSeat } from '@wings/contracts';
import { isFamilySeat } from '@wings/rules';
import { Button } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { Spinner } from '../../../components/spinner';
import { StateView } from '../../../components/state-view';
import { useBookingStore } from '../../../features/booking/booking-store';
import { NoOfferState } from '../../../features/booking/components/no-offer';
import { draftName, slotsOf } from '../../../features/booking/passengers';
import { useSeatMap } from '../../../features/seating/api/get-seat-map';
import { SeatMap, type SeatOccupant } from '../../../features/seating/seat-map';
import { formatDate, money } from '../../../lib/format';
import { type SeatTaker, seatOf, seatParty, seatTakers } from './seat-party';
import '../../../features/booking/booking-flow.css';
import './choose-seat.css';

/** A seat's price as the map shows it: "Free" when nothing is charged. */
function usePrice() {
  const { t } = useTranslation();
  return (price: Money | null | undefined) =>
    !price ? t('seat.map.not_sold') : price.amount === 0 ? t('seat.map.price_free') : money(price);
}

/** What is wrong with a seat a passenger chose, now that the map was read again (null: nothing). */
function seatProblem(
  map: SeatMapReply,
  taker: SeatTaker,
  seat: string,
  name: string,
  cabin: string,
  t: (key: string, params?: Record<string, unknown>) => string,
): string | null {
  const onMap = map.seats.find((s) => s.seat === seat);
  if (!onMap || onMap.cabin !== cabin) return t('seat.wrong_cabin', { seat });
  if (onMap.taken) return t('seatpage.seat_lost', { seat, name });
  const bar = onMap.barred.find((b) => b.ref === taker.slot.id);
  return bar ? t('seatpage.seat_not_open', { seat, name, reason: bar.message }) : null;
}

/**
 * Choose seats on one leg of the booking (`?leg=0|1`; spec §2 choose-seat, issue 14): the party's
 * seat takers to pick from, the seat map read for them (the seats the rules bar to each shown
 * before the tap), "seat us together" from the server's suggested block, and a child's seat next
 * to its adult in one tap. Choices go to the booking store; the server prices and checks them
 * again on review and when the order is made.
 */
export default function ChooseSeatPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const priceText = usePrice();
  const [params] = useSearchParams();
  const leg: 0 | 1 = params.get('leg') === '1' ? 1 : 0;
  const offer = useBookingStore((s) => s.offer);
  const drafts = useBookingStore((s) => s.passengers);
  const services = useBookingStore((s) => s.services);
  const setLegService = useBookingStore((s) => s.setLegService);
  const segment = offer?.segments[leg];
  const cabin: 'C' | 'Y' = segment?.cabin === 'C' ? 'C' : 'Y';

  const slots = useMemo(() => slotsOf(offer?.passengers ?? [0, 0, 0]), [offer?.passengers]);
  const takers = useMemo(() => seatTakers(slots), [slots]);
  const party = useMemo(() => seatParty(takers, drafts, services, leg), [takers, drafts, services, leg]);
  const request = segment && party ? { flightId: segment.flightId, cabin, party } : null;
  const seatMap = useSeatMap(request, lang);
  const map = seatMap.data;

  const [activeId, setActiveId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const active = takers.find((tk) => tk.slot.id === activeId) ?? takers[0] ?? null;

  const labelOf = (taker: SeatTaker | { slot: SeatTaker['slot'] }) =>
    t('booking.slot_label', { type: t(`ptype.${taker.slot.type}`), n: taker.slot.number });
  const occupants: SeatOccupant[] = takers.flatMap((tk) => {
    const seat = seatOf(services, tk.slot.id, leg);
    return seat ? [{ seat, ref: tk.slot.id, label: labelOf(tk), short: tk.mark }] : [];
  });

  if (!offer) {
    return (
      <div className="booking-page">
        <NavBar title={t('seatpage.title')} theme="navy" back={paths.addedServices} />
        <NoOfferState />
      </div>
    );
  }
  if (!segment) {
    return (
      <div className="booking-page">
        <NavBar title={t('seatpage.title')} theme="navy" back={paths.addedServices} />
        <StateView
          tone="error"
          title={t('seatpage.no_flight')}
          description={t('seatpage.no_flight_desc')}
          testId="seat-no-flight"
          action={
            <Button color="primary" onClick={() => nav.replace(paths.addedServices)}>
              {t('common.back')}
            </Button>
          }
        />
      </div>
    );
  }

  const seatOnMap = (seat: string) => map?.seats.find((s) => s.seat === seat) ?? null;
  /**
   * What a seat costs the passenger taking it: its type's price, except a child's seat right
   * beside a seat chosen for an adult of the booking on this leg, which is free (family seating,
   * priced the same way by the server). `adultSeat`: an adult's seat about to be taken with it.
   */
  const seatPrice = (seat: string, taker: SeatTaker | null, adultSeat?: string) => {
    const onMap = seatOnMap(seat);
    if (!onMap?.price) return null;
    if (taker?.slot.kind === 'child') {
      const adultSeats = takers.flatMap((tk) => {
        const chosen = tk.slot.kind === 'adult' ? seatOf(services, tk.slot.id, leg) : null;
        const place = chosen ? seatOnMap(chosen) : null;
        return place ? [place] : [];
      });
      const pairSeat = adultSeat ? seatOnMap(adultSeat) : null;
      if (pairSeat) adultSeats.push(pairSeat);
      if (isFamilySeat(onMap, adultSeats)) return { ...onMap.price, amount: 0 };
    }
    return onMap.price;
  };

  /** Seats a passenger: the next one without a seat is chosen for next, and both are said aloud. */
  function choose(taker: SeatTaker, seat: string | null, advance: boolean) {
    setLegService(taker.slot.id, leg, { seat });
    const said = seat
      ? t('seatpage.chosen', { seat, name: labelOf(taker) })
      : t('seatpage.released', { name: labelOf(taker) });
    const next = advance
      ? takers.find((tk) => tk.slot.id !== taker.slot.id && !seatOf(services, tk.slot.id, leg))
      : undefined;
    if (next) setActiveId(next.slot.id);
    setAnnouncement(next ? `${said} ${t('seatpage.next', { name: labelOf(next) })}` : said);
  }

  function pick(seat: SeatMapSeat) {
    if (!active) return;
    const mine = seatOf(services, active.slot.id, leg);
    if (mine === seat.seat) choose(active, null, false);
    else choose(active, seat.seat, true);
  }

  const block = map?.suggestion?.block ?? null;
  function seatTogether() {
    if (!block) return;
    takers.forEach((tk, i) => {
      const seat = block[i];
      if (seat) setLegService(tk.slot.id, leg, { seat });
    });
    setAnnouncement(t('seatpage.together_done', { seats: block.join(t('seat.map.list_sep')) }));
  }

  // A child's seat by its adult: offered once the adult has a seat (or, when no row holds the
  // whole party, as a pair for both).
  const childOffers = (map?.suggestion?.children ?? []).flatMap((offerLine) => {
    const child = takers.find((tk) => tk.slot.id === offerLine.ref);
    const adult = takers.find((tk) => tk.slot.id === offerLine.adultRef);
    if (!child || !adult || seatOf(services, child.slot.id, leg)) return [];
    const adultSeated = seatOf(services, adult.slot.id, leg) === offerLine.adultSeat;
    if (!adultSeated && block) return [];
    return [{ ...offerLine, child, adult, adultSeated }];
  });

  const problems = map
    ? takers.flatMap((tk) => {
        const seat = seatOf(services, tk.slot.id, leg);
        const text = seat ? seatProblem(map, tk, seat, labelOf(tk), cabin, t) : null;
        return text ? [{ ref: tk.slot.id, text }] : [];
      })
    : [];

  const chosenPrices = occupants.flatMap((o) => {
    const price = seatPrice(o.seat, takers.find((tk) => tk.slot.id === o.ref) ?? null);
    return price ? [price] : [];
  });
  const currency = chosenPrices[0]?.currency;
  const total =
    currency && chosenPrices.every((p) => p.currency === currency)
      ? { currency, amount: chosenPrices.reduce((sum, p) => sum + p.amount, 0) }
      : null;

  const depDate = segment.depTime.slice(0, 10);
  return (
    <div className="booking-page choose-seat-page" data-testid="choose-seat">
      <NavBar title={t('seatpage.title')} theme="navy" back={paths.addedServices} />
      <div className="booking-hero choose-seat-hero">
        <span className={`leg-badge${leg === 1 ? ' leg-badge-return' : ''}`}>{t(`seatpage.leg_${leg}`)}</span>{' '}
        <span data-testid="seat-flight">
          {segment.flightNo} · {segment.depCode} → {segment.arrCode} · {formatDate(depDate, lang)}
        </span>
      </div>
      <div className="page-body booking-body">
        <p className="visually-hidden" role="status" aria-live="polite" data-testid="seat-page-announcement">
          {announcement}
        </p>
        {party === null ? (
          <section className="card">
            <StateView
              title={t('seatpage.fill_passengers')}
              description={t('seatpage.fill_passengers_desc')}
              testId="seat-fill-passengers"
              action={
                <Button color="primary" onClick={() => nav.push(paths.passengersInfo)}>
                  {t('seatpage.to_passengers')}
                </Button>
              }
            />
          </section>
        ) : (
          <>
            <section className="card choose-seat-intro">
              <p className="muted small">
                {t('seatpage.optional')}{' '}
                <button
                  type="button"
                  className="choose-seat-rules-link"
                  data-testid="seat-rules-link"
                  onClick={() => nav.push(paths.publicServicesSeat)}
                >
                  {t('seatpage.rules_link')}
                </button>
              </p>
            </section>

            <section className="card" aria-labelledby="seat-whose">
              <h2 className="booking-section-title choose-seat-title" id="seat-whose">
                {t('seatpage.whose')}
              </h2>
              <div className="seat-takers">
                {takers.map((tk) => {
                  const seat = seatOf(services, tk.slot.id, leg);
                  const isActive = tk.slot.id === active?.slot.id;
                  const name = draftName(drafts[tk.slot.id]);
                  return (
                    <button
                      key={tk.slot.id}
                      type="button"
                      className={`seat-taker${isActive ? ' seat-taker-active' : ''}`}
                      aria-pressed={isActive}
                      data-testid={`taker-${tk.slot.id}`}
                      onClick={() => setActiveId(tk.slot.id)}
                    >
                      <span className="seat-taker-mark" aria-hidden="true">
                        {tk.mark}
                      </span>
                      <span className="seat-taker-who">
                        <strong>{labelOf(tk)}</strong>
                        {name ? <span className="seat-taker-name">{name}</span> : null}
                        {tk.infant ? (
                          <span className="seat-taker-infant">
                            {t('seatpage.with_infant', { infant: labelOf({ slot: tk.infant }) })}
                          </span>
                        ) : null}
                      </span>
                      <span className="seat-taker-seat" data-testid={`taker-seat-${tk.slot.id}`}>
                        {seat ? (
                          <>
                            <strong>{seat}</strong>
                            <span className="seat-taker-price">{priceText(seatPrice(seat, tk))}</span>
                          </>
                        ) : (
                          <span className="muted">{t('seatpage.no_seat')}</span>
                        )}
                      </span>
                    </button>
                  );
                })}
              </div>
              {takers
                .filter((tk) => tk.infant)
                .map((tk) => (
                  <p key={`infant-${tk.slot.id}`} className="muted small seat-infant-note">
                    {t('seatpage.infant_note', {
                      infant: labelOf({ slot: tk.infant as SeatTaker['slot'] }),
                      adult: labelOf(tk),
                    })}
                  </p>
                ))}
              {active && seatOf(services, active.slot.id, leg) ? (
                <Button
                  size="small"
                  fill="none"
                  className="seat-clear"
                  data-testid="seat-clear"
                  onClick={() => choose(active, null, false)}
                >
                  {t('seatpage.clear')}
                </Button>
              ) : null}
            </section>

            {problems.length > 0 ? (
              <section
                className="card booking-alert booking-alert-error"
                role="alert"
                data-testid="seat-problems"
              >
                <ul>
                  {problems.map((p) => (
                    <li key={p.ref}>{p.text}</li>
                  ))}
                </ul>
              </section>
            ) : null}

            {map && takers.length > 1 ? (
              <section className="card seat-suggestion" data-testid="seat-together">
                {block ? (
                  <>
                    <p className="small">
                      {t('seatpage.together_desc', {
                        n: block.length,
                        seats: block.join(t('seat.map.list_sep')),
                      })}
                    </p>
                    <Button
                      color="primary"
                      fill="outline"
                      size="small"
                      className="seat-together-button"
                      data-testid="seat-together-apply"
                      onClick={seatTogether}
                    >
                      {t('seatpage.together')}
                    </Button>
                  </>
                ) : (
                  <p className="small muted" data-testid="seat-together-none">
                    {t('seatpage.together_none', { n: takers.length })}
                  </p>
                )}
              </section>
            ) : null}

            {childOffers.map((o) => (
              <section key={o.ref} className="card seat-suggestion" data-testid={`child-offer-${o.ref}`}>
                <p className="small">
                  {o.adultSeated
                    ? t('seatpage.child_offer', {
                        child: labelOf(o.child),
                        adult: labelOf(o.adult),
                        seat: o.seat,
                        price: priceText(seatPrice(o.seat, o.child, o.adultSeat)),
                      })
                    : t('seatpage.child_pair', {
                        child: labelOf(o.child),
                        adult: labelOf(o.adult),
                        adultSeat: o.adultSeat,
                        seat: o.seat,
                        price: priceText(seatPrice(o.seat, o.child, o.adultSeat)),
                      })}
                </p>
                <Button
                  color="primary"
                  size="small"
                  className="seat-together-button"
                  data-testid={`child-offer-take-${o.ref}`}
                  onClick={() => {
                    if (!o.adultSeated) setLegService(o.adult.slot.id, leg, { seat: o.adultSeat });
                    choose(o.child, o.seat, true);
                  }}
                >
                  {t('seatpage.child_take')}
                </Button>
              </section>
            ))}

            <section className="card choose-seat-map">
              {map && seatMap.isError ? (
                <div
                  className="booking-alert booking-alert-error seat-map-stale"
                  role="alert"
                  data-testid="seat-map-stale"
                >
                  <p>{t('seatpage.load_failed')}</p>
                  <Button size="small" color="primary" fill="outline" onClick={() => void seatMap.refetch()}>
                    {t('common.retry')}
                  </Button>
                </div>
              ) : null}
              {map ? (
                <SeatMap
                  map={map}
                  cabin={cabin}
                  passenger={active ? { ref: active.slot.id, label: labelOf(active) } : null}
                  occupants={occupants}
                  suggested={block ?? []}
                  onPick={pick}
                  priceFor={(seat) => (active ? seatPrice(seat.seat, active) : seat.price)}
                />
              ) : seatMap.isError ? (
                <StateView
                  tone="error"
                  title={t('seatpage.load_failed')}
                  description={t('seatpage.load_failed_desc')}
                  testId="seat-map-failed"
                  action={
                    <Button
                      color="primary"
                      data-testid="seat-map-retry"
                      onClick={() => void seatMap.refetch()}
                    >
                      {t('common.retry')}
                    </Button>
                  }
                />
              ) : (
                <div className="page-loading" role="status" data-testid="seat-map-loading">
                  <Spinner />
                  <span>{t('common.loading')}</span>
                </div>
              )}
            </section>
          </>
        )}
      </div>
      <footer className="booking-footer choose-seat-footer">
        {total ? (
          <div className="choose-seat-total" data-testid="seat-total">
            <span>{t('seatpage.total')}</span>
            <strong>{priceText(total)}</strong>
          </div>
        ) : null}
        <Button
          block
          color="primary"
          size="large"
          className="booking-continue"
          data-testid="seat-done"
          onClick={() => nav.back(paths.addedServices)}
        >
          {t('seatpage.done')}
        </Button>
      </footer>
    </div>
  );
}
