import type { MemberSession, MemberSummary } from '@wings/contracts';
import { create } from 'zustand';

/**
 * The member programme's session kept on the device (issue 17), under the spec's own storage keys
 * (booking-and-account §3): `vip_token` (the member session, sent as the vipToken header),
 * `vip_user_info` (the member as last read), `vip_first_login` (show the welcome once) and
 * `vip_register_params` (a registration form in progress, kept if the traveller leaves it).
 * Apart from the app account's session (features/account/session-store.ts): signing out of one
 * leaves the other.
 */
export const MEMBER_STORAGE_KEYS = {
  token: 'vip_token',
  userInfo: 'vip_user_info',
  firstLogin: 'vip_first_login',
  registerParams: 'vip_register_params',
} as const;

/** What the registration form keeps while the traveller fills it in (never the password or code). */
export type MemberRegisterDraft = Readonly<Record<string, unknown>>;

export interface MemberState {
  vipToken: string | null;
  member: MemberSummary | null;
  /** True after the first sign-in until the welcome was shown. */
  firstLogin: boolean;
  registerParams: MemberRegisterDraft | null;
  /** After member login or registration. */
  signIn: (session: MemberSession) => void;
  /** A fresher copy of the member (queryUserInfo). */
  setMember: (member: MemberSummary) => void;
  /** The welcome was shown. */
  clearFirstLogin: () => void;
  setRegisterParams: (params: MemberRegisterDraft | null) => void;
  /** Member logout and CAF9999 (spec §4): clears the member store, not the app account. */
  clear: () => void;
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined || value === false) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full store: the session lives in memory for this visit.
  }
}

export const useMemberStore = create<MemberState>()((set) => ({
  vipToken: read<string>(MEMBER_STORAGE_KEYS.token),
  member: read<MemberSummary>(MEMBER_STORAGE_KEYS.userInfo),
  firstLogin: read<boolean>(MEMBER_STORAGE_KEYS.firstLogin) === true,
  registerParams: read<MemberRegisterDraft>(MEMBER_STORAGE_KEYS.registerParams),
  signIn: (session) => {
    write(MEMBER_STORAGE_KEYS.token, session.vipToken);
    write(MEMBER_STORAGE_KEYS.userInfo, session.member);
    write(MEMBER_STORAGE_KEYS.firstLogin, session.firstLogin);
    set({ vipToken: session.vipToken, member: session.member, firstLogin: session.firstLogin });
  },
  setMember: (member) => {
    write(MEMBER_STORAGE_KEYS.userInfo, member);
    set({ member });
  },
  clearFirstLogin: () => {
    write(MEMBER_STORAGE_KEYS.firstLogin, false);
    set({ firstLogin: false });
  },
  setRegisterParams: (params) => {
    write(MEMBER_STORAGE_KEYS.registerParams, params);
    set({ registerParams: params });
  },
  clear: () => {
    for (const key of [
      MEMBER_STORAGE_KEYS.token,
      MEMBER_STORAGE_KEYS.userInfo,
      MEMBER_STORAGE_KEYS.firstLogin,
    ]) {
      write(key, null);
    }
    set({ vipToken: null, member: null, firstLogin: false });
  },
}));

/** The member token for the vipToken header, or null (read outside React by the HTTP client). */
export function memberToken(): string | null {
  return useMemberStore.getState().vipToken;
}
