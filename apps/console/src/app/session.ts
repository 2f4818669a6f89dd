import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '@wings/api-client';
import type { StaffMe } from '@wings/contracts';
import { createContext, useContext } from 'react';
import { adminRequest } from '../api/admin-client';

/** The query key of the signed-in member (GET /api/admin/auth/me). */
export const ME_KEY = ['admin', '/auth/me', {}] as const;

/** The signed-in member, or the 600 that says nobody is (then the shell goes to sign-in). */
export function useMe() {
  return useQuery<StaffMe, ApiError>({
    queryKey: ME_KEY,
    queryFn: ({ signal }) => adminRequest<StaffMe>('/auth/me', { signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/**
 * The signed-in member, inside the signed-in part of the shell (its pages). It stays the member
 * the page was opened by while the shell leaves for sign-in after a 600.
 */
export const MemberContext = createContext<StaffMe | null>(null);

export function useSignedInMember(): StaffMe {
  const me = useContext(MemberContext);
  if (!me) throw new Error('useSignedInMember outside the signed-in shell');
  return me;
}

/** `/sign-in?from=<where the member was>`, keeping only a path of the console. */
export function signInPath(from?: string): string {
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/sign-in')
    ? `/sign-in?from=${encodeURIComponent(from)}`
    : '/sign-in';
}
