const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres between two points (haversine). */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Statute miles, the unit of the mileage programme. */
export function kmToMiles(km: number): number {
  return km / 1.609344;
}

/**
 * Scheduled block time for a distance: 30 minutes of taxi, climb and descent plus
 * cruise at 780 km/h, rounded up to 5 minutes. Used where no schedule gives a time.
 */
export function estimateBlockMinutes(distanceKm: number): number {
  return Math.ceil((30 + (distanceKm / 780) * 60) / 5) * 5;
}
