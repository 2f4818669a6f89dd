import type { SavedPassenger, SessionResponse, User } from '@wings/contracts';
import { useSessionStore } from '../features/account/session-store';

export function makeUser(patch: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'dara@example.com',
    emailVerified: true,
    countryCode: '+855',
    phone: '12345678',
    surname: 'SOK',
    givenName: 'DARA',
    title: 0,
    gender: 0,
    birthday: '1990-04-12',
    nationality: 'KH',
    language: 1,
    linkedProviders: [],
    hasPassword: true,
    createdAt: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

export function makeSession(patch: Partial<User> = {}): SessionResponse {
  return { token: 'session-1', expiresAt: '2099-01-01T00:00:00Z', user: makeUser(patch) };
}

/** Starts a test signed in, as if the traveller had logged in earlier. */
export function signIn(patch: Partial<User> = {}): SessionResponse {
  const session = makeSession(patch);
  useSessionStore.getState().signIn(session);
  return session;
}

export function makeSavedPassenger(patch: Partial<SavedPassenger> = {}): SavedPassenger {
  return {
    id: 'pax-1',
    surname: 'SOK',
    givenName: 'DARA',
    middleName: null,
    passengerType: 1,
    title: 0,
    gender: 0,
    nationality: 'KH',
    birthday: '1990-04-12',
    docType: 1,
    docNumber: 'N1234567',
    docExpiry: '2035-01-31',
    email: null,
    countryCode: null,
    phone: null,
    updatedAt: '2026-01-01T00:00:00Z',
    ...patch,
  };
}
