import { useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { isSafeMemberRedirect } from './member-paths';

/** Where a member login page goes when it is done: its `redirect` query value, else the member home. */
export function useMemberRedirect(fallback: string = paths.vipHome): string {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return isSafeMemberRedirect(redirect) ? redirect : fallback;
}

/** `path` with the same `redirect` as this page, so the member comes back to the same place. */
export function withRedirect(path: string, redirect: string): string {
  return redirect === paths.vipHome ? path : `${path}?redirect=${encodeURIComponent(redirect)}`;
}
