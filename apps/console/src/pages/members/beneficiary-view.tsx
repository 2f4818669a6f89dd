import type { Beneficiary } from '@wings/contracts';
import { Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuditStateTag, fullName } from './member-format';
import { DocumentPhotos } from './member-photo';

/**
 * A beneficiary as staff audit it: names, relationship, birthday, nationality, validity and
 * state, then each identification with its photos side by side.
 */
export function BeneficiaryView({ beneficiary: b }: { beneficiary: Beneficiary }) {
  const { t } = useTranslation('members');
  const name = fullName(b);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        data-testid={`beneficiary-${b.id}`}
        items={[
          { key: 'surname', label: t('field.surname'), children: b.surname },
          { key: 'given', label: t('field.givenName'), children: b.givenName },
          { key: 'middle', label: t('field.middleName'), children: b.middleName ?? '—' },
          {
            key: 'relationship',
            label: t('columns.relationship'),
            children: t(`relationship.${b.relationship}`),
          },
          { key: 'gender', label: t('field.gender'), children: t(`gender.${b.gender}`) },
          { key: 'birthday', label: t('field.birthday'), children: b.birthday },
          { key: 'nationality', label: t('field.nationality'), children: b.nationality },
          { key: 'valid', label: t('field.validity'), children: `${b.validFrom} – ${b.validTo}` },
          { key: 'state', label: t('columns.state'), children: <AuditStateTag state={b.state} /> },
          ...(b.rejectReason
            ? [{ key: 'reason', label: t('field.rejectReason'), children: b.rejectReason }]
            : []),
        ]}
      />
      {b.identifications.map((doc) => (
        <Card
          key={`${doc.documentType}-${doc.documentNo}`}
          size="small"
          title={`${t(`docType.${doc.documentType}`)} · ${doc.documentNo} · ${t('field.validity')} ≤ ${doc.validTo}`}
        >
          <DocumentPhotos
            documentType={doc.documentType}
            frontPhotoId={doc.frontPhotoId}
            backPhotoId={doc.backPhotoId}
            name={name}
          />
        </Card>
      ))}
    </Space>
  );
}
