import type { MemberContact } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { useContacts, useDeleteContact } from '../../../features/members/records/contacts';
import {
  RecordActions,
  RecordAdd,
  RecordCard,
  RecordPage,
  useConfirmedDelete,
} from '../../../features/members/records/record-page';
import { MainBadge, RecordListBody } from '../../../features/members/records/record-ui';

/** How a contact reads in a list: the e-mail, or the phone with its country code. */
export function contactText(c: MemberContact): string {
  return c.kind === 'email' ? (c.email ?? '') : `${c.countryCode ?? ''} ${c.phone ?? ''}`.trim();
}

/**
 * The member's contacts (spec §3): e-mails and phones, the main ones marked. The main e-mail and
 * phone are changed with a code sent to the new value and never deleted (delete_address_impor).
 */
export default function VipContactsPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const contacts = useContacts();
  const confirmDelete = useConfirmedDelete(useDeleteContact());
  const list = [...(contacts.data?.list ?? [])].sort(
    (a, b) => Number(b.main) - Number(a.main) || a.kind.localeCompare(b.kind),
  );

  return (
    <RecordPage title={t('memberRecords.contacts_title')} back={paths.vipHome}>
      <RecordListBody
        query={contacts}
        isEmpty={list.length === 0}
        emptyTitle={t('memberRecords.contacts_empty')}
      >
        <ul className="record-list" data-testid="contact-list">
          {list.map((c, i) => (
            <RecordCard
              key={c.id}
              testId={`contact-item-${i}`}
              title={contactText(c)}
              badges={c.main ? <MainBadge testId={`contact-main-${i}`} /> : null}
              lines={
                <>
                  <span>
                    {c.kind === 'email' ? t('memberRecords.kind_email') : t('memberRecords.kind_phone')}
                    {c.kind === 'phone' && c.phoneType
                      ? ` · ${t(`memberRecords.phone_type_${c.phoneType}`)}`
                      : ''}
                  </span>
                  {c.main ? <span>{t('memberRecords.contact_main_note')}</span> : null}
                </>
              }
            >
              <RecordActions
                testIdPrefix="contact"
                index={i}
                onEdit={() => nav.push(`${paths.vipContactEdit}?id=${encodeURIComponent(c.id)}`)}
                onDelete={
                  c.main
                    ? undefined
                    : () =>
                        void confirmDelete(
                          c.id,
                          t('memberRecords.contact_delete_title'),
                          t('memberRecords.contact_delete_confirm', { value: contactText(c) }),
                        )
                }
              />
            </RecordCard>
          ))}
        </ul>
      </RecordListBody>
      <RecordAdd
        canAdd
        testIdPrefix="contact"
        label={t('memberRecords.contact_add')}
        onAdd={() => nav.push(paths.vipContactEdit)}
      />
    </RecordPage>
  );
}
