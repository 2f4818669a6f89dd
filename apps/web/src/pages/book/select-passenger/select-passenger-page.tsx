import type { LanguageTag, SavedPassenger } from '@wings/contracts';
import { PASSENGER_TYPE_CODE, passengerTypeOn } from '@wings/rules';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useSavedPassengers } from '../../../features/account/api/get-saved-passengers';
import { type PassengerDraft, useBookingStore } from '../../../features/booking/booking-store';
import { NoOfferState } from '../../../features/booking/components/no-offer';
import { journeyDates, type Slot, slotById, slotsOf } from '../../../features/booking/passengers';
import { formatDate } from '../../../lib/format';
import '../../../features/booking/booking-flow.css';

/** A saved passenger as a booking draft (the slot decides the passenger type). */
function fromSaved(p: SavedPassenger): PassengerDraft {
  return {
    surname: p.surname,
    givenName: p.givenName,
    middleName: p.middleName ?? '',
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
    savedPassengerId: p.id,
  };
}

/** The passenger type code of someone at a date, or null when too young or not born. */
function typeAt(birthday: string, date: string): 1 | 2 | 3 | null {
  const band = passengerTypeOn(birthday, date);
  return band === 'adult' || band === 'child' || band === 'infant' ? PASSENGER_TYPE_CODE[band] : null;
}

function SavedList({ slot, firstDeparture }: { slot: Slot; firstDeparture: string }) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const saved = useSavedPassengers();
  const drafts = useBookingStore((s) => s.passengers);
  const fillManually = () => nav.replace(`${paths.passengerDetail}?slot=${slot.id}`);

  if (saved.isPending) return <StateView title={t('common.loading')} />;
  if (saved.isError) {
    return (
      <StateView
        tone="error"
        title={t('passengers.load_failed')}
        testId="select-error"
        action={<Button onClick={() => void saved.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  const usedElsewhere = new Set(
    Object.entries(drafts).flatMap(([id, d]) =>
      id !== slot.id && d?.savedPassengerId ? [d.savedPassengerId] : [],
    ),
  );
  const rows = saved.data.map((p) => ({ p, type: typeAt(p.birthday, firstDeparture) }));
  const fitting = rows.filter((r) => r.type === slot.type);
  const others = rows.filter((r) => r.type !== slot.type);
  const date = formatDate(firstDeparture, lang);

  function choose(p: SavedPassenger) {
    useBookingStore.setState((s) => ({
      passengers: { ...s.passengers, [slot.id]: fromSaved(p) },
      passengerErrors: { ...s.passengerErrors, [slot.id]: {} },
    }));
    nav.back(paths.passengersInfo);
  }

  return (
    <>
      <p className="booking-intro" data-testid="select-intro">
        {t('booking.select_intro', { type: t(`ptype.${slot.type}`), date })}
      </p>
      {fitting.length === 0 ? (
        <StateView title={t('booking.select_none')} testId="select-empty" />
      ) : (
        <ul className="card saved-list" data-testid="select-list">
          {fitting.map(({ p }) => {
            const used = usedElsewhere.has(p.id);
            return (
              <li key={p.id}>
                <button
                  type="button"
                  className="saved-item"
                  disabled={used}
                  data-testid={`saved-passenger-${p.id}`}
                  onClick={() => choose(p)}
                >
                  <span className="saved-item-name">
                    {p.surname} {p.givenName}
                  </span>
                  <span className="muted small">
                    {used ? t('booking.select_used') : `${t(`ptype.${slot.type}`)} · ${p.docNumber}`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {others.length > 0 ? (
        <>
          <h2 className="booking-section-title">{t('booking.select_other')}</h2>
          <ul className="card saved-list" data-testid="select-mismatch-list">
            {others.map(({ p, type }) => (
              <li
                key={p.id}
                className="saved-item saved-item-disabled"
                data-testid={`saved-passenger-${p.id}`}
              >
                <span className="saved-item-name">
                  {p.surname} {p.givenName}
                </span>
                <span className="small saved-item-why" data-testid={`saved-passenger-mismatch-${p.id}`}>
                  {type
                    ? t('booking.select_mismatch', {
                        type: t(`ptype.${type}`),
                        slot: t(`ptype.${slot.type}`),
                        date,
                      })
                    : t('person.infant_too_young')}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Button
        block
        fill="outline"
        color="primary"
        className="booking-secondary"
        data-testid="select-fill-manually"
        onClick={fillManually}
      >
        {t('booking.select_manual')}
      </Button>
    </>
  );
}

/**
 * Pick a saved passenger for a slot (`?slot=adult-0`; logged-in users). Only those whose age at
 * the first departure fits the slot can be chosen; the others say why not (spec §5).
 */
export default function SelectPassengerPage() {
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
  else body = <SavedList slot={slot} firstDeparture={journey.firstDeparture} />;

  return (
    <div className="booking-page">
      <NavBar title={t('booking.select_title')} theme="navy" back={paths.passengersInfo} />
      <div className="page-body">{body}</div>
    </div>
  );
}
