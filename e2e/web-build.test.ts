import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSOLE_BUILD_INPUTS, webBuildReason, webBuildState } from '../scripts/web-build';
import { repoRoot } from './support/server';

/** The build's times in these tests: the sources before it, the build, a pull after it. */
const before = new Date('2026-11-20T09:00:00Z');
const built = new Date('2026-11-20T10:00:00Z');
const after = new Date('2026-11-21T08:00:00Z');

/**
 * A repository of its own for each test, in a temporary directory removed afterwards: `sources`
 * written before the build, then the build's `builtIndex`. `file` writes one more with its time.
 */
function useSourceTree(prefix: string, sources: string[], builtIndex: string) {
  const tree = {
    root: '',
    async file(relative: string, time: Date): Promise<void> {
      const full = path.join(tree.root, relative);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, relative);
      await utimes(full, time, time);
    },
  };
  beforeEach(async () => {
    tree.root = await mkdtemp(path.join(os.tmpdir(), prefix));
    for (const f of sources) await tree.file(f, before);
    await tree.file(builtIndex, built);
  });
  afterEach(async () => {
    await rm(tree.root, { recursive: true, force: true });
  });
  return tree;
}

/** Issue 10 §18: `npm start` rebuilt the app only when dist was missing, so a `git pull` served the old one. */
describe('npm start decides whether to build the traveller app', () => {
  const tree = useSourceTree(
    'wings-web-build-',
    [
      'apps/web/src/main.tsx',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contracts/src/messages.ts',
      'packages/rules/src/index.ts',
      'package-lock.json',
    ],
    'apps/web/dist/index.html',
  );
  const { file } = tree;

  it('builds on the first start, when there is no build', async () => {
    await rm(path.join(tree.root, 'apps/web/dist'), { recursive: true });
    expect(webBuildReason(webBuildState(tree.root, path.join(tree.root, 'apps/web/dist')))).toBe(
      'Building the traveller app (first start)...',
    );
  });

  it('serves the build as it is when nothing it is made from changed since', () => {
    const state = webBuildState(tree.root, path.join(tree.root, 'apps/web/dist'));
    expect(state.changed).toEqual([]);
    expect(webBuildReason(state)).toBeNull();
  });

  it('rebuilds after a pull changed a page, the shared rules or messages, or the lock file, and says which', async () => {
    await file('apps/web/src/pages/home.tsx', after);
    await file('packages/rules/src/index.ts', new Date(after.getTime() + 1000));
    await file('packages/contracts/src/messages.ts', new Date(after.getTime() + 2000));
    await file('package-lock.json', new Date(after.getTime() + 3000));
    const state = webBuildState(tree.root, path.join(tree.root, 'apps/web/dist'));
    expect(state.changed).toEqual([
      'package-lock.json',
      'packages/contracts/src/messages.ts',
      'packages/rules/src/index.ts',
      'apps/web/src/pages/home.tsx',
    ]);
    expect(webBuildReason(state)).toBe(
      'Rebuilding the traveller app: 4 files changed since it was built (package-lock.json, packages/contracts/src/messages.ts, packages/rules/src/index.ts and 1 more)...',
    );
  });

  it('rebuilds when the page or the build configuration changed', async () => {
    await file('apps/web/index.html', after);
    expect(webBuildState(tree.root, path.join(tree.root, 'apps/web/dist')).changed).toEqual([
      'apps/web/index.html',
    ]);
    await file('apps/web/vite.config.ts', new Date(after.getTime() + 1000));
    expect(webBuildReason(webBuildState(tree.root, path.join(tree.root, 'apps/web/dist')))).toBe(
      'Rebuilding the traveller app: 2 files changed since it was built (apps/web/vite.config.ts, apps/web/index.html)...',
    );
  });

  it('does not rebuild for a changed test, which is not part of the app', async () => {
    await file('apps/web/src/pages/home.test.tsx', after);
    await file('apps/web/src/test/setup.ts', after);
    expect(webBuildState(tree.root, path.join(tree.root, 'apps/web/dist')).changed).toEqual([]);
  });

  it('takes a few milliseconds on this repository, so a start with a current build stays fast', () => {
    const started = performance.now();
    webBuildState(repoRoot, path.join(repoRoot, 'apps/web/dist'));
    expect(performance.now() - started).toBeLessThan(500);
  });
});

/** Issue 13: the staff console is built by `npm start` the same way, from its own inputs. */
describe('npm start decides whether to build the staff console', () => {
  const tree = useSourceTree(
    'wings-console-build-',
    [
      'apps/console/src/main.tsx',
      'apps/console/src/pages/orders/routes.tsx',
      'apps/console/index.html',
      'apps/web/src/main.tsx',
      'packages/api-client/src/index.ts',
      'package-lock.json',
    ],
    'apps/console/dist/index.html',
  );
  const { file } = tree;
  const dist = () => path.join(tree.root, 'apps/console/dist');
  const state = () => webBuildState(tree.root, dist(), CONSOLE_BUILD_INPUTS);

  it('builds on the first start, naming the console', async () => {
    await rm(dist(), { recursive: true });
    expect(webBuildReason(state(), 'the staff console')).toBe('Building the staff console (first start)...');
  });

  it("rebuilds after a console page or the shared client changed, not after the traveller app's pages", async () => {
    await file('apps/web/src/main.tsx', after);
    expect(state().changed).toEqual([]);
    await file('apps/console/src/pages/orders/routes.tsx', after);
    await file('packages/api-client/src/index.ts', new Date(after.getTime() + 1000));
    expect(webBuildReason(state(), 'the staff console')).toBe(
      'Rebuilding the staff console: 2 files changed since it was built (packages/api-client/src/index.ts, apps/console/src/pages/orders/routes.tsx)...',
    );
  });

  it('the traveller app is rebuilt when the shared client changed', async () => {
    await file('apps/web/dist/index.html', built);
    await file('packages/api-client/src/index.ts', after);
    expect(webBuildState(tree.root, path.join(tree.root, 'apps/web/dist')).changed).toEqual([
      'packages/api-client/src/index.ts',
    ]);
  });
});
