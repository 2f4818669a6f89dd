import { type ComponentType, lazy } from 'react';

/** A page chunk that has not arrived after 60 s counts as failed (spec §2). */
export const PAGE_CHUNK_TIMEOUT_MS = 60_000;

/** React.lazy with the chunk timeout; the layout's Suspense shows the delayed loading view. */
export function lazyPage<T extends ComponentType<object>>(load: () => Promise<{ default: T }>) {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('page load timed out')), PAGE_CHUNK_TIMEOUT_MS);
        load().then(
          (mod) => {
            clearTimeout(timer);
            resolve(mod);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}
