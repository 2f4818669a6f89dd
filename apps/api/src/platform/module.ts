import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditLog } from './audit/audit-log';
import type { Db } from './db';
import type { FileStore } from './files/file-store';
import type { JobRunner } from './jobs/jobs';
import type { Mailer } from './mail/mailer';
import type { Notifications } from './notifications';
import type { ServerKeys } from './secrets';
import type { SmsSender } from './sms/sms';

/**
 * What the platform gives every module (docs/architecture.md §1: platform/): the database, the clock, the
 * job runner, the mailer, the server's keys and the few facts about the process a module may
 * need. app.ts builds it once; a module plugin takes it in its options with its own settings
 * slice, and builds its services from them by constructor injection.
 */
export interface Platform {
  db: Db;
  /** The clock; tests move it. */
  now: () => Date;
  /** Background jobs: a module registers its workers and schedules in its `<area>.jobs.ts`. */
  jobs: JobRunner;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Keys derived from SERVER_SECRET, one per purpose (platform/secrets.ts). */
  keys: ServerKeys;
  /** The process's mode: sandboxes and development helpers are never on in production. */
  env: 'development' | 'test' | 'production';
  /** Where travellers and gateways reach the app (PUBLIC_URL, no trailing slash); else the local address. */
  baseUrl: string;
  /** PUBLIC_URL as configured (no trailing slash), undefined when unset. */
  publicUrl: string | undefined;
  /** The staff audit log (append-only): a staff action that changes something writes its row. */
  audit: AuditLog;
  /** "Tell every API process": a channel per module on one listening connection (notifications.ts). */
  notifications: Notifications;
  /** Text messages: a provider, or the dev outbox (platform/sms). */
  sms: SmsSender;
  /** Uploaded files: a directory or an S3-compatible store (platform/files). */
  files: FileStore;
}

/** A module plugin's options: the platform, and the module's own settings slice (config.ts). */
export interface ModuleOptions<Settings = undefined> {
  platform: Platform;
  config: Settings;
}

/** The modules' names, as plugins and in each other's `dependencies` (docs/decisions.md, issue 11). */
export type ModuleName =
  | 'network'
  | 'inventory'
  | 'exchange-rates'
  | 'tickets'
  | 'accounts'
  | 'oauth'
  | 'content'
  | 'shopping'
  | 'pricing'
  | 'booking'
  | 'payments'
  | 'itinerary'
  | 'staff'
  | 'settings'
  | 'seating'
  | 'addons'
  | 'insurance'
  | 'secondary-services'
  | 'refunds'
  | 'changes'
  | 'check-in'
  | 'loyalty'
  | 'mileage'
  | 'dev-mailbox';

/**
 * Declares a module as a named Fastify plugin (fastify-plugin: what it decorates is visible to the
 * modules registered after it). `dependencies` names the modules whose services it is built
 * from: Fastify refuses to boot when one is missing or registered later, so the dependency
 * graph is written down once, here, and checked at every start. Every module also depends on
 * `layers`, where it adds its routes.
 */
export function defineModule<Options extends ModuleOptions<unknown>>(
  name: ModuleName,
  dependencies: readonly ModuleName[],
  register: (app: FastifyInstance, options: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  return fp(register, { name, dependencies: ['layers', ...dependencies], fastify: '5.x' });
}
