import type { FareConditions } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/format';

/**
 * Change, refund, no-show, name-correction fees and baggage of a fare family. A fare on a route
 * to or from mainland China says why it cannot be refunded (after-sales §5, §9; the server's
 * `refund.china_route` message, docs/decisions.md).
 */
export function FareConditionsList({ conditions }: { conditions: FareConditions }) {
  const { t } = useTranslation();
  const rule = (r: FareConditions['change']) =>
    !r.allowed ? (
      <span className="cond-no">{t('fare.not_allowed')}</span>
    ) : r.fee && r.fee.amount > 0 ? (
      t('fare.fee', { fee: money(r.fee) })
    ) : (
      <span className="cond-ok">{t('fare.free')}</span>
    );
  return (
    <dl className="conditions">
      <dt>{t('fare.change')}</dt>
      <dd>{rule(conditions.change)}</dd>
      <dt>{t('fare.refund')}</dt>
      <dd data-testid="fare-refund">
        {rule(conditions.refund)}
        {conditions.refund.reason === 'china_route' ? (
          <span className="cond-reason">{t('refund.china_route')}</span>
        ) : null}
      </dd>
      <dt>{t('fare.no_show')}</dt>
      <dd>{money(conditions.noShowFee)}</dd>
      <dt>{t('fare.name_correction')}</dt>
      <dd>{money(conditions.nameCorrectionFee)}</dd>
      <dt>{t('fare.baggage')}</dt>
      <dd>
        {t('fare.baggage_value', {
          carry: conditions.baggage.carryOnKg,
          checked: conditions.baggage.checkedKg,
        })}
      </dd>
    </dl>
  );
}
