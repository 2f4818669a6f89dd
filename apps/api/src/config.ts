import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(apiRoot, '../..');

/** The demo app credentials, used only outside production (written in the README). */
export const DEMO_APP_ID = 'wings-h5-demo';
export const DEMO_APP_SECRET = 'demo-secret-change-me';

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Where all local state lives: the embedded database and, later, files. */
    DATA_DIR: z.string().min(1).default('./.data'),
    /** An external PostgreSQL; when unset the embedded one under DATA_DIR is used. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    APP_ID: z.string().min(1).optional(),
    APP_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The address travellers reach the app at, used in links and printed at start. */
    PUBLIC_URL: z.url().optional(),
    /** Built traveller app to serve at `/`. */
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    /** Life of an app access token, seconds (issue 2: 2 hours). */
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(7200),
    /** How long a search result may be served from memory, milliseconds; 0 turns the cache off. */
    SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production') {
      for (const key of ['APP_ID', 'APP_SECRET'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
      }
      if (c.APP_SECRET === DEMO_APP_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['APP_SECRET'],
          message: 'must not be the demo secret in production',
        });
      }
    }
  });

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appId: string;
  appSecret: string;
  logLevel: string;
  publicUrl: string | undefined;
  webDist: string;
  accessTokenTtlSeconds: number;
  searchCacheTtlMs: number;
}

export class ConfigError extends Error {}

/** Reads and validates every setting; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    appId: c.APP_ID ?? DEMO_APP_ID,
    appSecret: c.APP_SECRET ?? DEMO_APP_SECRET,
    logLevel: c.LOG_LEVEL,
    publicUrl: c.PUBLIC_URL,
    webDist: path.resolve(c.WEB_DIST),
    accessTokenTtlSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
    searchCacheTtlMs: c.SEARCH_CACHE_TTL_MS,
  };
}
