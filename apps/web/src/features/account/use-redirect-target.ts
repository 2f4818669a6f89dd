import { useSearchParams } from 'react-router';
import { isSafeRedirect, paths } from '../../lib/paths';

/** Where a login-like page goes when it is done: its `redirect` query value, else the More tab. */
export function useRedirectTarget(fallback: string = paths.more): string {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return isSafeRedirect(redirect) ? redirect : fallback;
}
