import type { Executor } from '../../platform/db';
import type { Notifications } from '../../platform/notifications';

/** The PostgreSQL channel every API process listens on for a saved setting. */
export const SETTINGS_CHANGES_CHANNEL = 'wings_settings_changes';

/**
 * Tells every API process that a setting was saved, so the copy each keeps for synchronous
 * readers (the e-mail footer) follows at once (the pattern of shopping/search-changes.ts). The
 * saving transaction calls `announce`, a `pg_notify` PostgreSQL delivers at commit to every
 * session listening (never on rollback); each process listens (platform/notifications.ts) and
 * calls `onChange`, which reads the settings again. `onChange` also runs each time the
 * connection is (re)made: the first read at start, and after a loss, when a change may have
 * been missed.
 */
export class SettingsChanges {
  constructor(
    private readonly notifications: Notifications,
    /** Reads the settings again; its failures are the caller's to log. */
    onChange: () => Promise<void>,
  ) {
    notifications.listen(SETTINGS_CHANGES_CHANNEL, {
      onMessage: () => void onChange(),
      // Listening now: read what is saved (at start, or what may have changed while deaf).
      onListening: () => onChange(),
    });
  }

  /** Tells every process, at the commit of `executor`'s transaction, to read the settings again. */
  announce(executor: Executor, key: string): Promise<void> {
    return this.notifications.notify(executor, SETTINGS_CHANGES_CHANNEL, key);
  }
}
