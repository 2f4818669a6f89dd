import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { connectionBudgetWarning, RESTART_RULES, RestartPolicy } from './cluster';

const SECOND = 1_000;

describe('replacing workers that die', () => {
  it('waits 1, 2, 4, 8 and 16 s while replacements keep dying soon after they start, then gives up', () => {
    const policy = new RestartPolicy();
    const delays = Array.from({ length: 6 }, () => policy.next(5 * SECOND));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, null]);
  });

  it('starts counting again after a worker that ran a healthy while', () => {
    const policy = new RestartPolicy();
    for (let i = 0; i < RESTART_RULES.maxQuickDeaths; i++) policy.next(SECOND);
    // The fifth replacement ran over a minute before it died: no crash loop, the first delay again.
    expect(policy.next(RESTART_RULES.healthyAfterMs)).toBe(1_000);
    expect(policy.next(SECOND)).toBe(2_000);
  });

  it('keeps the delay at its ceiling', () => {
    const policy = new RestartPolicy({
      firstDelayMs: 1_000,
      maxDelayMs: 3_000,
      healthyAfterMs: 60_000,
      maxQuickDeaths: 9,
    });
    expect(Array.from({ length: 4 }, () => policy.next(0))).toEqual([1_000, 2_000, 3_000, 3_000]);
  });
});

describe('the connections of every process against max_connections', () => {
  it('says nothing while processes x (pool + the listening connection) fit the server, less its reserved connections', () => {
    expect(connectionBudgetWarning(8, 10, { maxConnections: 100, reserved: 3 })).toBeNull();
    expect(connectionBudgetWarning(8, 11, { maxConnections: 100, reserved: 3 })).toBeNull();
    expect(connectionBudgetWarning(9, 10, { maxConnections: 100, reserved: 3 })).toMatch(
      /^9 processes x .* = 99 /,
    );
  });

  it('names the numbers and the settings to change when they do not', () => {
    expect(connectionBudgetWarning(16, 10, { maxConnections: 100, reserved: 3 })).toBe(
      '16 processes x (DATABASE_POOL_MAX 10 + 1 listening) = 176 connections, more than the 97 this PostgreSQL accepts (max_connections 100, 3 reserved): lower DATABASE_POOL_MAX or WEB_CONCURRENCY, or raise max_connections',
    );
  });
});

describe('the WEB_CONCURRENCY and DATABASE_POOL_MAX settings', () => {
  it('runs one process with a pool of 10 unless told otherwise', () => {
    const config = loadConfig({});
    expect(config.processes).toBe(1);
    expect(config.databasePoolMax).toBe(10);
  });

  it('takes a number of processes, or auto for one per core', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '3' }).processes).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).processes).toBe(os.availableParallelism());
    expect(loadConfig({ DATABASE_POOL_MAX: '4' }).databasePoolMax).toBe(4);
  });

  it('names a value that is not a number of processes', () => {
    for (const value of ['0', 'two', '65', '1.5']) {
      expect(() => loadConfig({ WEB_CONCURRENCY: value })).toThrow(
        'WEB_CONCURRENCY: must be auto or a whole number from 1 to 64',
      );
    }
  });
});
