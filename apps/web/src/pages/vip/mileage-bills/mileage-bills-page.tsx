import { addMonthsToMonth, cycleDates, isBillAvailable, monthOf } from '@wings/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { StateView } from '../../../components/state-view';
import { MemberLoadError, MemberLoading } from '../../../features/members/components/page-states';
import { useBillCycles } from '../../../features/mileage/api';
import { hubDay, hubToday, MileagePage, useLang } from '../../../features/mileage/mileage-ui';

/**
 * The member's monthly mileage bills (issue 18; spec §1): the cycles of the last 12 months the
 * server says can be read, newest first; last month's appears after the 5th.
 */
export default function MileageBillsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const nav = useAppNavigate();
  const cycles = useBillCycles();
  const today = hubToday();
  const lastMonth = addMonthsToMonth(monthOf(today), -1);
  // Until the 6th, last month's bill is still being made (the rule the server applies too).
  const pending = !isBillAvailable(lastMonth, today);

  let body: ReactNode;
  if (cycles.isPending) body = <MemberLoading testId="mi-bills-loading" />;
  else if (cycles.isError)
    body = <MemberLoadError testId="mi-bills-error" onRetry={() => void cycles.refetch()} />;
  else if (cycles.data.list.length === 0)
    body = <StateView testId="mi-bills-empty" title={t('miles.bills_empty')} />;
  else
    body = (
      <section className="card mb-menu" data-testid="mi-bills-list">
        {cycles.data.list.map((cycle) => {
          const { from, to } = cycleDates(cycle);
          return (
            <button
              key={cycle}
              type="button"
              className="mb-menu-row"
              data-testid={`mi-bill-${cycle}`}
              onClick={() => nav.push(`${paths.vipBillDetail}?cycle=${encodeURIComponent(cycle)}`)}
            >
              <span>{`${hubDay(from, lang)} – ${hubDay(to, lang)}`}</span>
              <span aria-hidden="true">›</span>
            </button>
          );
        })}
      </section>
    );

  return (
    <MileagePage title={t('miles.bills_title')} back={paths.vipHome}>
      <p className="mb-notice" data-testid="mi-bills-note">
        {t('miles.bills_note')}
      </p>
      {pending ? (
        <p className="mb-notice" data-testid="mi-bills-pending">
          {t('miles.bill_pending', {
            from: hubDay(cycleDates(lastMonth).from, lang),
            to: hubDay(cycleDates(lastMonth).to, lang),
            date: hubDay(`${monthOf(today)}-06`, lang),
          })}
        </p>
      ) : null}
      {body}
    </MileagePage>
  );
}
