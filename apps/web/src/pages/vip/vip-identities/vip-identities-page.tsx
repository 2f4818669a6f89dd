import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { MemberPhoto } from '../../../features/members/photos/member-photo';
import { useDeleteIdentity, useIdentities } from '../../../features/members/records/identities';
import {
  RecordActions,
  RecordAdd,
  RecordCard,
  RecordPage,
  RejectedNote,
  useConfirmedDelete,
} from '../../../features/members/records/record-page';
import { AuditBadge, documentPhotos, RecordListBody } from '../../../features/members/records/record-ui';

/**
 * The member's identity documents (after-sales §5): type, masked number, validity, the audit state
 * (under review until staff check it, effective, or rejected with staff's reason) and the photos.
 * One document per type; the registration's document and the only one stay.
 */
export default function VipIdentitiesPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const identities = useIdentities();
  const confirmDelete = useConfirmedDelete(useDeleteIdentity());
  const list = identities.data?.list ?? [];

  return (
    <RecordPage title={t('memberRecords.identities_title')} back={paths.vipHome}>
      <RecordListBody
        query={identities}
        isEmpty={list.length === 0}
        emptyTitle={t('memberRecords.identities_empty')}
      >
        <ul className="record-list" data-testid="identity-list">
          {list.map((doc, i) => {
            const deletable = !doc.fromRegistration && list.length > 1;
            return (
              <RecordCard
                key={doc.id}
                testId={`identity-item-${i}`}
                title={t(`memberRecords.doc_type_${doc.documentType}`)}
                badges={<AuditBadge state={doc.state} testId={`identity-state-${i}`} />}
                lines={
                  <>
                    <span data-testid={`identity-number-${i}`}>{doc.documentNo}</span>
                    <span>{t('memberRecords.validity_range', { from: doc.validFrom, to: doc.validTo })}</span>
                  </>
                }
              >
                {doc.state === 'ineffective' ? (
                  <p className="record-note">{t('memberRecords.identity_under_review')}</p>
                ) : null}
                {doc.state === 'rejected' ? (
                  <RejectedNote reason={doc.rejectReason} testId={`identity-reason-${i}`} />
                ) : null}
                <div className="record-photos">
                  {documentPhotos(doc, t).map((p) => (
                    <MemberPhoto key={p.fileId} fileId={p.fileId} alt={p.label} />
                  ))}
                </div>
                {doc.fromRegistration ? (
                  <p className="record-note">{t('memberRecords.identity_from_registration')}</p>
                ) : (
                  <RecordActions
                    testIdPrefix="identity"
                    index={i}
                    onEdit={() => nav.push(`${paths.vipIdentityEdit}?id=${encodeURIComponent(doc.id)}`)}
                    onDelete={
                      deletable
                        ? () =>
                            void confirmDelete(
                              doc.id,
                              t('memberRecords.identity_delete_title'),
                              t('memberRecords.identity_delete_confirm', {
                                type: t(`memberRecords.doc_type_${doc.documentType}`),
                                number: doc.documentNo,
                              }),
                            )
                        : undefined
                    }
                  />
                )}
              </RecordCard>
            );
          })}
        </ul>
      </RecordListBody>
      <RecordAdd
        canAdd={identities.data?.canAdd}
        testIdPrefix="identity"
        label={t('memberRecords.identity_add')}
        fullText={t('memberRecords.identities_full')}
        onAdd={() => nav.push(paths.vipIdentityEdit)}
      />
    </RecordPage>
  );
}
