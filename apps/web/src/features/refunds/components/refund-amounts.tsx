import type { Money } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/format';

/** The three amounts of a refund (after-sales §3): should-refund, the handling fee kept, what comes back. */
export function RefundAmounts({
  shouldRefund,
  handlingFee,
  actual,
}: {
  shouldRefund: Money;
  handlingFee: Money;
  actual: Money;
}) {
  const { t } = useTranslation();
  return (
    <dl className="refund-amounts" data-testid="refund-amounts">
      <div className="info-row">
        <dt className="info-row-label">{t('refunds.should_refund')}</dt>
        <dd className="info-row-value" data-testid="refund-should">
          {money(shouldRefund)}
        </dd>
      </div>
      <div className="info-row">
        <dt className="info-row-label">{t('refunds.handling_fee')}</dt>
        <dd className="info-row-value" data-testid="refund-fee">
          {handlingFee.amount > 0 ? `-${money(handlingFee)}` : money(handlingFee)}
        </dd>
      </div>
      <div className="info-row refund-actual">
        <dt className="info-row-label">{t('refunds.actual')}</dt>
        <dd className="info-row-value price" data-testid="refund-actual">
          {money(actual)}
        </dd>
      </div>
    </dl>
  );
}
