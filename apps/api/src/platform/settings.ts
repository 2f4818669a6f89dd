import type { z } from 'zod';

/** What every slice may read besides its own variables: the mode the process runs in. */
export interface SettingsBase {
  env: 'development' | 'test' | 'production';
  production: boolean;
}

/**
 * One slice of the configuration (issue 11 §2): the environment variables one module (or one
 * platform concern) owns, with their defaults, the checks across them, and the typed slice the
 * module is handed. config.ts composes every slice into one schema, so a bad value anywhere
 * stops the start with a message naming the variable.
 */
export interface Settings<Env extends z.ZodObject, Slice> {
  /** The slice's environment variables (names and defaults are the operators' interface: docs/operations.md). */
  env: Env;
  /** Checks across the slice's variables (what production requires, what goes together). */
  check?: (env: z.infer<Env>, ctx: z.RefinementCtx, base: SettingsBase) => void;
  /** The slice as its module reads it. */
  read: (env: z.infer<Env>, base: SettingsBase) => Slice;
}

/** Declares a slice of settings (the identity: it only ties the types together). */
export function defineSettings<Env extends z.ZodObject, Slice>(
  settings: Settings<Env, Slice>,
): Settings<Env, Slice> {
  return settings;
}

/** The slice type a `Settings` reads. */
export type SliceOf<S> = S extends Settings<z.ZodObject, infer Slice> ? Slice : never;

/** A PEM given in one line, with `\n` standing for its newlines (as env files write it). */
export function pem(value: string): string {
  return value.replace(/\\n/g, '\n');
}

/** Refuses a variable in production, with the message operators know. */
export function refuseInProduction(
  ctx: z.RefinementCtx,
  key: string,
  message = 'must not be set in production',
): void {
  ctx.addIssue({ code: 'custom', path: [key], message });
}
