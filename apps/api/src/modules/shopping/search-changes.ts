import type { Executor } from '../../platform/db';
import type { Notifications } from '../../platform/notifications';

/**
 * What a change made in the back office means for cached search results: the routes whose
 * fares changed, or everything (`all`, also after the listener lost its connection and may have
 * missed a change).
 */
export type SearchChange = { routes: readonly string[] } | 'all';

/** The PostgreSQL channel every API process listens on for changes that cached searches show. */
export const SEARCH_CHANGES_CHANNEL = 'wings_search_changes';

/** A route code as the cache keys it (`KTI-BKK`). */
const ROUTE = /^[A-Z]{3}-[A-Z]{3}$/;

/** The notification's text: `*` for everything, else the route codes joined by commas. */
export function encodeSearchChange(change: SearchChange): string {
  return change === 'all' ? '*' : [...new Set(change.routes)].join(',');
}

/** A notification's text back into a change; anything not understood drops everything. */
export function decodeSearchChange(payload: string | undefined): SearchChange {
  if (!payload || payload === '*') return 'all';
  const routes = payload.split(',');
  return routes.every((r) => ROUTE.test(r)) ? { routes } : 'all';
}

/**
 * Keeps every API process's search cache honest after a back-office change (docs/decisions.md,
 * "A fare change is live for new searches at once"). The change's transaction calls `announce`,
 * a `pg_notify` that PostgreSQL delivers at commit to every session listening on the channel (and
 * never when it rolls back); each process listens (`listen`, on the process's one listening
 * connection, platform/notifications.ts) and drops the cached results the change touches. The process that made the change also drops them at
 * once after commit (`dropHere`), so the staff member's next search never waits on the
 * notification. While the listening connection is down, nothing is heard: when it comes back,
 * everything cached is dropped, since a change may have been missed.
 */
export class SearchChanges {
  private readonly handlers: Array<(change: SearchChange) => void> = [];

  constructor(private readonly notifications: Notifications) {}

  /**
   * Listens for other processes' changes (platform/notifications.ts). Only with a cache: without
   * one there is nothing to drop.
   */
  listen(): void {
    this.notifications.listen(SEARCH_CHANGES_CHANNEL, {
      onMessage: (payload) => this.dropHere(decodeSearchChange(payload)),
      // A change made while nobody listened here may have been missed: start afresh.
      onListening: (again) => {
        if (again) this.dropHere('all');
      },
    });
  }

  /** Calls `handler` with every change heard or made here (the search service's cache). */
  subscribe(handler: (change: SearchChange) => void): void {
    this.handlers.push(handler);
  }

  /** Tells every process, at the commit of `executor`'s transaction, what cached searches to drop. */
  announce(executor: Executor, change: SearchChange): Promise<void> {
    return this.notifications.notify(executor, SEARCH_CHANGES_CHANNEL, encodeSearchChange(change));
  }

  /** Drops what `change` touches in this process now (after the change's commit). */
  dropHere(change: SearchChange): void {
    for (const handler of this.handlers) handler(change);
  }
}
