/**
 * `npm run staff:create -- --email a@b.kh --role admin [--role agent] [--name "..."] [--language en]`
 *
 * Creates a staff member on the database the server uses (DATABASE_URL, or the embedded one
 * under DATA_DIR, which must not be held by a running server), prints the generated one-time
 * password once, and writes the `staff.create` audit row with no actor (the command line).
 * Refuses an e-mail that has an account already. This is how production gets its first admin:
 * production has no default account (docs/operations.md).
 */
import { parseArgs } from 'node:util';
import { type StaffRole, ZStaffCreateRequest } from '@wings/contracts';
import pino from 'pino';
import { loadConfigOrExit } from '../src/config';
import { prepareDatabase } from '../src/db/prepare';
import { StaffRepository, StaffService } from '../src/modules/staff';
import { AuditLog } from '../src/platform/audit/audit-log';
import { DataDirInUseError, DataDirUnreachableError } from '../src/platform/embedded-postgres';
import { AppError } from '../src/platform/errors';
import { SlidingWindowLimiter } from '../src/platform/rate-limit';
import { ensureServerSecret, serverKeys } from '../src/platform/secrets';

const USAGE =
  'usage: npm run staff:create -- --email <e-mail> --role <admin|agent|finance|auditor|content_editor> [--role ...] [--name "<name>"] [--language zh|en|km]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readArguments() {
  let values: { email?: string; role?: string[]; name?: string; language?: string };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        role: { type: 'string', multiple: true },
        name: { type: 'string' },
        language: { type: 'string' },
      },
      strict: true,
    }));
  } catch (err) {
    fail(`${err instanceof Error ? err.message : err}\n${USAGE}`);
  }
  const email = values.email ?? '';
  const parsed = ZStaffCreateRequest.safeParse({
    email,
    name: values.name ?? email.split('@')[0] ?? '',
    roles: values.role ?? [],
    language: values.language ?? 'en',
  });
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `  --${String(i.path[0] === 'roles' ? 'role' : i.path[0])}: ${i.message}`,
    );
    fail(`${issues.join('\n')}\n${USAGE}`);
  }
  return { ...parsed.data, roles: parsed.data.roles as StaffRole[] };
}

async function main(): Promise<number> {
  const input = readArguments();
  let config = loadConfigOrExit();
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  config = await ensureServerSecret(config, log);
  // The same preparation as a start (migrations under the shared lock), without demo data.
  const { database, embedded } = await prepareDatabase(config, log, { demo: 'none' });
  try {
    const now = () => new Date();
    const service = new StaffService({
      db: database.db,
      repo: new StaffRepository(database.db),
      now,
      audit: new AuditLog(database.db, now),
      totpKeys: serverKeys(config).staffTotp,
      limiter: new SlidingWindowLimiter(database.db, now),
    });
    const { account, password } = await service.create(null, input, {});
    console.log(
      [
        `Created staff member ${account.email} (${account.roles.join(', ')}).`,
        `One-time password: ${password}`,
        'It is shown only now. At the first sign-in the member enrols an authenticator app (TOTP),',
        'then may change this password in the console.',
      ].join('\n'),
    );
    return 0;
  } catch (err) {
    if (!(err instanceof AppError && err.errorName === 'staffEmailTaken')) throw err;
    console.error(`A staff account with the e-mail ${input.email} exists already: nothing was created.`);
    return 1;
  } finally {
    database.expectShutdown();
    await database.close();
    await embedded?.stop();
  }
}

// The exit code is set here: the embedded database's exit hook would end the process with 0.
main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof DataDirInUseError || err instanceof DataDirUnreachableError) fail(err.message);
    fail(`staff:create failed: ${err instanceof Error ? err.message : err}`);
  },
);
