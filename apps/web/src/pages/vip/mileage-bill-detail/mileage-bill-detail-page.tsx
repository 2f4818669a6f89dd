import { isApiError } from '@wings/api-client';
import { ErrorCodes } from '@wings/contracts';
import { isBillAvailable } from '@wings/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { StateView } from '../../../components/state-view';
import { MemberLoadError, MemberLoading } from '../../../features/members/components/page-states';
import { useBillDetail } from '../../../features/mileage/api';
import {
  formatMiles,
  hubDay,
  hubToday,
  MileagePage,
  TransactionItem,
  useLang,
} from '../../../features/mileage/mileage-ui';

/**
 * One month's mileage statement (issue 18; spec §1): opening balance, earned, spent, expired,
 * closing balance, the elite miles and segments of the month, and its transactions oldest first.
 */
export default function MileageBillDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const asked = params.get('cycle') ?? '';
  // A cycle the rules say cannot be read yet (or any more) is not asked for.
  const cycle = isBillAvailable(asked, hubToday()) ? asked : '';
  const bill = useBillDetail(cycle);

  let body: ReactNode;
  if (
    cycle === '' ||
    (bill.isError && isApiError(bill.error) && bill.error.code === ErrorCodes.mileageBillNotAvailable.code)
  )
    body = (
      <StateView
        tone="info"
        testId="mi-bill-unavailable"
        title={bill.isError ? bill.error.message : t('mileage.bill_not_available')}
      />
    );
  else if (bill.isPending) body = <MemberLoading testId="mi-bill-loading" />;
  else if (bill.isError)
    body = <MemberLoadError testId="mi-bill-error" onRetry={() => void bill.refetch()} />;
  else {
    const b = bill.data;
    const figures: [string, number][] = [
      ['opening', b.openingBalance],
      ['earned', b.earned],
      ['spent', b.spent],
      ['expired', b.expired],
      ['closing', b.closingBalance],
      ['elite_miles', b.eliteMiles],
      ['elite_segments', b.eliteSegments],
    ];
    body = (
      <>
        <section className="card">
          <p className="mi-text" data-testid="mi-bill-period">
            {`${hubDay(b.from, lang)} – ${hubDay(b.to, lang)}`}
          </p>
          <dl className="mi-figures">
            {figures.map(([key, value]) => (
              <div key={key}>
                <dt>{t(`miles.bill_${key}`)}</dt>
                <dd data-testid={`mi-bill-${key}`}>{formatMiles(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="card">
          <h2 className="mb-section-title">{t('miles.bill_transactions')}</h2>
          {b.transactions.length === 0 ? (
            <p className="mi-text" data-testid="mi-bill-no-tx">
              {t('miles.tx_empty')}
            </p>
          ) : (
            <ul className="mi-list" data-testid="mi-bill-tx">
              {b.transactions.map((tx, i) => (
                <TransactionItem key={tx.id} tx={tx} testId={`mi-bill-tx-${i}`} />
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }

  return (
    <MileagePage title={t('miles.bill_title')} back={paths.vipBills}>
      {body}
    </MileagePage>
  );
}
