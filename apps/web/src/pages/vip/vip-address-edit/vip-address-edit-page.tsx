import { isApiError } from '@wings/api-client';
import { ErrorCodes, type LanguageTag, type MemberAddress } from '@wings/contracts';
import { checkAddress, MEMBER_ADDRESSES_MAX, mainRecordProblem, type RuleIssue } from '@wings/rules';
import { Switch, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { CountryPicker } from '../../../features/account/components/country-picker';
import {
  FormCard,
  FormField,
  SelectButton,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { countryName } from '../../../features/account/countries';
import {
  type AddressInput,
  useAddresses,
  useSaveAddress,
  useUpdateAddress,
} from '../../../features/members/records/addresses';
import { RecordLoading, RecordNotFound, RecordPage } from '../../../features/members/records/record-page';
import { FormAlert } from '../../../features/members/records/record-ui';

export interface AddressValues extends Record<string, unknown> {
  country: string;
  province: string;
  city: string;
  postcode: string;
  detail: string;
  main: boolean;
}

const EMPTY: AddressValues = { country: 'KH', province: '', city: '', postcode: '', detail: '', main: false };

function toInput(v: AddressValues): AddressInput {
  return {
    country: v.country,
    province: v.province.trim(),
    city: v.city.trim(),
    postcode: v.postcode.trim(),
    detail: v.detail.trim(),
    main: v.main,
  };
}

const PROBLEM_KEY = {
  main_delete: 'delete_address_impor',
  main_exists: 'change_address_impor',
  full: 'member.records_full',
} as const;

function AddressForm({ original, others }: { original?: MemberAddress; others: readonly MemberAddress[] }) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const save = useSaveAddress();
  const update = useUpdateAddress();
  const [alert, setAlert] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const otherMain = others.some((a) => a.main);
  const rules = (v: AddressValues): RuleIssue[] => {
    const issues = checkAddress(v);
    const problem = original
      ? mainRecordProblem({ kind: 'update', main: v.main, wasMain: original.main, otherMain })
      : mainRecordProblem({
          kind: 'save',
          main: v.main,
          otherMain,
          count: others.length,
          max: MEMBER_ADDRESSES_MAX,
        });
    if (problem) issues.push({ field: 'main', key: PROBLEM_KEY[problem] });
    return issues;
  };
  const form = useRuleForm<AddressValues>(original ? { ...original } : EMPTY, rules);
  const { values } = form;

  async function submit() {
    setAlert(null);
    if (!form.validate()) return;
    try {
      if (original) await update.mutateAsync({ ...toInput(values), id: original.id });
      else await save.mutateAsync(toInput(values));
      Toast.show({ content: t('memberRecords.saved'), duration: TOAST_DURATION_MS });
      nav.back(paths.vipAddresses);
    } catch (error) {
      if (form.applyServerError(error) || !isApiError(error)) return;
      if (
        error.code === ErrorCodes.memberMainRecordExists.code ||
        error.code === ErrorCodes.memberMainRecordDelete.code
      ) {
        form.setFieldError('main', error.message);
      } else setAlert(error.message);
    }
  }

  const text = (field: 'province' | 'city' | 'postcode' | 'detail', autoComplete: string) => (
    <FormField label={t(`memberRecords.address_${field}`)} field={field} error={form.error(field)}>
      <TextInput
        field={field}
        testId={`address-${field}`}
        autoComplete={autoComplete}
        value={values[field]}
        invalid={Boolean(form.error(field))}
        onChange={(v) => form.set(field, v)}
        onBlur={() => form.blur(field)}
      />
    </FormField>
  );

  return (
    <FormCard onSubmit={submit}>
      <FormAlert message={alert} />
      <FormField label={t('memberRecords.address_country')} field="country" error={form.error('country')}>
        <SelectButton
          field="country"
          testId="address-country"
          text={values.country ? countryName(values.country, lang) : ''}
          placeholder={t('memberRecords.choose')}
          onOpen={() => setPicking(true)}
        />
      </FormField>
      {text('province', 'address-level1')}
      {text('city', 'address-level2')}
      {text('postcode', 'postal-code')}
      {text('detail', 'street-address')}
      <FormField label={t('memberRecords.address_main')} field="main" error={form.error('main')}>
        <div className="record-switch-row">
          <span className="small muted">{t('memberRecords.address_main_hint')}</span>
          <Switch
            checked={values.main}
            // The main address stays main: another one takes its place by becoming main itself.
            disabled={Boolean(original?.main)}
            aria-labelledby="label-main"
            data-testid="address-main"
            onChange={(checked) => {
              form.set('main', checked);
              form.blur('main');
            }}
          />
        </div>
      </FormField>
      <SubmitButton loading={save.isPending || update.isPending} testId="address-save">
        {t('common.save')}
      </SubmitButton>
      <CountryPicker
        visible={picking}
        mode="nationality"
        title={t('memberRecords.address_country')}
        selected={values.country}
        testIdPrefix="address-country"
        onSelect={(code) => {
          form.set('country', code);
          form.blur('country');
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
    </FormCard>
  );
}

/** Add an address (no id) or change one (`?id=`). */
export default function VipAddressEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const addresses = useAddresses();
  const list = addresses.data?.list ?? [];
  const existing = id ? list.find((a) => a.id === id) : undefined;
  const others = list.filter((a) => a.id !== id);

  let body: React.ReactNode;
  if (addresses.isPending) body = <RecordLoading />;
  else if (id && !existing) {
    body = <RecordNotFound />;
  } else body = <AddressForm key={id ?? 'new'} original={existing} others={others} />;

  return (
    <RecordPage
      title={id ? t('memberRecords.address_edit') : t('memberRecords.address_add')}
      back={paths.vipAddresses}
    >
      {body}
    </RecordPage>
  );
}
