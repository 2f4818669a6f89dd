import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The traveller's session kept on the device (spec §3: user session). Login arrives in a later issue. */
interface SessionState {
  token: string | null;
  memberId: string | null;
  userInfo: Record<string, unknown> | null;
  isLogin: boolean;
  /** Logout and login expiry clear everything the session holds (spec §4). */
  clear: () => void;
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      memberId: null,
      userInfo: null,
      isLogin: false,
      clear: () => set({ token: null, memberId: null, userInfo: null, isLogin: false }),
    }),
    { name: 'session', storage: createJSONStorage(() => localStorage) },
  ),
);
