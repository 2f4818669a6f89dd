import type { LanguageTag, MemberAddress } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { countryName } from '../../../features/account/countries';
import { useAddresses, useDeleteAddress } from '../../../features/members/records/addresses';
import {
  RecordActions,
  RecordAdd,
  RecordCard,
  RecordPage,
  useConfirmedDelete,
} from '../../../features/members/records/record-page';
import { MainBadge, RecordListBody } from '../../../features/members/records/record-ui';

/** An address on one line: detail, city, province, postcode. */
export function addressLine(a: MemberAddress): string {
  return [a.detail, a.city, a.province, a.postcode].filter((part) => part.trim()).join(', ');
}

/** The member's addresses (spec §3): the main one marked, kept (delete_address_impor), only one main. */
export default function VipAddressesPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const addresses = useAddresses();
  const confirmDelete = useConfirmedDelete(useDeleteAddress());
  const list = [...(addresses.data?.list ?? [])].sort((a, b) => Number(b.main) - Number(a.main));

  return (
    <RecordPage title={t('memberRecords.addresses_title')} back={paths.vipHome}>
      <RecordListBody
        query={addresses}
        isEmpty={list.length === 0}
        emptyTitle={t('memberRecords.addresses_empty')}
      >
        <ul className="record-list" data-testid="address-list">
          {list.map((a, i) => (
            <RecordCard
              key={a.id}
              testId={`address-item-${i}`}
              title={countryName(a.country, lang)}
              badges={a.main ? <MainBadge testId={`address-main-${i}`} /> : null}
              lines={<span>{addressLine(a)}</span>}
            >
              <RecordActions
                testIdPrefix="address"
                index={i}
                onEdit={() => nav.push(`${paths.vipAddressEdit}?id=${encodeURIComponent(a.id)}`)}
                onDelete={
                  a.main
                    ? undefined
                    : () =>
                        void confirmDelete(
                          a.id,
                          t('memberRecords.address_delete_title'),
                          t('memberRecords.address_delete_confirm', { address: addressLine(a) }),
                        )
                }
              />
            </RecordCard>
          ))}
        </ul>
      </RecordListBody>
      <RecordAdd
        canAdd
        testIdPrefix="address"
        label={t('memberRecords.address_add')}
        onAdd={() => nav.push(paths.vipAddressEdit)}
      />
    </RecordPage>
  );
}
