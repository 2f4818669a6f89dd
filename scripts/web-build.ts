// Whether a built browser app (the traveller app in apps/web/dist, the staff console in
// apps/console/dist) is older than what it is built from, so that `npm start` rebuilds it after a
// `git pull` instead of serving the previous app.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What the traveller app's build reads, relative to the repository root: its sources, page,
 * build configuration, the workspace packages it bundles, and the lock file (a dependency
 * changed). Tests (`*.test.ts(x)`, `src/test/`) are not part of the build and are left out.
 */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/sw-precache.ts',
  'apps/web/compress-assets.ts',
  'apps/web/server-messages.ts',
  'apps/web/route-preload.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/rules/src',
  'packages/rules/package.json',
  'packages/api-client/src',
  'packages/api-client/package.json',
  'package-lock.json',
];

/**
 * What the staff console's build reads: its sources, page and build configuration, the traveller
 * app's compression plugin it borrows, the workspace packages it bundles, and the lock file.
 */
export const CONSOLE_BUILD_INPUTS = [
  'apps/console/src',
  'apps/console/index.html',
  'apps/console/vite.config.ts',
  'apps/console/package.json',
  'apps/console/tsconfig.json',
  'apps/web/compress-assets.ts',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/rules/src',
  'packages/rules/package.json',
  'packages/api-client/src',
  'packages/api-client/package.json',
  'package-lock.json',
];

export interface WebBuildState {
  /** When the build finished (its index.html was written); null when there is no build. */
  builtAt: Date | null;
  /** Inputs modified after the build, relative to the root, newest first. */
  changed: string[];
}

function isTestFile(relative: string): boolean {
  return /\.test\.[cm]?[jt]sx?$/.test(relative) || relative.split(path.sep).includes('test');
}

/** Every file under `entry` (or `entry` itself) with its modification time in ms. */
function walk(root: string, entry: string, out: { file: string; mtimeMs: number }[]): void {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  const st = statSync(full);
  if (st.isDirectory()) {
    for (const name of readdirSync(full)) {
      if (name === 'node_modules' || name === 'dist') continue;
      walk(root, path.join(entry, name), out);
    }
  } else if (!isTestFile(entry)) {
    out.push({ file: entry, mtimeMs: st.mtimeMs });
  }
}

/**
 * Compares modification times: a file of `inputs` (the traveller app's by default) newer than
 * `distDir/index.html` (written at the end of every build) makes the build stale. A `git pull` or
 * checkout gives the files it changes the time it wrote them, so they count. Stats a few hundred
 * files: a few ms.
 */
export function webBuildState(
  root: string,
  distDir: string,
  inputs: readonly string[] = WEB_BUILD_INPUTS,
): WebBuildState {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return { builtAt: null, changed: [] };
  const builtMs = statSync(index).mtimeMs;
  const files: { file: string; mtimeMs: number }[] = [];
  for (const entry of inputs) walk(root, entry, files);
  const changed = files
    .filter((f) => f.mtimeMs > builtMs)
    .sort((a, b) => b.mtimeMs - a.mtimeMs)
    .map((f) => f.file.split(path.sep).join('/'));
  return { builtAt: new Date(builtMs), changed };
}

/** The line `npm start` prints before it builds `app`, or null when the build is current. */
export function webBuildReason(state: WebBuildState, app = 'the traveller app'): string | null {
  if (!state.builtAt) return `Building ${app} (first start)...`;
  if (state.changed.length === 0) return null;
  const shown = state.changed.slice(0, 3).join(', ');
  const more = state.changed.length > 3 ? ` and ${state.changed.length - 3} more` : '';
  const count = state.changed.length === 1 ? '1 file' : `${state.changed.length} files`;
  return `Rebuilding ${app}: ${count} changed since it was built (${shown}${more})...`;
}
