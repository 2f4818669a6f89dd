import type { AuditState } from '@wings/contracts';
import { HUB_TIME_ZONE, localDate } from '@wings/rules';
import { Button, SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StateView } from '../../../components/state-view';
import { paths } from '../../../lib/paths';
import { useMemberStore } from '../member-store';
import './records.css';

/** Today in Phnom Penh: the rules' "today" for validity periods and document expiry. */
export const todayInHub = () => localDate(new Date(), HUB_TIME_ZONE);

/** "Main" next to the main e-mail, phone or address. */
export function MainBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="record-badge record-badge-main" data-testid={testId}>
      {t('memberRecords.main')}
    </span>
  );
}

/** A document's or a beneficiary's audit state: under review, effective, or rejected. */
export function AuditBadge({ state, testId }: { state: AuditState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`record-badge record-badge-${state}`} data-testid={testId}>
      {t(`memberRecords.state_${state}`)}
    </span>
  );
}

/** The member is not signed in (or the session ended): a way to the member login. */
export function MemberSignedOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StateView
      tone="info"
      testId="records-signed-out"
      title={t('memberRecords.signed_out')}
      action={
        <Button size="small" color="primary" onClick={() => void navigate(paths.vipLogin)}>
          {t('memberRecords.sign_in')}
        </Button>
      }
    />
  );
}

/** Whether a member session is on this device. */
export function useMemberSignedIn(): boolean {
  return useMemberStore((s) => Boolean(s.vipToken));
}

/** The states of a record list: loading, failed (retry), empty, or the list itself. */
export function RecordListBody({
  query,
  isEmpty,
  emptyTitle,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  isEmpty: boolean;
  emptyTitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="sheet-notice">
        <SpinLoading color="primary" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <StateView
        tone="error"
        testId="records-load-failed"
        title={t('memberRecords.load_failed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (isEmpty) return <StateView tone="empty" testId="records-empty" title={emptyTitle} />;
  return <>{children}</>;
}

/** A refusal of the whole form (not one field's): shown at its top. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="record-form-alert" role="alert" data-testid="record-form-error">
      {message}
    </p>
  );
}

/** The photos a document of this type shows: an ID card's two sides, a passport's photo page. */
export function documentPhotos(
  doc: { documentType: number; frontPhotoId: string | null; backPhotoId: string | null },
  t: (key: string) => string,
): { fileId: string; label: string }[] {
  const photos: { fileId: string; label: string }[] = [];
  if (doc.frontPhotoId) {
    photos.push({
      fileId: doc.frontPhotoId,
      label: t(doc.documentType === 0 ? 'memberRecords.photo_id_front' : 'memberRecords.photo_passport'),
    });
  }
  if (doc.documentType === 0 && doc.backPhotoId) {
    photos.push({ fileId: doc.backPhotoId, label: t('memberRecords.photo_id_back') });
  }
  return photos;
}
