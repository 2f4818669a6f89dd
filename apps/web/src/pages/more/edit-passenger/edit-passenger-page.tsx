import type { SavedPassenger, SavedPassengerInput } from '@wings/contracts';
import {
  checkSavedPassenger,
  HUB_TIME_ZONE,
  localDate,
  PASSENGER_TYPE_CODE,
  passengerTypeOn,
  type RuleIssue,
} from '@wings/rules';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useAddSavedPassenger } from '../../../features/account/api/add-saved-passenger';
import { useSavedPassengers } from '../../../features/account/api/get-saved-passengers';
import { useUpdateSavedPassenger } from '../../../features/account/api/update-saved-passenger';
import { Choice, FormCard, FormField, SubmitButton } from '../../../features/account/components/form-field';
import {
  PassengerFields,
  type PersonFieldValues,
} from '../../../features/account/components/passenger-fields';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import '../../../features/account/components/account.css';

export interface PassengerValues extends PersonFieldValues, Record<string, unknown> {
  passengerType: 1 | 2 | 3 | null;
}

/** Today in Phnom Penh: the rules' "today" for ages and document expiry. */
const today = () => localDate(new Date(), HUB_TIME_ZONE);

const EMPTY: PassengerValues = {
  surname: '',
  givenName: '',
  middleName: '',
  passengerType: 1,
  title: null,
  gender: null,
  nationality: '',
  birthday: '',
  docType: 1,
  docNumber: '',
  docExpiry: '',
  email: '',
  countryCode: '+855',
  phone: '',
};

function fromSaved(p: SavedPassenger): PassengerValues {
  return {
    surname: p.surname,
    givenName: p.givenName,
    middleName: p.middleName ?? '',
    passengerType: p.passengerType,
    title: p.title,
    gender: p.gender,
    nationality: p.nationality,
    birthday: p.birthday,
    docType: p.docType,
    docNumber: p.docNumber,
    docExpiry: p.docExpiry,
    email: p.email ?? '',
    countryCode: p.countryCode ?? '+855',
    phone: p.phone ?? '',
  };
}

/** The request body: upper-case names and document number, empty optional fields as null. */
export function toInput(v: PassengerValues): SavedPassengerInput {
  const blank = (s: string) => s.trim() || null;
  return {
    surname: v.surname.trim().toUpperCase(),
    givenName: v.givenName.trim().toUpperCase(),
    middleName: blank(v.middleName.toUpperCase()),
    passengerType: v.passengerType ?? 1,
    title: v.title ?? 0,
    gender: v.gender ?? 0,
    nationality: v.nationality,
    birthday: v.birthday,
    docType: v.docType,
    docNumber: v.docNumber.trim().toUpperCase(),
    docExpiry: v.docExpiry,
    email: blank(v.email),
    countryCode: v.phone.trim() ? v.countryCode : null,
    phone: blank(v.phone),
  };
}

/** Every passenger rule of spec §5 the saved-passenger API applies too. */
export function passengerRules(v: PassengerValues): RuleIssue[] {
  return checkSavedPassenger(
    {
      ...v,
      docNumber: v.docNumber.toUpperCase(),
      middleName: v.middleName || null,
      email: v.email || null,
      countryCode: v.phone.trim() ? v.countryCode : null,
      phone: v.phone || null,
    },
    today(),
  );
}

function PassengerForm({ initial, id }: { initial: PassengerValues; id?: string }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const add = useAddSavedPassenger();
  const update = useUpdateSavedPassenger();
  const form = useRuleForm<PassengerValues>(initial, passengerRules);
  const { values } = form;

  async function submit() {
    if (!form.validate()) return;
    const body = toInput(values);
    try {
      if (id) await update.mutateAsync({ ...body, id });
      else await add.mutateAsync(body);
      Toast.show({ content: t('passengers.saved'), duration: TOAST_DURATION_MS });
      nav.back(paths.passengerList);
    } catch (error) {
      form.applyServerError(error);
    }
  }

  function chooseBirthday(birthday: string) {
    form.set('birthday', birthday);
    if (!birthday) return;
    // The type follows the age today; the traveller can still change it.
    const band = passengerTypeOn(birthday, today());
    if (band === 'adult' || band === 'child' || band === 'infant')
      form.set('passengerType', PASSENGER_TYPE_CODE[band]);
  }

  return (
    <FormCard onSubmit={submit}>
      <PassengerFields
        values={values}
        onChange={(field, value) => form.set(field, value as never)}
        onBlur={(field) => form.blur(field)}
        error={(field) => form.error(field)}
        testIdPrefix="passenger-edit"
        passengerType={values.passengerType}
        birthdayMax={today()}
        expiryMin={today()}
        onBirthday={chooseBirthday}
        afterBirthday={
          <FormField
            label={t('person.passenger_type')}
            field="passengerType"
            error={form.error('passengerType')}
          >
            <Choice
              field="passengerType"
              value={values.passengerType}
              options={([1, 2, 3] as const).map((v) => ({ value: v, label: t(`ptype.${v}`) }))}
              onChange={(v) => {
                form.set('passengerType', v);
                form.blur('passengerType');
              }}
              testIdPrefix="passenger-edit-passengerType"
            />
          </FormField>
        }
      />
      <SubmitButton loading={add.isPending || update.isPending} testId="passenger-save">
        {t('common.save')}
      </SubmitButton>
    </FormCard>
  );
}

/** Add (no id) or edit (`?id=`) a saved passenger with every field of spec §3. */
export default function EditPassengerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const passengers = useSavedPassengers();
  const existing = id ? passengers.data?.find((p) => p.id === id) : undefined;

  let body: React.ReactNode;
  if (!id) body = <PassengerForm initial={EMPTY} />;
  else if (existing)
    body = <PassengerForm key={existing.id} initial={fromSaved(existing)} id={existing.id} />;
  else if (passengers.isPending) body = <StateView title={t('common.loading')} />;
  else body = <StateView tone="error" title={t('passengers.not_found')} testId="passenger-not-found" />;

  return (
    <div className="account-page">
      <NavBar title={id ? t('passengers.edit') : t('passengers.add')} back={paths.passengerList} />
      <div className="page-body">{body}</div>
    </div>
  );
}
