import type { LanguageTag, QueryFlightReturnRequest } from '@wings/contracts';
import { addDays, SEARCH_WINDOW_DAYS, seatedCount } from '@wings/rules';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useQueryFlightReturn } from '../../../features/booking/api/query-flight-return';
import { useBookingStore } from '../../../features/booking/booking-store';
import { DayStrip } from '../../../features/booking/components/day-strip';
import { FlightResults } from '../../../features/booking/components/flight-results';
import { ResultsHeader } from '../../../features/booking/components/results-header';
import { useAirportMap } from '../../../features/booking/use-airport-map';
import { cityName, formatDate, localTimeOf, money, todayAt } from '../../../lib/format';
import '../../../features/booking/results.css';

/** Return-leg results of a round trip (spec §2 return-ticket), after the outbound was chosen. */
export default function ReturnTicketPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const search = useBookingStore((s) => s.search);
  const leave = useBookingStore((s) => s.leave);
  const chooseReturn = useBookingStore((s) => s.chooseReturn);
  const setReturnDate = useBookingStore((s) => s.setReturnDate);
  const airports = useAirportMap();
  const ready = Boolean(leave && search.tripType === 1 && search.retDate);

  const body: QueryFlightReturnRequest = {
    depCode: search.depCode,
    arrCode: search.arrCode,
    depDate: search.depDate,
    retDate: search.retDate,
    passengers: search.passengers,
    ...(leave ? { outboundArrTime: leave.flight.arrTime } : {}),
  };
  const query = useQueryFlightReturn(body, ready);
  const title = `${cityName(airports.get(search.arrCode), lang) || search.arrCode} → ${cityName(airports.get(search.depCode), lang) || search.depCode}`;

  if (!ready || !leave) {
    return (
      <div>
        <NavBar title={t('results.choose_return')} theme="navy" back={paths.flightList} />
        <StateView
          title={t('results.choose_outbound')}
          testId="return-needs-outbound"
          action={
            <Button
              color="primary"
              onClick={() => nav.replace(search.depDate ? paths.flightList : paths.book)}
            >
              {t('results.new_search')}
            </Button>
          }
        />
      </div>
    );
  }

  const today = todayAt(airports.get(search.arrCode)?.timeZone);
  const lastDay = addDays(today, SEARCH_WINDOW_DAYS);

  return (
    <div>
      <NavBar title={title} theme="navy" back={paths.flightList} />
      <ResultsHeader
        date={formatDate(search.retDate, lang)}
        step={`${t('results.return')} 2/2`}
        passengers={search.passengers}
      />
      <DayStrip
        depCode={search.arrCode}
        arrCode={search.depCode}
        date={search.retDate}
        passengers={search.passengers}
        min={[search.depDate, today].sort()[1] ?? today}
        max={lastDay}
        onSelect={setReturnDate}
      />
      <div className="page-body">
        <div className="chosen-leg" data-testid="chosen-outbound">
          <span>
            <strong>{t('results.outbound_chosen')}</strong> · {leave.flight.flightNo} ·{' '}
            {formatDate(search.depDate, lang)} {localTimeOf(leave.flight.depTime)}–
            {localTimeOf(leave.flight.arrTime)}
          </span>
          <span className="price">{money(leave.fare.adultPrice)}</span>
        </div>
        <h2 className="card-title">{t('results.choose_return')}</h2>
        <FlightResults
          query={query}
          airports={airports}
          seated={seatedCount(search.passengers)}
          onChoose={(flight, fare) => {
            chooseReturn(flight, fare);
            nav.push(paths.tripSummary);
          }}
        />
      </div>
    </div>
  );
}
