import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@wings/api-client';
import {
  type ChangeFlightOption,
  type ChangeKind,
  type CheckChangeResponse,
  ErrorCodes,
} from '@wings/contracts';
import { addDays, disruptionMoveDates } from '@wings/rules';
import { Button, SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { checkFlightSchedule } from '../../../features/booking/api/check-flight-schedule';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import {
  changeKeys,
  useChangeFlights,
  useCheckChange,
  useCheckChangeOrder,
} from '../../../features/changes/api/change-flow';
import {
  type ChangeChoice,
  type ChangeLegPlan,
  type ChangePick,
  useChangeChoice,
  useChangeSession,
} from '../../../features/changes/change-session';
import { ChangeGate, ChangeRestart } from '../../../features/changes/components/change-gate';
import { legKey, seatsLeftKey } from '../../../features/changes/labels';
import { useChangeOrder } from '../../../features/changes/use-change-order';
import { clockAt } from '../../../features/secondary-services/labels';
import { formatDate, formatDayShort, money, todayAt } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';
import '../../../features/changes/changes.css';

/** Refusals of the quote after which the flights are asked again (the list changed under it). */
const REFRESH_CODES: readonly string[] = [
  ErrorCodes.changeFlightTimeChanged.code,
  ErrorCodes.changeSoldOut.code,
  ErrorCodes.changeSameFlight.code,
];

/** The first and last date a voluntary leg may move to: the search window and §5's limits. */
function dateBounds(answer: CheckChangeResponse, choice: ChangeChoice, segmentSeq: number) {
  if (segmentSeq === 0) {
    const last =
      answer.outboundLatest && answer.outboundLatest < answer.latestDate
        ? answer.outboundLatest
        : answer.latestDate;
    return { first: answer.earliestDate, last };
  }
  const newOutbound = choice.legs.find((l) => l.segmentSeq === 0)?.date ?? null;
  let first = answer.earliestDate;
  for (const bound of [answer.returnEarliest, newOutbound]) if (bound && bound > first) first = bound;
  return { first, last: answer.latestDate };
}

function FlightOption({
  flight,
  kind,
  chosen,
  onChoose,
}: {
  flight: ChangeFlightOption;
  kind: ChangeKind;
  chosen: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const airports = useAirportMap();
  const zone = (code: string) => airports.get(code)?.timeZone ?? 'Asia/Phnom_Penh';
  const seats = seatsLeftKey(flight.seatsLeft);
  const classes = [
    'change-flight',
    chosen ? 'change-flight-chosen' : '',
    flight.current ? 'change-flight-current' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={classes}
      disabled={flight.current}
      aria-pressed={chosen}
      data-testid={`change-flight-${flight.flightId}`}
      onClick={onChoose}
    >
      <span className="change-flight-times">
        <strong>{clockAt(flight.depUtc, zone(flight.depCode))}</strong>
        <span className="muted small">{flight.depCode}</span>
        <span aria-hidden="true">→</span>
        <strong>{clockAt(flight.arrUtc, zone(flight.arrCode))}</strong>
        <span className="muted small">{flight.arrCode}</span>
      </span>
      <span className="change-flight-meta small">
        <span>{flight.flightNo}</span>
        <span className="muted">{flight.aircraft}</span>
        <span className="muted" data-testid={`change-seats-${flight.flightId}`}>
          {t(seats.key, { count: seats.count })}
        </span>
      </span>
      <span className="change-flight-price">
        {flight.current ? (
          <span className="change-current-tag">{t('changes.current_flight')}</span>
        ) : kind === 'disruption' ? (
          <span className="change-free">{t('changes.free')}</span>
        ) : (
          <>
            <span className="muted small">{t('changes.estimate')}</span>
            <strong className="price" data-testid={`change-estimate-${flight.flightId}`}>
              {money(flight.estimate)}
            </strong>
          </>
        )}
      </span>
    </button>
  );
}

function LegFlights({
  answer,
  choice,
  plan,
}: {
  answer: CheckChangeResponse;
  choice: ChangeChoice;
  plan: ChangeLegPlan;
}) {
  const { t, i18n } = useTranslation();
  const lang = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const setLegDate = useChangeSession((s) => s.setLegDate);
  const pick = useChangeSession((s) => s.pick);
  const { segmentSeq, date } = plan;
  const flights = useChangeFlights(
    { orderNo: choice.orderNo, segmentSeq, date, kind: choice.kind },
    i18n.language,
  );
  const leg = answer.legs.find((l) => l.segmentSeq === segmentSeq);
  const picked = choice.picks.find((p) => p.segmentSeq === segmentSeq);
  const noFlights = isApiError(flights.error) && flights.error.code === ErrorCodes.changeNoFlights.code;
  const shown = flights.isError ? undefined : flights.data;
  const disruption = choice.kind === 'disruption';

  // A free move after the airline changed the flight: the original date ±3 days, not past.
  const today = todayAt(undefined);
  const chips =
    flights.data?.dates && flights.data.dates.length > 0
      ? flights.data.dates
      : disruptionMoveDates(leg?.depDate ?? date, today);
  const bounds = dateBounds(answer, choice, segmentSeq);
  const earlier = addDays(date, -1);
  const later = addDays(date, 1);

  return (
    <section className="card" data-testid={`change-leg-flights-${segmentSeq}`}>
      <h2 className="card-title">
        {t(legKey(segmentSeq))}
        {leg ? ` · ${leg.depCode} → ${leg.arrCode}` : ''}
      </h2>
      {disruption ? (
        <fieldset className="change-chips" aria-label={t('changes.move_dates')}>
          {chips.map((d) => {
            const day = formatDayShort(d, lang);
            return (
              <button
                key={d}
                type="button"
                className={d === date ? 'change-chip change-chip-on' : 'change-chip'}
                aria-pressed={d === date}
                data-testid={`change-chip-${d}`}
                onClick={() => setLegDate(segmentSeq, d)}
              >
                <span>{day.weekday}</span>
                <strong>{day.day}</strong>
              </button>
            );
          })}
        </fieldset>
      ) : (
        <div className="change-strip" data-testid={`change-strip-${segmentSeq}`}>
          <button
            type="button"
            className="change-strip-step"
            disabled={earlier < bounds.first}
            data-testid={`change-earlier-${segmentSeq}`}
            onClick={() => setLegDate(segmentSeq, earlier)}
          >
            ‹ {t('changes.day_earlier')}
          </button>
          <strong data-testid={`change-strip-date-${segmentSeq}`}>{formatDate(date, lang)}</strong>
          <button
            type="button"
            className="change-strip-step"
            disabled={later > bounds.last}
            data-testid={`change-later-${segmentSeq}`}
            onClick={() => setLegDate(segmentSeq, later)}
          >
            {t('changes.day_later')} ›
          </button>
        </div>
      )}
      {shown ? (
        <div className="change-flights" data-testid={`change-flights-${segmentSeq}`}>
          {shown.flights.map((f) => (
            <FlightOption
              key={f.flightId}
              flight={f}
              kind={choice.kind}
              chosen={picked?.flightId === f.flightId}
              onChoose={() =>
                pick({ segmentSeq, flightId: f.flightId, flightNo: f.flightNo, depUtc: f.depUtc })
              }
            />
          ))}
        </div>
      ) : noFlights ? (
        <div className="change-empty" data-testid={`change-no-flights-${segmentSeq}`}>
          <p>{flights.error instanceof Error ? flights.error.message : t('change.no_flights')}</p>
          {disruption ? (
            <p className="muted small">{t('changes.pick_another_chip')}</p>
          ) : (
            <Button
              color="primary"
              fill="outline"
              data-testid={`change-other-date-${segmentSeq}`}
              onClick={() => nav.push(orderHref(paths.changeDateForm, choice.orderNo))}
            >
              {t('changes.choose_other_date')}
            </Button>
          )}
        </div>
      ) : flights.isError ? (
        <div className="change-empty" data-testid={`change-flights-failed-${segmentSeq}`}>
          <p>{isApiError(flights.error) ? flights.error.message : t('changes.load_failed')}</p>
          <Button color="primary" fill="outline" onClick={() => void flights.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <div className="order-loading" role="status">
          <SpinLoading color="primary" />
        </div>
      )}
    </section>
  );
}

function ChooseFlights({ answer, choice }: { answer: CheckChangeResponse; choice: ChangeChoice }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const client = useQueryClient();
  const quote = useCheckChangeOrder();
  const unpick = useChangeSession((s) => s.unpick);
  const renewKey = useChangeSession((s) => s.renewKey);
  const setChangeNo = useChangeSession((s) => s.setChangeNo);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const complete = choice.legs.every((l) => choice.picks.some((p) => p.segmentSeq === l.segmentSeq));

  /** The list changed under the traveller: the picks go, the flights are asked again. */
  async function refresh(picks: readonly ChangePick[]) {
    for (const p of picks) unpick(p.segmentSeq);
    await client.invalidateQueries({ queryKey: changeKeys.order(choice.orderNo) });
  }

  async function onContinue() {
    setProblem(null);
    if (!complete || busy) {
      if (!complete) setProblem(t('changes.pick_required'));
      return;
    }
    setBusy(true);
    const picks = choice.picks.filter((p) => choice.legs.some((l) => l.segmentSeq === p.segmentSeq));
    try {
      // The flights' times as the traveller saw them: one retimed since is chosen again (§8).
      const schedule = await checkFlightSchedule({
        flightIds: picks.map((p) => p.flightId),
        seen: picks.map((p) => ({ flightId: p.flightId, depTime: p.depUtc })),
      });
      if (schedule.changed) {
        const changed = new Set(schedule.flights.filter((f) => f.changed).map((f) => f.flightId));
        setProblem(t('change.flight_time_changed'));
        await refresh(picks.filter((p) => changed.has(p.flightId) || changed.size === 0));
        return;
      }
      const view = await quote.mutateAsync({
        orderNo: choice.orderNo,
        kind: choice.kind,
        reasonCode: choice.reasonCode ?? 'flight_disrupted',
        ...(choice.remark ? { remark: choice.remark } : {}),
        legs: picks.map((p) => ({ segmentSeq: p.segmentSeq, flightId: p.flightId, depUtc: p.depUtc })),
        idempotencyKey: choice.key,
      });
      setChangeNo(view.changeNo);
      nav.push(orderHref(paths.changeDateAddedServices, choice.orderNo, { changeNo: view.changeNo }));
    } catch (error) {
      if (!isApiError(error)) return;
      if (error.code === ErrorCodes.changeKeyReused.code) renewKey();
      if (!error.shown) setProblem(error.message);
      if (REFRESH_CODES.includes(error.code)) await refresh(picks);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page-body" data-testid="change-flight-choice">
      {choice.kind === 'disruption' ? (
        <p className="booking-alert order-ok change-note" data-testid="change-disruption-note">
          {t('changes.disruption_note')}
        </p>
      ) : null}
      {choice.legs.map((plan) => (
        <LegFlights key={plan.segmentSeq} answer={answer} choice={choice} plan={plan} />
      ))}
      {problem ? (
        <p className="field-error" role="alert" data-testid="change-flight-error">
          {problem}
        </p>
      ) : null}
      <div className="refund-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          disabled={!complete}
          data-testid="change-flight-next"
          onClick={() => void onContinue()}
        >
          {t('changes.next')}
        </Button>
      </div>
    </div>
  );
}

/** A move the airline's change allows: the leg of `?segmentSeq=`, begun (once) from its own date. */
function DisruptionStart({
  answer,
  orderNo,
  segmentSeq,
}: {
  answer: CheckChangeResponse;
  orderNo: string;
  segmentSeq: number;
}) {
  const { t } = useTranslation();
  const held = useChangeChoice(orderNo);
  const setPlan = useChangeSession((s) => s.setPlan);
  const leg = answer.legs.find((l) => l.segmentSeq === segmentSeq);
  const ready =
    held?.kind === 'disruption' && held.legs.length === 1 && held.legs[0]?.segmentSeq === segmentSeq;
  useEffect(() => {
    if (!ready && leg) {
      const today = todayAt(undefined);
      setPlan(
        orderNo,
        'disruption',
        [{ segmentSeq, date: leg.depDate < today ? today : leg.depDate }],
        'flight_disrupted',
        '',
      );
    }
  }, [ready, leg, orderNo, segmentSeq, setPlan]);
  if (!leg) return <ChangeRestart orderNo={orderNo} />;
  if (!ready || !held) return <div className="order-loading" role="status" aria-label={t('changes.title')} />;
  return <ChooseFlights answer={answer} choice={held} />;
}

/**
 * change-date-flight (after-sales §2, §5, §8): for each leg chosen on the form, the flights of its
 * new date (queryChangeFlights) with times on each airport's clock, seats left and the estimated
 * cost, the current flight shown but not choosable, a day earlier or later within the limits.
 * `&kind=disruption&segmentSeq=N`: a free move of a flight the airline changed, its dates as chips.
 * Next: the chosen flights' times are checked (checkFlightSchedule), then quoted (checkChangeOrder).
 */
export default function ChangeDateFlightPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { orderNo, canAsk } = useChangeOrder();
  const disruption = params.get('kind') === 'disruption';
  const segmentSeq = Number(params.get('segmentSeq') ?? '0');
  const held = useChangeChoice(orderNo);
  const check = useCheckChange(orderNo, i18n.language, canAsk);
  const voluntary = held?.kind === 'voluntary' && held.legs.length > 0 && held.reasonCode ? held : null;
  const back = disruption ? orderHref(paths.ticketDetail, orderNo) : orderHref(paths.changeDateForm, orderNo);
  return (
    <div className="order-page" data-testid="change-date-flight">
      <NavBar title={t('changes.flight_title')} back={back} />
      {canAsk && !disruption && !voluntary ? (
        <ChangeRestart orderNo={orderNo} />
      ) : (
        <ChangeGate canAsk={canAsk} orderNo={orderNo} read={check}>
          {(answer) =>
            disruption ? (
              <DisruptionStart answer={answer} orderNo={orderNo} segmentSeq={segmentSeq} />
            ) : voluntary ? (
              <ChooseFlights answer={answer} choice={voluntary} />
            ) : null
          }
        </ChangeGate>
      )}
    </div>
  );
}
