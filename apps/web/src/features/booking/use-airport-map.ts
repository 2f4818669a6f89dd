import type { Airport } from '@wings/contracts';
import { useMemo } from 'react';
import { useAirports } from './api/get-airports';

/** Airports by code, for city names and time zones. */
export function useAirportMap(): ReadonlyMap<string, Airport> {
  const airports = useAirports();
  return useMemo(() => new Map((airports.data ?? []).map((a) => [a.code, a])), [airports.data]);
}
