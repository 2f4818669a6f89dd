import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '@wings/api-client';
import {
  type Airport,
  ErrorCodes,
  type FareOffer,
  type Flight,
  type LanguageTag,
  type QueryFlightResponse,
} from '@wings/contracts';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { StateView } from '../../../components/state-view';
import { cityName } from '../../../lib/format';
import { isLanguageTag } from '../../../lib/language';
import { FlightCard } from './flight-card';

interface FlightResultsProps {
  query: UseQueryResult<QueryFlightResponse>;
  airports: ReadonlyMap<string, Airport>;
  seated: number;
  onChoose: (flight: Flight, fare: FareOffer) => void;
  /** Offered when the route has no return service (CAC2112). */
  onOneWayInstead?: () => void;
}

/** The flight list of one leg with its loading, empty and error states. */
export function FlightResults({ query, airports, seated, onChoose, onOneWayInstead }: FlightResultsProps) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';

  if (query.isPending) {
    return (
      <div data-testid="results-loading">
        {[0, 1, 2].map((i) => (
          <div className="flight-card" key={i}>
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  }

  if (query.isError) {
    const error = query.error;
    const code = isApiError(error) ? error.code : '';
    if (code === ErrorCodes.flightNotFound.code || code === ErrorCodes.flightSelectLimit.code) {
      return (
        <StateView
          tone="empty"
          testId="results-empty"
          title={code === ErrorCodes.flightNotFound.code ? t('results.no_flights') : error.message}
          description={t('results.try_other')}
        />
      );
    }
    if (code === ErrorCodes.noRoundTrip.code) {
      return (
        <StateView
          tone="info"
          testId="results-no-round-trip"
          title={error.message}
          action={
            onOneWayInstead ? (
              <Button color="primary" fill="outline" onClick={onOneWayInstead} data-testid="one-way-instead">
                {t('results.one_way_instead')}
              </Button>
            ) : null
          }
        />
      );
    }
    return (
      <StateView
        tone="error"
        testId="results-error"
        title={t('results.error')}
        description={error.message}
        action={
          <Button
            color="primary"
            fill="outline"
            onClick={() => {
              void query.refetch();
            }}
            data-testid="retry-button"
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const flights = query.data.flights;
  if (flights.length === 0) {
    return (
      <StateView
        tone="empty"
        testId="results-empty"
        title={t('results.no_flights')}
        description={t('results.try_other')}
      />
    );
  }

  return (
    <div data-testid="flight-list">
      <p className="results-count muted small">{t('results.flights_count', { count: flights.length })}</p>
      {flights.map((flight) => (
        <FlightCard
          key={flight.flightId}
          flight={flight}
          seated={seated}
          depCity={cityName(airports.get(flight.depCode), lang)}
          arrCity={cityName(airports.get(flight.arrCode), lang)}
          onChoose={(fare) => onChoose(flight, fare)}
        />
      ))}
    </div>
  );
}
