import fastifyCookie from '@fastify/cookie';
import { AppError } from '../../platform/errors';
import { defineModule, type ModuleOptions } from '../../platform/module';
import { SlidingWindowLimiter } from '../../platform/rate-limit';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from './staff.demo';
import { StaffRepository } from './staff.repository';
import { STAFF_COOKIE, staffRoutes } from './staff.routes';
import { StaffService } from './staff.service';

/** The staff module's settings (app.ts). */
export interface StaffSettings {
  /** Write the demo staff (outside production, with SEED_DEMO). */
  seedDemo: boolean;
  /** `Secure` on the session cookie (production). */
  secureCookie: boolean;
}

/** Methods that change something: they also need `x-wings-console: 1` (a cross-site form cannot send it). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff accounts and sessions (the staff module): scripts and tests create members through here. */
    staff: StaffService;
  }
}

/**
 * The staff module: staff accounts, sign-in with password and TOTP, sessions (an HttpOnly cookie
 * of /api/admin) and the audit log's reads. Authenticates every staff-layer request.
 */
export const staffModule = defineModule<ModuleOptions<StaffSettings>>(
  'staff',
  [],
  async (app, { platform, config }) => {
    const service = new StaffService({
      db: platform.db,
      repo: new StaffRepository(platform.db),
      now: platform.now,
      audit: platform.audit,
      totpKeys: platform.keys.staffTotp,
      limiter: new SlidingWindowLimiter(platform.db, platform.now),
    });
    app.decorate('staff', service);

    // Every staff request: the console header on a change, then the session of the cookie (or none:
    // the layer answers 600 to a call that needs one). Only the cookie counts here: neither the
    // traveller's `token` header nor the app's access token means anything on this layer.
    app.layers.authenticate('staff', async (request) => {
      if (request.routeOptions.url === undefined) return;
      if (STATE_CHANGING.has(request.method) && request.headers['x-wings-console'] !== '1') {
        throw new AppError('staffConsoleHeader');
      }
      const header = request.headers.cookie;
      const token = header ? fastifyCookie.parse(header)[STAFF_COOKIE] : undefined;
      if (token) request.staff = await service.resolveSession(token);
    });
    app.layers.add('staff', staffRoutes({ service, secureCookie: config.secureCookie }));

    // After a rotation of SERVER_SECRET, secrets sealed with the previous one are sealed anew.
    // A database that is down at start must not stop the server: the next start does it.
    if (platform.keys.staffTotp.accepted.length > 1) {
      app.addHook('onReady', async () => {
        try {
          const resealed = await service.resealTotpSecrets();
          if (resealed > 0)
            platform.log.info(`sealed ${resealed} staff TOTP secrets with the new server secret`);
        } catch (err) {
          platform.log.warn({ err }, 'sealing staff TOTP secrets anew failed; the next start retries');
        }
      });
    }

    if (platform.env !== 'production' && config.seedDemo) {
      app.addHook('onReady', async () => {
        try {
          const written = await service.ensureDemoStaff(
            DEMO_STAFF,
            DEMO_STAFF_PASSWORD,
            DEMO_STAFF_TOTP_SECRET,
          );
          if (written > 0) platform.log.info(`wrote ${written} demo staff members (development only)`);
        } catch (err) {
          platform.log.warn({ err }, 'writing the demo staff failed; the next start retries');
        }
      });
    }

    // Old challenges and sessions are removed now and then; any process may do it.
    const purge = setInterval(() => {
      service.purgeOld().catch((err) => app.log.warn({ err }, 'purging old staff sessions failed'));
    }, 60 * 60_000);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
);
