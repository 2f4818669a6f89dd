import type { Beneficiary } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { MemberPhoto } from '../../../features/members/photos/member-photo';
import { useBeneficiaries, useDeleteBeneficiary } from '../../../features/members/records/beneficiaries';
import {
  RecordActions,
  RecordAdd,
  RecordCard,
  RecordPage,
  RejectedNote,
  useConfirmedDelete,
} from '../../../features/members/records/record-page';
import { AuditBadge, documentPhotos, RecordListBody } from '../../../features/members/records/record-ui';

export function beneficiaryName(b: Pick<Beneficiary, 'surname' | 'givenName' | 'middleName'>): string {
  return [b.surname, b.middleName, b.givenName].filter(Boolean).join(' ');
}

/**
 * The member's beneficiaries (after-sales §3-§5): people who may later use the member's miles,
 * each with identifications and a validity period; not yet effective until staff check them.
 */
export default function VipBeneficiariesPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const beneficiaries = useBeneficiaries();
  const confirmDelete = useConfirmedDelete(useDeleteBeneficiary());
  const list = beneficiaries.data?.list ?? [];

  return (
    <RecordPage title={t('memberRecords.beneficiaries_title')} back={paths.vipHome}>
      <p className="account-intro">{t('memberRecords.beneficiaries_intro')}</p>
      <RecordListBody
        query={beneficiaries}
        isEmpty={list.length === 0}
        emptyTitle={t('memberRecords.beneficiaries_empty')}
      >
        <ul className="record-list" data-testid="beneficiary-list">
          {list.map((b, i) => (
            <RecordCard
              key={b.id}
              testId={`beneficiary-item-${i}`}
              title={beneficiaryName(b)}
              badges={<AuditBadge state={b.state} testId={`beneficiary-state-${i}`} />}
              lines={
                <>
                  <span>
                    {t(`memberRecords.relationship_${b.relationship}`)} · {t(`gender.${b.gender}`)} ·{' '}
                    {b.birthday}
                  </span>
                  {b.identifications.map((id) => (
                    <span key={`${id.documentType}-${id.documentNo}`}>
                      {t(`memberRecords.doc_type_${id.documentType}`)} · {id.documentNo}
                    </span>
                  ))}
                  <span>{t('memberRecords.validity_range', { from: b.validFrom, to: b.validTo })}</span>
                </>
              }
            >
              {b.state === 'ineffective' ? (
                <p className="record-note" data-testid={`beneficiary-pending-${i}`}>
                  {t('memberRecords.beneficiary_pending')}
                </p>
              ) : null}
              {b.state === 'rejected' ? (
                <RejectedNote reason={b.rejectReason} testId={`beneficiary-reason-${i}`} />
              ) : null}
              <div className="record-photos">
                {b.identifications.flatMap((id) =>
                  documentPhotos(id, t).map((p) => (
                    <MemberPhoto key={p.fileId} fileId={p.fileId} alt={p.label} />
                  )),
                )}
              </div>
              <RecordActions
                testIdPrefix="beneficiary"
                index={i}
                onEdit={() => nav.push(`${paths.vipBeneficiaryEdit}?id=${encodeURIComponent(b.id)}`)}
                onDelete={() =>
                  void confirmDelete(
                    b.id,
                    t('memberRecords.beneficiary_delete_title'),
                    t('memberRecords.beneficiary_delete_confirm', { name: beneficiaryName(b) }),
                  )
                }
              />
            </RecordCard>
          ))}
        </ul>
      </RecordListBody>
      <RecordAdd
        canAdd={beneficiaries.data?.canAdd}
        testIdPrefix="beneficiary"
        label={t('memberRecords.beneficiary_add')}
        fullText={t('memberRecords.beneficiaries_full')}
        onAdd={() => nav.push(paths.vipBeneficiaryEdit)}
      />
    </RecordPage>
  );
}
