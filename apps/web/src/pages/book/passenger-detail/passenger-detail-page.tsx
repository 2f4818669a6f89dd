import type { LanguageTag } from '@wings/contracts';
import { addMonths, checkGuestNationalities } from '@wings/rules';
import { Button } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { loginHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import {
  PassengerFields,
  type PersonField,
  type PersonFieldValues,
} from '../../../features/account/components/passenger-fields';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useSessionStore } from '../../../features/account/session-store';
import { useGuestNationalities } from '../../../features/booking/api/get-booking-settings';
import { type PassengerDraft, useBookingStore } from '../../../features/booking/booking-store';
import { NoOfferState } from '../../../features/booking/components/no-offer';
import {
  EMPTY_DRAFT,
  type JourneyDates,
  journeyDates,
  passengerRules,
  type Slot,
  slotById,
  slotsOf,
  todayInPhnomPenh,
} from '../../../features/booking/passengers';
import { serverMessage } from '../../../features/booking/server-message';
import { formatDate } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';

type DraftValues = PassengerDraft & Record<string, unknown>;

function DetailForm({ slot, journey }: { slot: Slot; journey: JourneyDates }) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const loggedIn = useSessionStore((s) => s.loggedIn);
  // The server's list (GET booking/settings); until it has answered, only the server checks.
  const guestNationalities = useGuestNationalities();
  const stored = useBookingStore((s) => s.passengers[slot.id]);
  const serverErrors = useBookingStore((s) => s.passengerErrors[slot.id]);
  const setPassenger = useBookingStore((s) => s.setPassenger);
  const clearServerError = useBookingStore((s) => s.clearServerError);
  const today = todayInPhnomPenh();

  const rules = useCallback(
    (v: DraftValues) => [
      ...passengerRules(v, slot.type, journey, today),
      // Guests learn at once that this nationality needs a login (the server has the final say).
      ...(guestNationalities
        ? checkGuestNationalities(v.nationality ? [v.nationality] : [], guestNationalities, loggedIn)
        : []
      ).map((issue) => ({ ...issue, field: 'nationality' })),
    ],
    [slot.type, journey, today, loggedIn, guestNationalities],
  );
  const initial = useRef<DraftValues>({ ...EMPTY_DRAFT, ...stored } as DraftValues);
  const form = useRuleForm<DraftValues>(initial.current, rules);
  const { values } = form;

  const { validate } = form;
  const hadDraft = useRef(Boolean(stored));
  useEffect(() => {
    // Coming back to a passenger typed before: show what still needs correcting right away.
    if (hadDraft.current) validate({ focus: false });
  }, [validate]);

  useEffect(() => {
    // Every keystroke is kept in the booking store: going back (or a reload) never loses it.
    if (values === initial.current) return;
    setPassenger(slot.id, {
      surname: values.surname,
      givenName: values.givenName,
      middleName: values.middleName,
      title: values.title,
      gender: values.gender,
      nationality: values.nationality,
      birthday: values.birthday,
      docType: values.docType,
      docNumber: values.docNumber,
      docExpiry: values.docExpiry,
      email: values.email,
      countryCode: values.countryCode,
      phone: values.phone,
      savedPassengerId: values.savedPassengerId ?? null,
    });
  }, [values, setPassenger, slot.id]);

  const error = (field: string): string | null => {
    const fromServer = serverErrors?.[field];
    return fromServer ? serverMessage(t, (k) => i18n.exists(k), fromServer) : form.error(field);
  };
  const change = <K extends PersonField>(field: K, value: PersonFieldValues[K]) => {
    form.set(field, value as DraftValues[K]);
    clearServerError(slot.id, field);
  };

  const nationalityRefused =
    !loggedIn &&
    guestNationalities &&
    values.nationality &&
    !guestNationalities.includes(values.nationality.toUpperCase());
  const typeName = t(`ptype.${slot.type}`);

  return (
    <form
      className="card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const rulesPass = form.validate();
        if (rulesPass && !Object.keys(serverErrors ?? {}).length) nav.back(paths.passengersInfo);
        // A server message still on a field: take the traveller to it.
        else if (rulesPass) form.focusFirstError();
      }}
    >
      <PassengerFields
        values={values}
        onChange={change}
        onBlur={(field) => form.blur(field)}
        error={error}
        testIdPrefix="passenger-detail"
        passengerType={slot.type}
        birthdayMax={today}
        expiryMin={today}
        birthdayHint={
          <span data-testid="passenger-detail-type-rule">
            {t(`booking.type_rule_${slot.kind}`, {
              type: typeName,
              date: formatDate(journey.firstDeparture, lang),
            })}
          </span>
        }
        expiryHint={t('booking.expiry_rule', {
          date: formatDate(addMonths(journey.lastDeparture, 6), lang),
        })}
      />
      {nationalityRefused ? (
        <div className="booking-inline-login" data-testid="nationality-refused">
          <span>{t('booking.login_lifts_limit')}</span>
          <Button
            size="small"
            color="primary"
            fill="outline"
            data-testid="nationality-login"
            onClick={() => nav.push(loginHref(`${paths.passengerDetail}?slot=${slot.id}`))}
          >
            {t('booking.guest_login')}
          </Button>
        </div>
      ) : null}
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        className="form-submit"
        data-testid="passenger-detail-save"
      >
        {t('booking.detail_done')}
      </Button>
      {values.savedPassengerId ? (
        <p className="muted small booking-card-intro" data-testid="passenger-detail-from-saved">
          {t('booking.from_saved')}
        </p>
      ) : null}
    </form>
  );
}

/** One passenger of the booking (`?slot=adult-0`): every field of spec §3, checked at the journey's dates. */
export default function PassengerDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const offer = useBookingStore((s) => s.offer);
  const leave = useBookingStore((s) => s.leave);
  const back = useBookingStore((s) => s.back);
  const slots = useMemo(() => (offer ? slotsOf(offer.passengers) : []), [offer]);
  const slot = slotById(slots, params.get('slot'));
  const journey = useMemo(() => journeyDates(offer, leave, back), [offer, leave, back]);

  let body: React.ReactNode;
  if (!offer || !journey) body = <NoOfferState />;
  else if (!slot) body = <StateView tone="error" title={t('booking.slot_unknown')} testId="slot-unknown" />;
  else body = <DetailForm key={slot.id} slot={slot} journey={journey} />;

  return (
    <div className="booking-page account-page">
      <NavBar
        title={
          slot
            ? t('booking.slot_label', { type: t(`ptype.${slot.type}`), n: slot.number })
            : t('booking.passenger')
        }
        theme="navy"
        back={paths.passengersInfo}
      />
      <div className="page-body">{body}</div>
    </div>
  );
}
