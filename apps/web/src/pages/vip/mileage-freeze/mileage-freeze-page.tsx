import { isApiError } from '@wings/api-client';
import { ErrorCodes } from '@wings/contracts';
import { HUB_TIME_ZONE } from '@wings/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { StateView } from '../../../components/state-view';
import { MemberLoadError, MemberLoading } from '../../../features/members/components/page-states';
import { useFreezeInfo } from '../../../features/mileage/api';
import { MileagePage, useLang } from '../../../features/mileage/mileage-ui';
import { formatInstant } from '../../../lib/format';

/**
 * Why the member's miles are frozen and since when (issue 18; spec §1). When they are not, the
 * server answers 865 and its message is the page.
 */
export default function MileageFreezePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const info = useFreezeInfo();

  let body: ReactNode;
  if (info.isPending) body = <MemberLoading testId="mi-freeze-loading" />;
  else if (
    info.isError &&
    isApiError(info.error) &&
    info.error.code === ErrorCodes.mileageNoFreezeDetails.code
  )
    body = <StateView tone="info" testId="mi-freeze-none" title={info.error.message} />;
  else if (info.isError)
    body = <MemberLoadError testId="mi-freeze-error" onRetry={() => void info.refetch()} />;
  else
    body = (
      <section className="card">
        <p className="mb-notice mb-notice-error" data-testid="mi-freeze-banner">
          {t('mileage.frozen')}
        </p>
        <dl className="mi-figures">
          <div>
            <dt>{t('miles.freeze_reason')}</dt>
            <dd data-testid="mi-freeze-reason">{info.data.reason}</dd>
          </div>
          <div>
            <dt>{t('miles.freeze_since')}</dt>
            <dd data-testid="mi-freeze-since">{formatInstant(info.data.frozenAt, lang, HUB_TIME_ZONE)}</dd>
          </div>
        </dl>
      </section>
    );

  return (
    <MileagePage title={t('miles.freeze_title')} back={paths.vipHome}>
      {body}
    </MileagePage>
  );
}
