import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const apiRoot = path.resolve(import.meta.dirname, '..');

/** Runs a small ES module in a Node process with the TypeScript loader, from apps/api. */
function runModule(source: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    cwd: apiRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('exit codes of processes that load the embedded database', () => {
  it('keeps the failure code a process ends with on its own (a red test run must not exit 0)', () => {
    // What Vitest does after a failed test: set the code and let the process end.
    const run = runModule("await import('./src/platform/embedded-postgres.ts'); process.exitCode = 3;");
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });

  it('exits 0 when nothing failed, and without an error on the way out', () => {
    const run = runModule("await import('./src/platform/embedded-postgres.ts');");
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
