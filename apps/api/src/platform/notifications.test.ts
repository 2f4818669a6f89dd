import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type Database, openDatabase } from './db';
import { Notifications } from './notifications';

const quiet = { info() {}, warn() {}, debug() {}, error() {} };

describe('"tell every API process": channels on one listening connection', () => {
  let database: Database;

  beforeAll(() => {
    database = openDatabase(inject('databaseUrl'), quiet, 2);
  });
  afterAll(() => database.close());

  const send = (notifications: Notifications, channel: string, payload: string) =>
    database.db.transaction((tx) => notifications.notify(tx, channel, payload));

  it('hears each channel at commit, nothing of a rolled-back transaction, on one connection', async () => {
    const notifications = new Notifications({ db: database.db, log: quiet });
    const heard: string[] = [];
    const listening = vi.fn();
    notifications.listen('wings_test_fares', {
      onMessage: (payload) => heard.push(`fares:${payload}`),
      onListening: listening,
    });
    notifications.listen('wings_test_settings', {
      onMessage: (payload) => heard.push(`settings:${payload}`),
    });
    await notifications.start();
    expect(listening).toHaveBeenCalledWith(false);
    const pid = await notifications.backendPid();
    const { rows } = await database.pool.query(
      `select count(*)::int as n from pg_stat_activity where pid = $1 and datname = current_database()`,
      [pid],
    );
    expect(rows[0].n).toBe(1);

    await expect(
      database.db.transaction(async (tx) => {
        await notifications.notify(tx, 'wings_test_fares', 'rolled back');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await send(notifications, 'wings_test_fares', 'KTI-BKK');
    await send(notifications, 'wings_test_settings', 'customer_service');
    await send(notifications, 'wings_test_nobody', 'not ours');
    await vi.waitFor(() => expect(heard).toEqual(['fares:KTI-BKK', 'settings:customer_service']));

    // A channel added once listening is listened to at once.
    const late = vi.fn();
    notifications.listen('wings_test_late', { onMessage: late, onListening: late });
    await vi.waitFor(() => expect(late).toHaveBeenCalledWith(false));
    await send(notifications, 'wings_test_late', 'x');
    await vi.waitFor(() => expect(late).toHaveBeenCalledWith('x'));
    expect(await notifications.backendPid()).toBe(pid);
    await notifications.stop();
  });

  it('listens again after its connection is lost, says so in the log, and tells every channel it may have missed something', async () => {
    const warnings: string[] = [];
    const notifications = new Notifications({
      db: database.db,
      log: { warn: (msg) => warnings.push(msg) },
      firstRetryMs: 20,
    });
    const heard: Array<string | undefined> = [];
    const listening = vi.fn();
    notifications.listen('wings_test_cache', { onMessage: (p) => heard.push(p), onListening: listening });
    await notifications.start();
    const pid = await notifications.backendPid();
    expect(pid).toBeGreaterThan(0);

    await database.pool.query('select pg_terminate_backend($1)', [pid]);
    await vi.waitFor(() => expect(listening).toHaveBeenCalledWith(true), { timeout: 10_000 });
    expect(warnings[0]).toMatch(
      /^notifications: the connection listening for back-office changes \(wings_test_cache\) was lost/,
    );
    expect(await notifications.backendPid()).not.toBe(pid);
    await send(notifications, 'wings_test_cache', 'after');
    await vi.waitFor(() => expect(heard).toEqual(['after']));

    await notifications.stop();
    expect(await notifications.backendPid()).toBeNull();
  });

  it('opens no connection while nobody listens, and refuses a channel name it would have to quote', async () => {
    const notifications = new Notifications({ db: database.db, log: quiet });
    await notifications.start();
    expect(await notifications.backendPid()).toBeNull();
    expect(() => notifications.listen('bad; drop table x', { onMessage: () => {} })).toThrow(
      'not a channel name',
    );
    notifications.listen('wings_test_once', { onMessage: () => {} });
    expect(() => notifications.listen('wings_test_once', { onMessage: () => {} })).toThrow(
      'has a listener already',
    );
    await notifications.stop();
  });
});
