import { Button, Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { MemberSignedOut, useMemberSignedIn } from './record-ui';
import '../../account/components/account.css';
import './records.css';

/**
 * A page of the member's records (a list or a form): its bar, and its body only while a member is
 * signed in on this device; otherwise the way to the member login.
 */
export function RecordPage({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  const signedIn = useMemberSignedIn();
  return (
    <div className="account-page">
      <NavBar title={title} back={back} />
      <div className="page-body">{signedIn ? children : <MemberSignedOut />}</div>
    </div>
  );
}

/** A record form while the member's records load. */
export function RecordLoading() {
  const { t } = useTranslation();
  return <StateView title={t('common.loading')} />;
}

/** A record form opened with an id the member no longer has. */
export function RecordNotFound() {
  const { t } = useTranslation();
  return <StateView tone="error" title={t('memberRecords.not_found')} testId="record-not-found" />;
}

/** One record of a list: its title and badges, its lines, then whatever else it shows (notes, photos, actions). */
export function RecordCard({
  testId,
  title,
  badges,
  lines,
  children,
}: {
  testId: string;
  title: ReactNode;
  badges: ReactNode;
  lines: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="card record-card" data-testid={testId}>
      <div className="record-head">
        <span className="record-title">{title}</span>
        <span className="record-badges">{badges}</span>
      </div>
      <div className="record-lines">{lines}</div>
      {children}
    </li>
  );
}

/**
 * The edit and delete buttons of the record at `index` (`<prefix>-edit-<index>`,
 * `<prefix>-delete-<index>`); without `onDelete` the record cannot be deleted and shows no delete.
 */
export function RecordActions({
  testIdPrefix,
  index,
  onEdit,
  onDelete,
}: {
  testIdPrefix: string;
  index: number;
  onEdit: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="record-actions">
      <button
        type="button"
        className="record-action"
        data-testid={`${testIdPrefix}-edit-${index}`}
        onClick={onEdit}
      >
        {t('memberRecords.edit')}
      </button>
      {onDelete ? (
        <button
          type="button"
          className="record-action record-action-danger"
          data-testid={`${testIdPrefix}-delete-${index}`}
          onClick={onDelete}
        >
          {t('memberRecords.delete')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Under a record list: the add button (`<prefix>-add`) while the member may add one, or, once the
 * server says the list is full (`canAdd` false), why not (`<prefix>-full`). Nothing while unknown.
 */
export function RecordAdd({
  canAdd,
  testIdPrefix,
  label,
  fullText,
  onAdd,
}: {
  canAdd: boolean | undefined;
  testIdPrefix: string;
  label: string;
  fullText?: string;
  onAdd: () => void;
}) {
  if (canAdd === false) {
    return (
      <p className="record-note" data-testid={`${testIdPrefix}-full`}>
        {fullText}
      </p>
    );
  }
  if (!canAdd) return null;
  return (
    <Button
      block
      color="primary"
      size="large"
      className="form-submit"
      data-testid={`${testIdPrefix}-add`}
      onClick={onAdd}
    >
      {label}
    </Button>
  );
}

/** Staff's reason under a rejected document or beneficiary. */
export function RejectedNote({ reason, testId }: { reason: string | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <p className="record-note record-note-danger" data-testid={testId}>
      {t('memberRecords.rejected_reason', { reason: reason ?? '' })}
    </p>
  );
}

/**
 * Deletes a record after the member confirms it in a dialog: call the result with the record's id
 * and the dialog's title and question.
 */
export function useConfirmedDelete(remove: { mutate: (id: string) => void }) {
  const { t } = useTranslation();
  return async (id: string, title: string, content: string) => {
    const yes = await Dialog.confirm({
      title,
      content,
      confirmText: t('memberRecords.delete'),
      cancelText: t('common.cancel'),
    });
    if (yes) remove.mutate(id);
  };
}
