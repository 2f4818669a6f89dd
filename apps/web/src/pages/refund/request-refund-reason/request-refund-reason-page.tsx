import type { RefundReasonCode, RefundReasonItem, RefundReasonKind } from '@wings/contracts';
import { Button, Radio, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useRefundReasons } from '../../../features/refunds/api/get-refund-reasons';
import { RefundGate } from '../../../features/refunds/components/refund-gate';
import { RefundRestart } from '../../../features/refunds/components/refund-restart';
import {
  type RefundChoice,
  useRefundChoice,
  useRefundSession,
} from '../../../features/refunds/refund-session';
import { useRefundOrder } from '../../../features/refunds/use-refund-order';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';

/** The longest remark the server keeps (contracts ZCreateRefundRequest). */
const REMARK_MAX = 500;
const KINDS: readonly RefundReasonKind[] = ['personal', 'flight'];

function ReasonChoice({
  reasons,
  orderNo,
  held,
}: {
  reasons: readonly RefundReasonItem[];
  orderNo: string;
  held: RefundChoice;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const setReason = useRefundSession((s) => s.setReason);
  const [code, setCode] = useState<RefundReasonCode | null>(held.reasonCode);
  const [remark, setRemark] = useState(held.remark);
  const [problem, setProblem] = useState<string | null>(null);

  function onNext() {
    // after-sales §5: a reason is required.
    if (!code) {
      setProblem(t('refunds.reason_required'));
      return;
    }
    setReason(orderNo, code, remark.trim());
    nav.push(orderHref(paths.requestRefundConfirm, orderNo));
  }

  return (
    <div className="page-body">
      <section className="card" data-testid="refund-reasons">
        <h2 className="card-title">{t('refunds.reason_title')}</h2>
        <Radio.Group
          value={code ?? undefined}
          onChange={(v) => {
            setCode(v as RefundReasonCode);
            setProblem(null);
          }}
        >
          {KINDS.map((kind) => (
            <fieldset key={kind} className="refund-reason-group" data-testid={`refund-kind-${kind}`}>
              <h3>{t(`refunds.kind.${kind}`)}</h3>
              <p className="muted small">{t(`refunds.kind_hint.${kind}`)}</p>
              <div className="refund-reason-list">
                {reasons
                  .filter((r) => r.kind === kind)
                  .map((r) => (
                    <Radio key={r.code} value={r.code} data-testid={`refund-reason-${r.code}`}>
                      {r.text}
                      {r.coveredByUpgrade && kind === 'personal' ? (
                        <span className="refund-reason-note">{t('refunds.upgrade_covers')}</span>
                      ) : null}
                    </Radio>
                  ))}
              </div>
            </fieldset>
          ))}
        </Radio.Group>
        {problem ? (
          <p className="field-error" role="alert" data-testid="refund-reason-error">
            {problem}
          </p>
        ) : null}
        <label className="refund-remark" htmlFor="refund-remark">
          <span className="muted small">{t('refunds.remark')}</span>
          <TextArea
            id="refund-remark"
            value={remark}
            onChange={setRemark}
            maxLength={REMARK_MAX}
            rows={3}
            placeholder={t('refunds.remark_placeholder')}
            data-testid="refund-remark"
          />
        </label>
      </section>
      <div className="refund-actions">
        <Button block color="primary" size="large" data-testid="refund-reason-next" onClick={onNext}>
          {t('refunds.next')}
        </Button>
      </div>
    </div>
  );
}

/**
 * request-refund-reason (after-sales §3, §5): why the traveller refunds, personal or the
 * flight's (required), with their own words if they wish. The choice is kept for the way back.
 */
export default function RequestRefundReasonPage() {
  const { t, i18n } = useTranslation();
  const { orderNo, canAsk } = useRefundOrder();
  const held = useRefundChoice(orderNo);
  const reasons = useRefundReasons(orderNo, i18n.language);
  const started = held !== null && held.seqs.length > 0;
  return (
    <div className="order-page" data-testid="request-refund-reason">
      <NavBar title={t('refunds.reason_title')} back={orderHref(paths.requestRefundPassenger, orderNo)} />
      {canAsk && !started ? (
        <RefundRestart orderNo={orderNo} />
      ) : (
        <RefundGate canAsk={canAsk} orderNo={orderNo} read={reasons}>
          {(answer) =>
            held ? <ReasonChoice reasons={answer.reasons} orderNo={orderNo} held={held} /> : null
          }
        </RefundGate>
      )}
    </div>
  );
}
