import { type LanguageTag, type QueryFlightRequest, TripType } from '@wings/contracts';
import { addDays, SEARCH_WINDOW_DAYS, seatedCount } from '@wings/rules';
import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useQueryFlight } from '../../../features/booking/api/query-flight';
import { useBookingStore } from '../../../features/booking/booking-store';
import { DayStrip } from '../../../features/booking/components/day-strip';
import { FlightResults } from '../../../features/booking/components/flight-results';
import { ResultsHeader } from '../../../features/booking/components/results-header';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { cityName, formatDate, todayAt } from '../../../lib/format';
import '../../../features/booking/results.css';
import { resultsLinkOf } from './results-link';

/** Outbound (or one-way) results: day strip and flights (spec §2 book-ticket results). */
export default function FlightListPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const stored = useBookingStore((s) => s.search);
  const setSearch = useBookingStore((s) => s.setSearch);
  const [params] = useSearchParams();
  const link = resultsLinkOf(params);
  // A results link (results-link.ts) is shown from the first paint, then becomes the search in
  // progress and leaves the address, so the day strip and the steps after read the store alone.
  const search = link ? { ...stored, ...link, tripType: 0 as const, retDate: '' } : stored;
  const [linkDep, linkArr, linkDate] = [link?.depCode, link?.arrCode, link?.depDate];
  useEffect(() => {
    if (!linkDep || !linkArr || !linkDate) return;
    const now = useBookingStore.getState().search;
    if (
      now.depCode !== linkDep ||
      now.arrCode !== linkArr ||
      now.depDate !== linkDate ||
      now.tripType !== 0
    ) {
      setSearch({ depCode: linkDep, arrCode: linkArr, depDate: linkDate, tripType: 0, retDate: '' });
    }
    nav.replace(paths.flightList);
  }, [linkDep, linkArr, linkDate, nav, setSearch]);
  const chooseLeave = useBookingStore((s) => s.chooseLeave);
  const airports = useAirportMap();
  const ready = Boolean(search.depCode && search.arrCode && search.depDate);
  const roundTrip = search.tripType === 1 && Boolean(search.retDate);

  const body: QueryFlightRequest = {
    depCode: search.depCode,
    arrCode: search.arrCode,
    depDate: search.depDate,
    passengers: search.passengers,
    // The spec's round trip is 2 (§3); the store's toggle keeps 0 one-way / 1 return.
    tripType: roundTrip ? TripType.round : TripType.oneway,
    ...(roundTrip ? { retDate: search.retDate } : {}),
  };
  const query = useQueryFlight(body, ready);

  const title = ready
    ? `${cityName(airports.get(search.depCode), lang) || search.depCode} → ${cityName(airports.get(search.arrCode), lang) || search.arrCode}`
    : t('book.title');

  if (!ready) {
    return (
      <div>
        <NavBar title={title} theme="navy" back={paths.book} />
        <StateView
          title={t('results.no_search')}
          description={t('results.no_search_desc')}
          testId="results-no-search"
          action={
            <Button color="primary" onClick={() => nav.replace(paths.book)}>
              {t('results.new_search')}
            </Button>
          }
        />
      </div>
    );
  }

  const today = todayAt(airports.get(search.depCode)?.timeZone);
  const lastDay = addDays(today, SEARCH_WINDOW_DAYS);

  return (
    <div>
      <NavBar title={title} theme="navy" back={paths.book} />
      <ResultsHeader
        date={formatDate(search.depDate, lang)}
        step={roundTrip ? `${t('results.outbound')} 1/2` : t('book.one_way')}
        passengers={search.passengers}
      />
      <DayStrip
        depCode={search.depCode}
        arrCode={search.arrCode}
        date={search.depDate}
        passengers={search.passengers}
        min={today}
        max={roundTrip && search.retDate < lastDay ? search.retDate : lastDay}
        onSelect={(depDate) => setSearch({ depDate })}
      />
      <div className="page-body">
        <h2 className="card-title">{roundTrip ? t('results.choose_outbound') : t('book.title')}</h2>
        <FlightResults
          query={query}
          airports={airports}
          seated={seatedCount(search.passengers)}
          onOneWayInstead={() => setSearch({ tripType: 0, retDate: '' })}
          onChoose={(flight, fare) => {
            chooseLeave(flight, fare);
            nav.push(roundTrip ? paths.returnTicket : paths.tripSummary);
          }}
        />
      </div>
    </div>
  );
}
