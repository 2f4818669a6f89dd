import type { ChangeReasonCode, CheckChangeResponse } from '@wings/contracts';
import { changeDateProblem } from '@wings/rules';
import { Button, Checkbox, Radio, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useCheckChange } from '../../../features/changes/api/change-flow';
import { useChangeChoice, useChangeSession } from '../../../features/changes/change-session';
import { ChangeDatePicker } from '../../../features/changes/components/change-date-picker';
import { ChangeGate } from '../../../features/changes/components/change-gate';
import { ChangeFlightLine } from '../../../features/changes/components/change-leg-card';
import { isFree, legKey } from '../../../features/changes/labels';
import { useChangeOrder } from '../../../features/changes/use-change-order';
import { formatDate, money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';
import '../../../features/changes/changes.css';

/** The longest remark the server keeps (contracts ZCheckChangeOrderRequest). */
const REMARK_MAX = 500;

/** What the traveller sees about the order when it cannot be changed online now. */
function Blocked({ answer, orderNo }: { answer: CheckChangeResponse; orderNo: string }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const backToOrder = orderHref(paths.ticketDetail, orderNo);
  const { pending } = answer;
  if (pending) {
    return (
      <StateView
        tone="info"
        testId="change-pending"
        title={t('changes.pending_title')}
        description={t('changes.pending_desc', { amount: money(pending.amount) })}
        action={
          <Button
            color="primary"
            data-testid="change-continue-pay"
            onClick={() => nav.push(orderHref(paths.paySelect, orderNo, { changeNo: pending.changeNo }))}
          >
            {t('changes.continue_paying')}
          </Button>
        }
      />
    );
  }
  return (
    <StateView
      tone="error"
      testId="change-blocked"
      title={t('changes.blocked_title')}
      description={
        <>
          <p data-testid="change-block-message">{answer.block?.message ?? t('changes.blocked_title')}</p>
          {answer.servicePhone ? (
            <a
              className="refund-phone"
              href={`tel:${answer.servicePhone.replace(/\s+/g, '')}`}
              data-testid="change-call"
            >
              {t('changes.call', { phone: answer.servicePhone })}
            </a>
          ) : null}
        </>
      }
      action={
        <Button
          color="primary"
          fill="outline"
          data-testid="change-back"
          onClick={() => nav.back(backToOrder)}
        >
          {t('changes.back_to_order')}
        </Button>
      }
    />
  );
}

function ChangeForm({ answer, orderNo }: { answer: CheckChangeResponse; orderNo: string }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const held = useChangeChoice(orderNo);
  const setPlan = useChangeSession((s) => s.setPlan);
  const voluntary = held?.kind === 'voluntary' ? held : null;
  const [dates, setDates] = useState<Record<number, string>>(() =>
    Object.fromEntries((voluntary?.legs ?? []).map((l) => [l.segmentSeq, l.date])),
  );
  const [checked, setChecked] = useState<number[]>(() => (voluntary?.legs ?? []).map((l) => l.segmentSeq));
  const [reason, setReason] = useState<ChangeReasonCode | null>(voluntary?.reasonCode ?? null);
  const [remark, setRemark] = useState(voluntary?.remark ?? '');
  const [picking, setPicking] = useState<number | null>(null);
  const [tried, setTried] = useState(false);

  // §5: the original legs' dates bound the new ones.
  const outbound = answer.legs.find((l) => l.segmentSeq === 0);
  const limits = {
    outboundDate: answer.returnEarliest ?? outbound?.depDate ?? answer.earliestDate,
    returnDate: answer.outboundLatest,
  };
  const newOutbound = checked.includes(0) ? (dates[0] ?? null) : null;

  function problemOf(segmentSeq: number): string | null {
    const date = dates[segmentSeq];
    if (!date) return tried ? t('changes.date_required') : null;
    const problem =
      segmentSeq === 0
        ? changeDateProblem(limits, 'outbound', date)
        : changeDateProblem(limits, 'return', date, newOutbound);
    if (problem === 'outbound_after_return') {
      return t('change.outbound_after_return', { date: formatDate(limits.returnDate ?? date, lang) });
    }
    if (problem === 'return_before_departure') {
      const bound = newOutbound && newOutbound > limits.outboundDate ? newOutbound : limits.outboundDate;
      return t('change.return_before_departure', { date: formatDate(bound, lang) });
    }
    return null;
  }

  function toggle(segmentSeq: number, on: boolean, depDate: string) {
    setChecked((c) => (on ? [...new Set([...c, segmentSeq])] : c.filter((s) => s !== segmentSeq)));
    if (on && !dates[segmentSeq]) {
      // The leg's own date to start from (never before the first date a search may ask).
      setDates((d) => ({
        ...d,
        [segmentSeq]: depDate < answer.earliestDate ? answer.earliestDate : depDate,
      }));
    }
  }

  const chosen = answer.legs.filter((l) => l.changeable && checked.includes(l.segmentSeq));

  function onNext() {
    setTried(true);
    if (chosen.length === 0) return;
    const bad = chosen.some((l) => !dates[l.segmentSeq] || problemOf(l.segmentSeq) !== null);
    if (bad || !reason) return;
    setPlan(
      orderNo,
      'voluntary',
      chosen.map((l) => ({ segmentSeq: l.segmentSeq, date: dates[l.segmentSeq] ?? l.depDate })),
      reason,
      remark.trim(),
    );
    nav.push(orderHref(paths.changeDateFlight, orderNo));
  }

  const fee = answer.feePerPassengerSegment;
  const pickingLeg = answer.legs.find((l) => l.segmentSeq === picking);

  return (
    <div className="page-body" data-testid="change-form">
      <section className="card" data-testid="change-legs">
        <h2 className="card-title">{t('changes.legs_title')}</h2>
        {answer.legs.map((leg) => {
          const on = leg.changeable && checked.includes(leg.segmentSeq);
          const problem = on ? problemOf(leg.segmentSeq) : null;
          return (
            <div
              key={leg.segmentSeq}
              className="change-form-leg"
              data-testid={`change-form-leg-${leg.segmentSeq}`}
            >
              <div className="change-leg-name">
                {t(legKey(leg.segmentSeq))} · {leg.depCode} → {leg.arrCode}
              </div>
              <ChangeFlightLine leg={leg} />
              {leg.changeable ? (
                <Checkbox
                  checked={on}
                  onChange={(v) => toggle(leg.segmentSeq, v, leg.depDate)}
                  data-testid={`change-leg-check-${leg.segmentSeq}`}
                >
                  {t('changes.change_this_leg')}
                </Checkbox>
              ) : (
                <p className="refund-pax-why" data-testid={`change-leg-block-${leg.segmentSeq}`}>
                  {leg.block?.message ?? t('changes.leg_blocked')}
                </p>
              )}
              {on ? (
                <div className="change-date-field">
                  <span className="muted small">{t('changes.new_date')}</span>
                  <button
                    type="button"
                    className="change-date-button"
                    data-testid={`change-date-${leg.segmentSeq}`}
                    onClick={() => setPicking(leg.segmentSeq)}
                  >
                    {dates[leg.segmentSeq]
                      ? formatDate(dates[leg.segmentSeq] ?? '', lang)
                      : t('changes.choose_date')}
                    <span aria-hidden="true">›</span>
                  </button>
                  {problem ? (
                    <p
                      className="field-error"
                      role="alert"
                      data-testid={`change-date-error-${leg.segmentSeq}`}
                    >
                      {problem}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </div>
          );
        })}
        {tried && chosen.length === 0 ? (
          <p className="field-error" role="alert" data-testid="change-legs-error">
            {t('changes.legs_required')}
          </p>
        ) : null}
        <p className="change-fee" data-testid="change-fee">
          {isFree(fee) ? t('changes.fee_free') : t('changes.fee_per', { amount: money(fee) })}
        </p>
      </section>

      <section className="card" data-testid="change-reasons">
        <h2 className="card-title">{t('changes.reason_title')}</h2>
        <Radio.Group value={reason ?? undefined} onChange={(v) => setReason(v as ChangeReasonCode)}>
          <div className="refund-reason-list">
            {answer.reasons
              .filter((r) => r.code !== 'flight_disrupted')
              .map((r) => (
                <Radio key={r.code} value={r.code} data-testid={`change-reason-${r.code}`}>
                  {r.text}
                </Radio>
              ))}
          </div>
        </Radio.Group>
        {tried && !reason ? (
          <p className="field-error" role="alert" data-testid="change-reason-error">
            {t('change.reason_required')}
          </p>
        ) : null}
        <label className="refund-remark" htmlFor="change-remark">
          <span className="muted small">{t('changes.remark')}</span>
          <TextArea
            id="change-remark"
            value={remark}
            onChange={setRemark}
            maxLength={REMARK_MAX}
            rows={3}
            placeholder={t('changes.remark_placeholder')}
            data-testid="change-remark"
          />
        </label>
      </section>

      <div className="refund-actions">
        <Button block color="primary" size="large" data-testid="change-next" onClick={onNext}>
          {t('changes.next')}
        </Button>
      </div>

      {pickingLeg ? (
        <ChangeDatePicker
          visible
          title={t('changes.date_title', { leg: t(legKey(pickingLeg.segmentSeq)) })}
          value={dates[pickingLeg.segmentSeq] ?? ''}
          min={answer.earliestDate}
          max={answer.latestDate}
          testIdPrefix={`change-day-${pickingLeg.segmentSeq}`}
          onSelect={(date) => {
            setDates((d) => ({ ...d, [pickingLeg.segmentSeq]: date }));
            setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      ) : null}
    </div>
  );
}

/**
 * change-date-form (after-sales §2, §5, §9): may the order be changed (checkChange). Refused: the
 * block's message with customer service's phone; a confirmed change waiting for its payment:
 * continue paying it. Otherwise the legs with their flights, for each a tick and a new date
 * (within the search window; §5's limits told next to the field), the reason (required), a
 * remark, and the change fee per passenger per flight. Next: the flights of the chosen dates.
 */
export default function ChangeDateFormPage() {
  const { t, i18n } = useTranslation();
  const { orderNo, canAsk } = useChangeOrder();
  const check = useCheckChange(orderNo, i18n.language, canAsk);
  return (
    <div className="order-page" data-testid="change-date-form">
      <NavBar title={t('changes.title')} back={orderHref(paths.ticketDetail, orderNo)} />
      <ChangeGate canAsk={canAsk} orderNo={orderNo} read={check}>
        {(answer) =>
          answer.changeable && !answer.pending ? (
            <ChangeForm answer={answer} orderNo={orderNo} />
          ) : (
            <Blocked answer={answer} orderNo={orderNo} />
          )
        }
      </ChangeGate>
    </div>
  );
}
