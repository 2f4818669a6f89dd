import { Button } from 'antd-mobile';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useRegisterInfo, useUpdateRegisterInfo } from '../../../features/members/api/member-register';
import { AuditState } from '../../../features/members/components/audit-state';
import { MemberLoadError, MemberLoading } from '../../../features/members/components/page-states';
import {
  RegisterForm,
  type RegisterValues,
  registrationFields,
  valuesFromRegistration,
} from '../../../features/members/components/register-form';
import '../../../features/account/components/account.css';
import '../../../features/members/components/members.css';

/**
 * The submitted registration and its audit (issue 17; booking-and-account §4): in progress;
 * rejected, with staff's reason, the count of rejections and the form prefilled to fix and send
 * again (updateRegisterInfo); blocked, with customer service's phone; approved goes home.
 */
export default function VipRegisterInfoPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const info = useRegisterInfo();
  const update = useUpdateRegisterInfo();
  const status = info.data?.status;

  useEffect(() => {
    if (status === 'approved') nav.replace(paths.vipHome);
  }, [status, nav]);

  async function resubmit(values: RegisterValues) {
    await update.mutateAsync(registrationFields(values));
    await info.refetch();
  }

  let body: ReactNode;
  if (info.isPending) {
    body = <MemberLoading testId="vip-register-info-loading" />;
  } else if (info.isError || !info.data) {
    body = <MemberLoadError testId="vip-register-info-error" onRetry={() => void info.refetch()} />;
  } else {
    const data = info.data;
    body = (
      <>
        <AuditState
          facts={data}
          action={
            data.status === 'rejected' ? null : (
              <Button
                size="small"
                data-testid="vip-register-info-more"
                onClick={() => nav.replace(paths.more)}
              >
                {t('members.back_to_more')}
              </Button>
            )
          }
        />
        {data.status === 'rejected' ? (
          <RegisterForm
            // A new copy of the form for each refusal read.
            key={`${data.rejections}-${data.submittedAt}`}
            mode="update"
            initial={valuesFromRegistration(data)}
            onSubmit={resubmit}
            submitting={update.isPending}
            submitLabel={t('members.resubmit')}
            intro={<p className="account-intro">{t('members.fix_intro')}</p>}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="account-page">
      <NavBar title={t('members.register_info_title')} back={paths.more} />
      <div className="page-body">{body}</div>
    </div>
  );
}
