import { isApiError } from '@wings/api-client';
import { ErrorCodes, type MemberDocument, type MemberDocumentInput } from '@wings/contracts';
import { checkMemberDocument, documentAddProblem, type RuleIssue } from '@wings/rules';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { StateView } from '../../../components/state-view';
import {
  Choice,
  DateInput,
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { PhotoField } from '../../../features/members/photos/photo-field';
import {
  useIdentities,
  useSaveIdentity,
  useUpdateIdentity,
} from '../../../features/members/records/identities';
import { RecordLoading, RecordNotFound, RecordPage } from '../../../features/members/records/record-page';
import { FormAlert, todayInHub } from '../../../features/members/records/record-ui';

export interface IdentityValues extends Record<string, unknown> {
  documentType: 0 | 1;
  documentNo: string;
  validFrom: string;
  validTo: string;
  frontPhotoId: string | null;
  backPhotoId: string | null;
}

function fromDocument(doc: MemberDocument): IdentityValues {
  return {
    documentType: doc.documentType,
    // The list shows the number masked: the member types it again when changing the document.
    documentNo: '',
    validFrom: doc.validFrom,
    validTo: doc.validTo,
    frontPhotoId: doc.frontPhotoId,
    backPhotoId: doc.backPhotoId,
  };
}

export function toDocumentInput(v: IdentityValues): MemberDocumentInput {
  return {
    documentType: v.documentType,
    documentNo: v.documentNo.trim().toUpperCase(),
    validFrom: v.validFrom,
    validTo: v.validTo,
    frontPhotoId: v.frontPhotoId,
    // A passport has its photo page only.
    backPhotoId: v.documentType === 0 ? v.backPhotoId : null,
  };
}

/** Refusals that belong to one field of the form; the others are shown at its top. */
const FIELD_OF_CODE: Record<string, keyof IdentityValues & string> = {
  [ErrorCodes.memberDocumentTypeExists.code]: 'documentType',
  [ErrorCodes.memberDocumentExist.code]: 'documentNo',
};

function IdentityForm({
  original,
  otherTypes,
}: {
  original?: MemberDocument;
  otherTypes: readonly number[];
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const save = useSaveIdentity();
  const update = useUpdateIdentity();
  const [alert, setAlert] = useState<string | null>(null);
  const rules = (v: IdentityValues): RuleIssue[] => {
    const issues = checkMemberDocument(v, todayInHub());
    const problem = documentAddProblem(otherTypes, v.documentType);
    if (problem === 'type_exists') issues.push({ field: 'documentType', key: 'member.document_type_exists' });
    return issues;
  };
  const form = useRuleForm<IdentityValues>(
    original
      ? fromDocument(original)
      : {
          documentType: otherTypes.includes(0) ? 1 : 0,
          documentNo: '',
          validFrom: '',
          validTo: '',
          frontPhotoId: null,
          backPhotoId: null,
        },
    rules,
  );
  const { values } = form;
  const photoError = (field: 'frontPhotoId' | 'backPhotoId') => form.error(field) ?? undefined;

  async function submit() {
    setAlert(null);
    if (!form.validate()) return;
    try {
      if (original) await update.mutateAsync({ ...toDocumentInput(values), id: original.id });
      else await save.mutateAsync(toDocumentInput(values));
      Toast.show({ content: t('memberRecords.identity_saved'), duration: TOAST_DURATION_MS });
      nav.back(paths.vipIdentities);
    } catch (error) {
      if (form.applyServerError(error) || !isApiError(error)) return;
      if (error.code === ErrorCodes.memberDocumentPhotoMissing.code) {
        const missing = !values.frontPhotoId || values.documentType === 1 ? 'frontPhotoId' : 'backPhotoId';
        form.setFieldError(missing, error.message);
        return;
      }
      const field = FIELD_OF_CODE[error.code];
      if (field) form.setFieldError(field, error.message);
      else setAlert(error.message);
    }
  }

  return (
    <FormCard onSubmit={submit}>
      <FormAlert message={alert} />
      {original ? <p className="record-note">{t('memberRecords.identity_edit_note')}</p> : null}
      <FormField label={t('memberRecords.doc_type')} field="documentType" error={form.error('documentType')}>
        <Choice
          field="documentType"
          value={values.documentType}
          options={([0, 1] as const).map((v) => ({ value: v, label: t(`memberRecords.doc_type_${v}`) }))}
          onChange={(v) => {
            form.set('documentType', v);
            form.blur('documentType');
          }}
          testIdPrefix="identity-type"
        />
      </FormField>
      <FormField
        label={t('memberRecords.doc_number')}
        field="documentNo"
        error={form.error('documentNo')}
        hint={original ? t('memberRecords.doc_number_again', { number: original.documentNo }) : undefined}
      >
        <TextInput
          field="documentNo"
          testId="identity-number"
          autoCapitalize="characters"
          autoComplete="off"
          value={values.documentNo}
          invalid={Boolean(form.error('documentNo'))}
          onChange={(v) => form.set('documentNo', v)}
          onBlur={() => form.blur('documentNo')}
        />
      </FormField>
      <FormField label={t('memberRecords.valid_from')} field="validFrom" error={form.error('validFrom')}>
        <DateInput
          field="validFrom"
          testId="identity-valid-from"
          value={values.validFrom}
          max={todayInHub()}
          invalid={Boolean(form.error('validFrom'))}
          onChange={(v) => {
            form.set('validFrom', v);
            form.blur('validFrom');
          }}
        />
      </FormField>
      <FormField label={t('memberRecords.valid_to')} field="validTo" error={form.error('validTo')}>
        <DateInput
          field="validTo"
          testId="identity-valid-to"
          value={values.validTo}
          min={todayInHub()}
          invalid={Boolean(form.error('validTo'))}
          onChange={(v) => {
            form.set('validTo', v);
            form.blur('validTo');
          }}
        />
      </FormField>
      <PhotoField
        label={t(values.documentType === 0 ? 'memberRecords.photo_id_front' : 'memberRecords.photo_passport')}
        value={values.frontPhotoId}
        onChange={(id) => {
          form.set('frontPhotoId', id);
          form.blur('frontPhotoId');
        }}
        error={photoError('frontPhotoId')}
        testId="identity-front"
      />
      {values.documentType === 0 ? (
        <PhotoField
          label={t('memberRecords.photo_id_back')}
          value={values.backPhotoId}
          onChange={(id) => {
            form.set('backPhotoId', id);
            form.blur('backPhotoId');
          }}
          error={photoError('backPhotoId')}
          testId="identity-back"
        />
      ) : null}
      <SubmitButton loading={save.isPending || update.isPending} testId="identity-save">
        {t('common.save')}
      </SubmitButton>
    </FormCard>
  );
}

/** Add a document (no id) or change one (`?id=`): either goes under review until staff check it. */
export default function VipIdentityEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const identities = useIdentities();
  const list = identities.data?.list ?? [];
  const existing = id ? list.find((d) => d.id === id) : undefined;
  const otherTypes = list.filter((d) => d.id !== id).map((d) => d.documentType);

  let body: React.ReactNode;
  if (identities.isPending) body = <RecordLoading />;
  else if (id && !existing) {
    body = <RecordNotFound />;
  } else if (
    !id &&
    identities.data &&
    (!identities.data.canAdd || documentAddProblem(otherTypes, 0) === 'full')
  ) {
    body = <StateView tone="info" title={t('memberRecords.identities_full')} testId="identity-full" />;
  } else body = <IdentityForm key={id ?? 'new'} original={existing} otherTypes={otherTypes} />;

  return (
    <RecordPage
      title={id ? t('memberRecords.identity_edit') : t('memberRecords.identity_add')}
      back={paths.vipIdentities}
    >
      {body}
    </RecordPage>
  );
}
