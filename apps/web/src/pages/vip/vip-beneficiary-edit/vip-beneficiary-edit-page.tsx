import { isApiError } from '@wings/api-client';
import {
  BENEFICIARY_RELATIONSHIPS,
  type Beneficiary,
  type BeneficiarySave,
  ErrorCodes,
  type LanguageTag,
} from '@wings/contracts';
import {
  checkBirthday,
  checkMemberBeneficiary,
  checkMiddleName,
  checkName,
  type RuleIssue,
} from '@wings/rules';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { StateView } from '../../../components/state-view';
import { CountryPicker } from '../../../features/account/components/country-picker';
import {
  Choice,
  DateInput,
  FieldError,
  FormCard,
  FormField,
  SelectButton,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { countryName } from '../../../features/account/countries';
import { PhotoField } from '../../../features/members/photos/photo-field';
import {
  useBeneficiaries,
  useSaveBeneficiary,
  useUpdateBeneficiary,
} from '../../../features/members/records/beneficiaries';
import { RecordLoading, RecordNotFound, RecordPage } from '../../../features/members/records/record-page';
import { FormAlert, todayInHub } from '../../../features/members/records/record-ui';

type Relationship = (typeof BENEFICIARY_RELATIONSHIPS)[number];

export interface IdentificationValues {
  documentType: 0 | 1;
  documentNo: string;
  validTo: string;
  frontPhotoId: string | null;
  backPhotoId: string | null;
}

export interface BeneficiaryValues extends Record<string, unknown> {
  surname: string;
  givenName: string;
  middleName: string;
  gender: 0 | 1 | null;
  birthday: string;
  nationality: string;
  relationship: Relationship | null;
  identifications: IdentificationValues[];
  validFrom: string;
  validTo: string;
}

/** At most two identifications: an ID card and a passport. */
const IDENTIFICATIONS_MAX = 2;

const newIdentification = (documentType: 0 | 1): IdentificationValues => ({
  documentType,
  documentNo: '',
  validTo: '',
  frontPhotoId: null,
  backPhotoId: null,
});

const EMPTY: BeneficiaryValues = {
  surname: '',
  givenName: '',
  middleName: '',
  gender: null,
  birthday: '',
  nationality: '',
  relationship: null,
  identifications: [newIdentification(0)],
  validFrom: '',
  validTo: '',
};

function fromBeneficiary(b: Beneficiary): BeneficiaryValues {
  return {
    surname: b.surname,
    givenName: b.givenName,
    middleName: b.middleName ?? '',
    gender: b.gender,
    birthday: b.birthday,
    nationality: b.nationality,
    relationship: b.relationship,
    // The numbers come masked: the member types them again when changing the beneficiary.
    identifications: b.identifications.map((id) => ({
      documentType: id.documentType,
      documentNo: '',
      validTo: id.validTo,
      frontPhotoId: id.frontPhotoId,
      backPhotoId: id.backPhotoId,
    })),
    validFrom: b.validFrom,
    validTo: b.validTo,
  };
}

export function toBeneficiarySave(v: BeneficiaryValues): BeneficiarySave {
  return {
    surname: v.surname.trim().toUpperCase(),
    givenName: v.givenName.trim().toUpperCase(),
    middleName: v.middleName.trim() ? v.middleName.trim().toUpperCase() : null,
    gender: v.gender ?? 0,
    birthday: v.birthday,
    nationality: v.nationality,
    relationship: v.relationship ?? 'relative',
    identifications: v.identifications.map((id) => ({
      documentType: id.documentType,
      documentNo: id.documentNo.trim().toUpperCase(),
      validTo: id.validTo,
      frontPhotoId: id.frontPhotoId,
      backPhotoId: id.documentType === 0 ? id.backPhotoId : null,
    })),
    validFrom: v.validFrom,
    validTo: v.validTo,
  };
}

/** Every rule the API applies to a beneficiary (after-sales §5), with the person's own. */
export function beneficiaryRules(v: BeneficiaryValues): RuleIssue[] {
  const today = todayInHub();
  const issues: RuleIssue[] = [
    ...checkName(v.surname, v.givenName),
    ...checkMiddleName(v.middleName),
    ...checkBirthday(v.birthday, today),
    ...checkMemberBeneficiary(v, today),
  ];
  if (v.gender === null) issues.push({ field: 'gender', key: 'memberRecords.gender_required' });
  if (!/^[A-Za-z]{2}$/.test(v.nationality))
    issues.push({ field: 'nationality', key: 'person.nationality_required' });
  if (v.relationship === null)
    issues.push({ field: 'relationship', key: 'memberRecords.relationship_required' });
  return issues;
}

type Field = keyof BeneficiaryValues & string;

function BeneficiaryForm({ original }: { original?: Beneficiary }) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const save = useSaveBeneficiary();
  const update = useUpdateBeneficiary();
  const [alert, setAlert] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const form = useRuleForm<BeneficiaryValues>(original ? fromBeneficiary(original) : EMPTY, beneficiaryRules);
  const { values } = form;
  // Nested fields (`identifications.0.documentNo`) are checked and shown by their full name.
  const err = (field: string) => form.error(field as Field);

  function setIdentification(index: number, patch: Partial<IdentificationValues>, touched?: string) {
    form.set(
      'identifications',
      values.identifications.map((id, i) => (i === index ? { ...id, ...patch } : id)),
    );
    if (touched) form.blur(`identifications.${index}.${touched}` as Field);
  }

  async function submit() {
    setAlert(null);
    if (!form.validate()) return;
    try {
      if (original) await update.mutateAsync({ ...toBeneficiarySave(values), id: original.id });
      else await save.mutateAsync(toBeneficiarySave(values));
      Toast.show({ content: t('memberRecords.beneficiary_saved'), duration: TOAST_DURATION_MS });
      nav.back(paths.vipBeneficiaries);
    } catch (error) {
      if (form.applyServerError(error) || !isApiError(error)) return;
      if (error.code === ErrorCodes.memberDocumentPhotoMissing.code) {
        const i = values.identifications.findIndex(
          (id) => !id.frontPhotoId || (id.documentType === 0 && !id.backPhotoId),
        );
        if (i >= 0) {
          const id = values.identifications[i];
          form.setFieldError(
            `identifications.${i}.${id?.frontPhotoId ? 'backPhotoId' : 'frontPhotoId'}` as Field,
            error.message,
          );
          return;
        }
      }
      setAlert(error.message);
    }
  }

  const text = (field: 'surname' | 'givenName' | 'middleName', label: string) => (
    <FormField label={label} field={field} error={err(field)}>
      <TextInput
        field={field}
        testId={`beneficiary-${field}`}
        autoCapitalize="characters"
        autoComplete="off"
        value={values[field]}
        invalid={Boolean(err(field))}
        onChange={(v) => form.set(field, v)}
        onBlur={() => form.blur(field)}
      />
    </FormField>
  );

  const usedTypes = values.identifications.map((id) => id.documentType);

  return (
    <FormCard onSubmit={submit}>
      <FormAlert message={alert} />
      <p className="record-note">{t('memberRecords.beneficiary_pending')}</p>
      {text('surname', t('person.surname'))}
      {text('givenName', t('person.given_name'))}
      {text('middleName', t('person.middle_name'))}
      <FormField label={t('person.gender')} field="gender" error={err('gender')}>
        <Choice
          field="gender"
          value={values.gender}
          options={([0, 1] as const).map((v) => ({ value: v, label: t(`gender.${v}`) }))}
          onChange={(v) => {
            form.set('gender', v);
            form.blur('gender');
          }}
          testIdPrefix="beneficiary-gender"
        />
      </FormField>
      <FormField label={t('person.birthday')} field="birthday" error={err('birthday')}>
        <DateInput
          field="birthday"
          testId="beneficiary-birthday"
          value={values.birthday}
          max={todayInHub()}
          invalid={Boolean(err('birthday'))}
          onChange={(v) => {
            form.set('birthday', v);
            form.blur('birthday');
          }}
        />
      </FormField>
      <FormField label={t('person.nationality')} field="nationality" error={err('nationality')}>
        <SelectButton
          field="nationality"
          testId="beneficiary-nationality"
          text={values.nationality ? countryName(values.nationality, lang) : ''}
          placeholder={t('person.choose_nationality')}
          onOpen={() => setPicking(true)}
        />
      </FormField>
      <FormField label={t('memberRecords.relationship')} field="relationship" error={err('relationship')}>
        <Choice
          field="relationship"
          value={values.relationship}
          options={BENEFICIARY_RELATIONSHIPS.map((v) => ({
            value: v,
            label: t(`memberRecords.relationship_${v}`),
          }))}
          onChange={(v) => {
            form.set('relationship', v);
            form.blur('relationship');
          }}
          testIdPrefix="beneficiary-relationship"
        />
      </FormField>

      {values.identifications.map((id, i) => {
        const prefix = `identifications.${i}.`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: at most two, in a fixed order; the index is their name in the form.
          <fieldset key={i} className="record-subform" data-testid={`beneficiary-id-${i}`}>
            <div className="record-subform-head">
              <span>{t('memberRecords.identification_n', { n: i + 1 })}</span>
              {values.identifications.length > 1 ? (
                <button
                  type="button"
                  className="record-action record-action-danger"
                  data-testid={`beneficiary-id-${i}-remove`}
                  onClick={() =>
                    form.set(
                      'identifications',
                      values.identifications.filter((_, j) => j !== i),
                    )
                  }
                >
                  {t('memberRecords.identification_remove')}
                </button>
              ) : null}
            </div>
            <FormField label={t('memberRecords.doc_type')} field={`${prefix}documentType`} error={null}>
              <Choice
                field={`${prefix}documentType`}
                value={id.documentType}
                options={([0, 1] as const).map((v) => ({
                  value: v,
                  label: t(`memberRecords.doc_type_${v}`),
                }))}
                onChange={(v) => setIdentification(i, { documentType: v })}
                testIdPrefix={`beneficiary-id-${i}-type`}
              />
            </FormField>
            <FormField
              label={t('memberRecords.doc_number')}
              field={`${prefix}documentNo`}
              error={err(`${prefix}documentNo`)}
              hint={
                original?.identifications[i]
                  ? t('memberRecords.doc_number_again', { number: original.identifications[i].documentNo })
                  : undefined
              }
            >
              <TextInput
                field={`${prefix}documentNo`}
                testId={`beneficiary-id-${i}-number`}
                autoCapitalize="characters"
                autoComplete="off"
                value={id.documentNo}
                invalid={Boolean(err(`${prefix}documentNo`))}
                onChange={(v) => setIdentification(i, { documentNo: v })}
                onBlur={() => form.blur(`${prefix}documentNo` as Field)}
              />
            </FormField>
            <FormField
              label={t('memberRecords.doc_expiry')}
              field={`${prefix}validTo`}
              error={err(`${prefix}validTo`)}
            >
              <DateInput
                field={`${prefix}validTo`}
                testId={`beneficiary-id-${i}-valid-to`}
                value={id.validTo}
                min={todayInHub()}
                invalid={Boolean(err(`${prefix}validTo`))}
                onChange={(v) => setIdentification(i, { validTo: v }, 'validTo')}
              />
            </FormField>
            <PhotoField
              label={t(
                id.documentType === 0 ? 'memberRecords.photo_id_front' : 'memberRecords.photo_passport',
              )}
              value={id.frontPhotoId}
              onChange={(fileId) => setIdentification(i, { frontPhotoId: fileId }, 'frontPhotoId')}
              error={err(`${prefix}frontPhotoId`) ?? undefined}
              testId={`beneficiary-id-${i}-front`}
            />
            {id.documentType === 0 ? (
              <PhotoField
                label={t('memberRecords.photo_id_back')}
                value={id.backPhotoId}
                onChange={(fileId) => setIdentification(i, { backPhotoId: fileId }, 'backPhotoId')}
                error={err(`${prefix}backPhotoId`) ?? undefined}
                testId={`beneficiary-id-${i}-back`}
              />
            ) : null}
          </fieldset>
        );
      })}
      <FieldError field="identifications" message={err('identifications')} />
      {values.identifications.length < IDENTIFICATIONS_MAX ? (
        <button
          type="button"
          className="record-action"
          data-testid="beneficiary-id-add"
          onClick={() =>
            form.set('identifications', [
              ...values.identifications,
              newIdentification(usedTypes.includes(0) ? 1 : 0),
            ])
          }
        >
          {t('memberRecords.identification_add')}
        </button>
      ) : null}

      <FormField label={t('memberRecords.valid_from')} field="validFrom" error={err('validFrom')}>
        <DateInput
          field="validFrom"
          testId="beneficiary-valid-from"
          value={values.validFrom}
          max={todayInHub()}
          invalid={Boolean(err('validFrom'))}
          onChange={(v) => {
            form.set('validFrom', v);
            form.blur('validFrom');
          }}
        />
      </FormField>
      <FormField label={t('memberRecords.valid_to')} field="validTo" error={err('validTo')}>
        <DateInput
          field="validTo"
          testId="beneficiary-valid-to"
          value={values.validTo}
          min={todayInHub()}
          invalid={Boolean(err('validTo'))}
          onChange={(v) => {
            form.set('validTo', v);
            form.blur('validTo');
          }}
        />
      </FormField>
      <SubmitButton loading={save.isPending || update.isPending} testId="beneficiary-save">
        {t('common.save')}
      </SubmitButton>
      <CountryPicker
        visible={picking}
        mode="nationality"
        title={t('person.nationality')}
        selected={values.nationality}
        testIdPrefix="nationality"
        onSelect={(code) => {
          form.set('nationality', code);
          form.blur('nationality');
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
    </FormCard>
  );
}

/** Name a beneficiary (no id) or change one (`?id=`): not yet effective until staff check it. */
export default function VipBeneficiaryEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const beneficiaries = useBeneficiaries();
  const existing = id ? beneficiaries.data?.list.find((b) => b.id === id) : undefined;

  let body: React.ReactNode;
  if (beneficiaries.isPending) body = <RecordLoading />;
  else if (id && !existing) {
    body = <RecordNotFound />;
  } else if (!id && beneficiaries.data?.canAdd === false) {
    body = <StateView tone="info" title={t('memberRecords.beneficiaries_full')} testId="beneficiary-full" />;
  } else body = <BeneficiaryForm key={id ?? 'new'} original={existing} />;

  return (
    <RecordPage
      title={id ? t('memberRecords.beneficiary_edit') : t('memberRecords.beneficiary_add')}
      back={paths.vipBeneficiaries}
    >
      {body}
    </RecordPage>
  );
}
