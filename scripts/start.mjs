// `npm start`: builds the traveller app if it is not built or its sources changed since (a
// `git pull`, an edit), then starts the API, which brings up the database (embedded unless
// DATABASE_URL is set), migrates, seeds and serves everything on one port. Runs the API in this
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

// WEB_DIST names a build of the operator's own: served as it is.
if (!process.env.WEB_DIST) {
  const { webBuildReason, webBuildState } = await import('./web-build.ts');
  const reason = webBuildReason(webBuildState(root, path.join(root, 'apps/web/dist')));
  if (reason) {
    console.log(reason);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const build = spawnSync(npm, ['run', 'build', '-w', '@wings/web'], { stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('The traveller app could not be built; see the messages above.');
      process.exit(build.status ?? 1);
    }
  }
}

await import('../apps/api/src/main.ts');
