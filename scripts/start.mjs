// `npm start`: builds the traveller app and the staff console if they are not built or their
// sources changed since (a `git pull`, an edit), then starts the API, which brings up the
// database (embedded unless DATABASE_URL is set), migrates, seeds and serves everything on one port. Runs the API in this
// process so Ctrl-C reaches it directly; with WEB_CONCURRENCY above 1 this process is the
// primary that prepares the database once and forks the API's workers (apps/api/src/main.ts),
// which do not come through here again (the app is built once).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const { register } = await import('tsx/esm/api');
register();

const { CONSOLE_BUILD_INPUTS, webBuildReason, webBuildState } = await import('./web-build.ts');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Builds a browser app when it is missing or older than its sources; exits when it cannot. */
function buildWhenStale(name, workspace, dist, inputs) {
  const reason = webBuildReason(webBuildState(root, path.join(root, dist), inputs), name);
  if (!reason) return;
  console.log(reason);
  const build = spawnSync(npm, ['run', 'build', '-w', workspace], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`${name[0].toUpperCase()}${name.slice(1)} could not be built; see the messages above.`);
    process.exit(build.status ?? 1);
  }
}

// WEB_DIST and CONSOLE_DIST name builds of the operator's own: served as they are.
if (!process.env.WEB_DIST) buildWhenStale('the traveller app', '@wings/web', 'apps/web/dist', undefined);
if (!process.env.CONSOLE_DIST) {
  buildWhenStale('the staff console', '@wings/console', 'apps/console/dist', CONSOLE_BUILD_INPUTS);
}

await import('../apps/api/src/main.ts');
