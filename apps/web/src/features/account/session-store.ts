import type { SessionResponse, User } from '@wings/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { clearAccessToken } from '../../api/access-token';

/** The traveller's session kept on the device (spec §3: token, member id, user info, logged-in flag). */
export interface SessionState {
  token: string | null;
  memberId: string | null;
  user: User | null;
  loggedIn: boolean;
  /** After login, registration, third-party login or e-mail binding. */
  signIn: (session: SessionResponse) => void;
  /** A fresher copy of the profile (getMember, update). */
  setUser: (user: User) => void;
  /** Clears user info, member id, token and the logged-in flag. */
  clear: () => void;
  /** Logout and login expiry (spec §4): clear the session and the access token too. */
  logout: () => void;
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      memberId: null,
      user: null,
      loggedIn: false,
      signIn: (session) =>
        set({ token: session.token, memberId: session.user.id, user: session.user, loggedIn: true }),
      setUser: (user) => set({ user, memberId: user.id }),
      clear: () => set({ token: null, memberId: null, user: null, loggedIn: false }),
      logout: () => {
        set({ token: null, memberId: null, user: null, loggedIn: false });
        clearAccessToken();
      },
    }),
    {
      name: 'session',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ token: s.token, memberId: s.memberId, user: s.user, loggedIn: s.loggedIn }),
    },
  ),
);

/** The display name of a user: English name when filled in, else the e-mail or phone. */
export function displayName(user: User | null): string {
  if (!user) return '';
  const name = [user.givenName, user.surname].filter(Boolean).join(' ');
  return name || user.email || (user.phone ? `${user.countryCode ?? ''} ${user.phone}`.trim() : '');
}
