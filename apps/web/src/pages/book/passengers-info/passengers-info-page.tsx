import { isApiError } from '@wings/api-client';
import { countryList, ErrorCodes, type LanguageTag } from '@wings/contracts';
import type { RuleIssue } from '@wings/rules';
import { Button, Toast } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { loginHref, paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import { FormField, TextInput } from '../../../features/account/components/form-field';
import { PhoneField } from '../../../features/account/components/phone-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useSessionStore } from '../../../features/account/session-store';
import { useAddPassenger } from '../../../features/booking/api/add-passenger';
import { useGuestNationalities } from '../../../features/booking/api/get-booking-settings';
import {
  type ContactDraft,
  EMPTY_CONTACT,
  type ServerFieldError,
  useBookingStore,
} from '../../../features/booking/booking-store';
import { NoOfferState } from '../../../features/booking/components/no-offer';
import {
  contactRules,
  draftName,
  FIELD_LABEL_KEYS,
  journeyDates,
  mapServerFields,
  partyRules,
  passengerRules,
  type Slot,
  slotsOf,
  toBookingPassenger,
  toContact,
} from '../../../features/booking/passengers';
import { serverMessage } from '../../../features/booking/server-message';
import { formatDate } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';

type ContactValues = ContactDraft & Record<string, unknown>;
type ContactField = 'name' | 'countryCode' | 'phone' | 'email';

interface SlotMessage {
  field: string;
  text: string;
}

function SlotCard({
  slot,
  messages,
  complete,
  loggedIn,
}: {
  slot: Slot;
  messages: SlotMessage[];
  complete: boolean;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const draft = useBookingStore((s) => s.passengers[slot.id]);
  const name = draftName(draft);
  const status = complete ? 'complete' : draft ? 'attention' : 'empty';
  return (
    <section
      className={`card pax-slot pax-slot-${status}`}
      data-testid={`slot-${slot.id}`}
      data-status={status}
      data-invalid={messages.length > 0 || undefined}
    >
      <div className="pax-slot-head">
        <span className="pax-slot-label" data-testid={`slot-label-${slot.id}`}>
          {t('booking.slot_label', { type: t(`ptype.${slot.type}`), n: slot.number })}
        </span>
        <span className="muted small">{t(`booking.age_band_${slot.kind}`)}</span>
      </div>
      <button
        type="button"
        className="pax-slot-open"
        data-testid={`slot-open-${slot.id}`}
        onClick={() => nav.push(`${paths.passengerDetail}?slot=${slot.id}`)}
      >
        <span
          className={name ? 'pax-slot-name' : 'pax-slot-placeholder'}
          data-testid={`slot-name-${slot.id}`}
        >
          {name || t('booking.slot_fill')}
        </span>
        <span className={`pax-slot-status pax-slot-status-${status}`}>
          {status === 'complete'
            ? t('booking.slot_complete')
            : status === 'attention'
              ? t('booking.slot_attention')
              : ''}
          <span aria-hidden="true"> ›</span>
        </span>
      </button>
      {loggedIn ? (
        <button
          type="button"
          className="text-link pax-slot-saved"
          data-testid={`slot-saved-${slot.id}`}
          onClick={() => nav.push(`${paths.selectPassenger}?slot=${slot.id}`)}
        >
          {t('booking.choose_saved')}
        </button>
      ) : null}
      {messages.length > 0 ? (
        <ul className="pax-slot-errors" data-testid={`slot-errors-${slot.id}`}>
          {messages.map((m) => (
            <li
              key={`${m.field}-${m.text}`}
              className="field-error"
              data-testid={`slot-error-${slot.id}-${m.field}`}
            >
              {FIELD_LABEL_KEYS[m.field] ? `${t(FIELD_LABEL_KEYS[m.field]!)}: ` : ''}
              {m.text}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The contact's starting values: what was typed before, else the logged-in user's profile. */
function initialContact(stored: ContactDraft, user: ReturnType<typeof useSessionStore.getState>['user']) {
  const untouched = !stored.name && !stored.phone && !stored.email;
  if (!untouched || !user) return stored;
  const name = [user.givenName, user.surname].filter(Boolean).join(' ');
  return {
    name: /^[A-Za-z ]+$/.test(name) ? name : '',
    countryCode: user.countryCode ?? EMPTY_CONTACT.countryCode,
    phone: user.phone ?? '',
    email: user.email ?? '',
  };
}

/**
 * Passengers and contact (spec §2, §5; issue 4): one slot per passenger of the search, each
 * opening passenger-detail (or, logged in, the saved passengers); the party rules; the contact;
 * the guest nationality notice. Continue asks addPassenger and puts its problems back on the
 * slot and field they are about.
 */
export default function PassengersInfoPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const store = useBookingStore();
  const { offer, leave, back, passengers: drafts, passengerErrors, contactErrors } = store;
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const guestNationalities = useGuestNationalities();
  const user = useSessionStore((s) => s.user);
  const add = useAddPassenger();
  const [attempted, setAttempted] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const [offerGone, setOfferGone] = useState(false);
  const counts = offer?.passengers ?? store.search.passengers;
  const slots = useMemo(() => slotsOf(counts), [counts]);
  const journey = useMemo(() => journeyDates(offer, leave, back), [offer, leave, back]);

  const contactForm = useRuleForm<ContactValues>(
    initialContact(store.contact, user) as ContactValues,
    useCallback((v: ContactValues) => contactRules(v), []),
  );
  const contactValues = contactForm.values;
  const setContact = store.setContact;
  useEffect(() => {
    // The contact follows every keystroke into the booking store, so it survives going back.
    setContact({
      name: contactValues.name,
      countryCode: contactValues.countryCode,
      phone: contactValues.phone,
      email: contactValues.email,
    });
  }, [contactValues, setContact]);

  if (!offer || !journey) {
    return (
      <div className="booking-page">
        <NavBar title={t('booking.passengers_title')} theme="navy" back={paths.tripSummary} />
        <NoOfferState />
      </div>
    );
  }

  const party = partyRules(slots, drafts, journey, loggedIn, guestNationalities);
  const localIssues = new Map<string, RuleIssue[]>(
    slots.map((slot) => {
      const draft = drafts[slot.id];
      return [slot.id, draft ? passengerRules(draft, slot.type, journey) : []];
    }),
  );
  const allFilled = slots.every((slot) => drafts[slot.id]);
  const partyWide = party.filter((issue) => issue.field === 'passengers');

  function messagesOf(slot: Slot): SlotMessage[] {
    const out: SlotMessage[] = [];
    const seen = new Set<string>();
    const push = (field: string, text: string) => {
      if (seen.has(field)) return;
      seen.add(field);
      out.push({ field, text });
    };
    for (const [field, error] of Object.entries(passengerErrors[slot.id] ?? {})) {
      push(
        field,
        serverMessage(t, (k) => i18n.exists(k), error),
      );
    }
    for (const issue of party) {
      const m = /^passengers\.(\d+)\.(\w+)$/.exec(issue.field);
      if (m && Number(m[1]) === slot.index) push(m[2]!, t(issue.key, issue.params ?? {}));
    }
    const draft = drafts[slot.id];
    if (!draft && attempted) push('slot', t('booking.slot_required'));
    if (draft && (attempted || draft.surname || draft.birthday)) {
      for (const issue of localIssues.get(slot.id) ?? []) push(issue.field, t(issue.key, issue.params ?? {}));
    }
    return out;
  }

  const contactError = (field: ContactField): string | null => {
    const fromServer = contactErrors[field];
    return fromServer ? serverMessage(t, (k) => i18n.exists(k), fromServer) : contactForm.error(field);
  };
  const setContactField = (field: ContactField, value: string) => {
    contactForm.set(field, value);
    store.clearServerError('contact', field);
  };

  async function submit() {
    if (!offer || !journey) return;
    setAttempted(true);
    setGeneral([]);
    const contactOk = contactForm.validate();
    const slotsOk = slots.every((slot) => drafts[slot.id] && localIssues.get(slot.id)?.length === 0);
    if (!contactOk || !slotsOk || party.length > 0) {
      Toast.show({ content: t('booking.fix_passengers'), duration: TOAST_DURATION_MS });
      // The first problem may be a passenger slot above the contact: go to whichever comes first.
      contactForm.focusFirstError();
      return;
    }
    try {
      await add.mutateAsync({
        offerId: offer.offerId,
        passengers: slots.map((slot) => toBookingPassenger(drafts[slot.id]!, slot.type)),
        contact: toContact(contactForm.values),
      });
      store.setServerErrors({}, {});
      // Add-ons come next (issue 14); the review follows them.
      nav.push(paths.addedServices);
    } catch (error) {
      if (!isApiError(error)) return;
      if (error.code === ErrorCodes.offerExpired.code) {
        setOfferGone(true);
        return;
      }
      const mapped = mapServerFields(error.fields, slots);
      store.setServerErrors(mapped.passengers, mapped.contact);
      const generalTexts = mapped.general.map((e: ServerFieldError) =>
        serverMessage(t, (k) => i18n.exists(k), e),
      );
      if (error.fields.length === 0) generalTexts.push(error.message);
      setGeneral(generalTexts);
      Toast.show({ content: t('booking.fix_passengers'), duration: TOAST_DURATION_MS });
      contactForm.focusFirstError();
    }
  }

  // Known once the server has said (GET booking/settings); the notice waits for it.
  const allowed = guestNationalities ? countryList(guestNationalities, lang) : null;

  return (
    <div className="booking-page" data-testid="passengers-info">
      <NavBar title={t('booking.passengers_title')} theme="navy" back={paths.tripSummary} />
      <div className="booking-hero">
        <span>{t('booking.first_departure', { date: formatDate(journey.firstDeparture, lang) })}</span>
      </div>
      <div className="page-body booking-body">
        {offerGone ? (
          <section
            className="card booking-alert booking-alert-error"
            data-testid="offer-expired"
            role="alert"
          >
            <p>{t('offer_expired')}</p>
            <Button
              color="primary"
              size="small"
              data-testid="back-to-search"
              onClick={() => {
                store.clearOffer();
                nav.replace(paths.flightList);
              }}
            >
              {t('booking.back_to_results')}
            </Button>
          </section>
        ) : null}
        {loggedIn || allowed === null ? null : (
          <section className="card booking-alert" data-testid="guest-notice">
            <p>{t('booking.guest_notice', { nationalities: allowed })}</p>
            <Button
              size="small"
              color="primary"
              fill="outline"
              data-testid="guest-login"
              onClick={() => nav.push(loginHref(paths.passengersInfo))}
            >
              {t('booking.guest_login')}
            </Button>
          </section>
        )}

        <h2 className="booking-section-title">{t('booking.passengers_section')}</h2>
        {slots.map((slot) => {
          const draft = drafts[slot.id];
          const complete =
            Boolean(draft) &&
            localIssues.get(slot.id)?.length === 0 &&
            Object.keys(passengerErrors[slot.id] ?? {}).length === 0 &&
            !party.some((issue) => issue.field.startsWith(`passengers.${slot.index}.`));
          return (
            <SlotCard
              key={slot.id}
              slot={slot}
              messages={messagesOf(slot)}
              complete={complete}
              loggedIn={loggedIn}
            />
          );
        })}
        {(allFilled || attempted) && (partyWide.length > 0 || general.length > 0) ? (
          <section
            className="card booking-alert booking-alert-error"
            data-testid="party-issues"
            data-invalid="true"
            role="alert"
            tabIndex={-1}
          >
            <ul>
              {partyWide.map((issue) => (
                <li key={issue.key} data-testid={`party-issue-${issue.key}`}>
                  {t(issue.key, issue.params ?? {})}
                </li>
              ))}
              {general.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </section>
        ) : null}

        <h2 className="booking-section-title">{t('booking.contact_section')}</h2>
        <section className="card" data-testid="contact-form">
          <p className="muted small booking-card-intro">{t('booking.contact_intro')}</p>
          <FormField
            label={t('booking.contact_name')}
            field="contact-name"
            error={contactError('name')}
            hint={t('booking.contact_name_hint')}
          >
            <TextInput
              field="contact-name"
              testId="contact-name"
              value={contactValues.name}
              autoComplete="name"
              autoCapitalize="words"
              onChange={(v) => setContactField('name', v)}
              onBlur={() => contactForm.blur('name')}
              invalid={Boolean(contactError('name'))}
            />
          </FormField>
          <PhoneField
            label={t('person.phone')}
            phoneField="contact-phone"
            countryField="contact-countryCode"
            countryCode={contactValues.countryCode}
            phone={contactValues.phone}
            error={contactError('phone') ?? contactError('countryCode')}
            onCountryCode={(dial) => setContactField('countryCode', dial)}
            onPhone={(v) => setContactField('phone', v)}
            onBlur={(which) => contactForm.blur(which)}
            testIds={{ countryCode: 'contact-countryCode', phone: 'contact-phone' }}
          />
          <FormField label={t('account.email')} field="contact-email" error={contactError('email')}>
            <TextInput
              field="contact-email"
              testId="contact-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={contactValues.email}
              onChange={(v) => setContactField('email', v)}
              onBlur={() => contactForm.blur('email')}
              invalid={Boolean(contactError('email'))}
            />
          </FormField>
        </section>
      </div>

      <footer className="booking-footer">
        <Button
          block
          color="primary"
          size="large"
          className="booking-continue"
          loading={add.isPending}
          data-testid="passengers-continue"
          onClick={() => void submit()}
        >
          {t('addons.to_addons')}
        </Button>
      </footer>
    </div>
  );
}
