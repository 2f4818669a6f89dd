import { isApiError } from '@wings/api-client';
import { addMonths, claimDateProblem, isTicketNumber } from '@wings/rules';
import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { showToast } from '../../../components/toast';
import { DateInput, FormField, TextInput } from '../../../features/account/components/form-field';
import { useSaveClaim } from '../../../features/mileage/api';
import { hubToday, MileagePage } from '../../../features/mileage/mileage-ui';

type Field = 'ticketNo' | 'flightNo' | 'flightDate';
const FLIGHT_NO = /^[A-Z0-9]{2}\d{1,4}$/;

/** The form's problems by field, from the shared rules (packages/rules mileage.ts). */
function problems(v: Record<Field, string>, today: string): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  if (v.ticketNo.trim() === '') out.ticketNo = 'miles.required';
  else if (!isTicketNumber(v.ticketNo)) out.ticketNo = 'miles.ticket_invalid';
  if (v.flightNo.trim() === '') out.flightNo = 'miles.required';
  else if (!FLIGHT_NO.test(v.flightNo.trim().toUpperCase())) out.flightNo = 'miles.flight_invalid';
  if (v.flightDate === '') out.flightDate = 'miles.required';
  else {
    const problem = claimDateProblem(v.flightDate, today);
    if (problem) out.flightDate = problem;
  }
  return out;
}

/**
 * A retroactive claim (issue 18; spec §1): a flown flight whose miles were not credited, by ticket
 * number, flight and date (flown, within 6 months). The rules are checked before sending; the
 * server's refusals (86x/87x) are shown above the button; once sent, back to the claims.
 */
export default function MileageClaimNewPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const save = useSaveClaim();
  const today = hubToday();
  const [values, setValues] = useState<Record<Field, string>>({ ticketNo: '', flightNo: '', flightDate: '' });
  const [shown, setShown] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const found = problems(values, today);
  const error = (f: Field) => (shown && found[f] ? t(found[f]) : null);
  const set = (f: Field) => (v: string) => {
    setValues((old) => ({ ...old, [f]: v }));
    setServerError(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({
        ticketNo: values.ticketNo.replace(/[\s-]/g, ''),
        flightNo: values.flightNo.trim().toUpperCase(),
        flightDate: values.flightDate,
      });
      void showToast(t('miles.claim_sent'));
      nav.replace(paths.vipClaims);
    } catch (err) {
      // Codes the client has not toasted are the form's to show (the rest were toasted already).
      if (isApiError(err) && !err.shown) setServerError(err.message);
    }
  }

  return (
    <MileagePage title={t('miles.claim_new')} back={paths.vipClaims}>
      <form className="card" noValidate onSubmit={(e) => void submit(e)} data-testid="mi-claim-form">
        <FormField
          label={t('miles.ticket_no')}
          field="ticketNo"
          error={error('ticketNo')}
          hint={t('miles.ticket_hint')}
        >
          <TextInput
            field="ticketNo"
            testId="mi-claim-ticket"
            inputMode="numeric"
            value={values.ticketNo}
            onChange={set('ticketNo')}
            invalid={Boolean(error('ticketNo'))}
          />
        </FormField>
        <FormField label={t('miles.flight_no')} field="flightNo" error={error('flightNo')}>
          <TextInput
            field="flightNo"
            testId="mi-claim-flight"
            autoCapitalize="characters"
            placeholder="WC101"
            value={values.flightNo}
            onChange={set('flightNo')}
            invalid={Boolean(error('flightNo'))}
          />
        </FormField>
        <FormField label={t('miles.flight_date')} field="flightDate" error={error('flightDate')}>
          <DateInput
            field="flightDate"
            testId="mi-claim-date"
            min={addMonths(today, -6)}
            max={today}
            value={values.flightDate}
            onChange={set('flightDate')}
            invalid={Boolean(error('flightDate'))}
          />
        </FormField>
        {serverError ? (
          <p className="mb-notice mb-notice-error" role="alert" data-testid="mi-claim-server-error">
            {serverError}
          </p>
        ) : null}
        <Button block color="primary" type="submit" loading={save.isPending} data-testid="mi-claim-submit">
          {t('miles.claim_submit')}
        </Button>
      </form>
    </MileagePage>
  );
}
