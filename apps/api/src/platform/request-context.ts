import { ClientType, languageFromHeader } from '@wings/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The request-context fields the spec's main layer adds to every object body (§7). */
export const BODY_CONTEXT_FIELDS = ['language', 'apiBkSource'] as const;
export type BodyContextField = (typeof BODY_CONTEXT_FIELDS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Spec §7: the main request layer adds `language` and `apiBkSource` to every object body. They
     * are read and removed before validation, so no body schema, strict or not, meets them; a
     * route whose own body has such a field lists it here and keeps it (register and user/update
     * take `language` as the account's contact language). `as_sent`: the body stays exactly as
     * sent (getAccessToken signs its body fields).
     */
    bodyContext?: 'as_sent' | readonly BodyContextField[];
  }
}

const CLIENT_TYPES: readonly string[] = Object.values(ClientType);

/** 0, 1, 2 or "0", "1", "2" as the language code; undefined for anything else. */
function languageCode(value: unknown): 0 | 1 | 2 | undefined {
  if (value === 0 || value === 1 || value === 2) return value;
  if (value === '0' || value === '1' || value === '2') return Number(value) as 0 | 1 | 2;
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * preValidation hook (spec §7): takes `language` and `apiBkSource` out of an object body. The
 * body's `language` sets the reply language when the request has no `language` header (the
 * header wins when both are sent); a value other than 0, 1 or 2, or an `apiBkSource` that is not
 * one of the spec's client types, is refused as 400 naming the field.
 */
export async function readBodyContext(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!isPlainObject(body)) return;
  const mode = request.routeOptions.config.bodyContext;
  const hasLanguage = body.language !== undefined && body.language !== null;
  const hasSource = body.apiBkSource !== undefined && body.apiBkSource !== null;
  if (!Object.hasOwn(body, 'language') && !Object.hasOwn(body, 'apiBkSource')) return;
  const language = languageCode(body.language);
  const headerLanguage = request.headers.language;

  if (mode === 'as_sent') {
    if (language !== undefined && headerLanguage === undefined) {
      request.lang = languageFromHeader(String(language));
    }
    return;
  }

  if (hasLanguage && language === undefined) {
    throw new AppError('invalidRequest', {
      fields: [{ field: 'language', key: 'request.language_invalid' }],
    });
  }
  if (hasSource && (typeof body.apiBkSource !== 'string' || !CLIENT_TYPES.includes(body.apiBkSource))) {
    throw new AppError('invalidRequest', {
      fields: [
        {
          field: 'apiBkSource',
          key: 'request.client_source_invalid',
          params: { allowed: CLIENT_TYPES.join(', ') },
        },
      ],
    });
  }
  if (language !== undefined && headerLanguage === undefined) {
    request.lang = languageFromHeader(String(language));
  }

  const keep: readonly string[] = mode ?? [];
  const rest: Record<string, unknown> = {};
  const context: readonly string[] = BODY_CONTEXT_FIELDS;
  for (const [key, value] of Object.entries(body)) {
    if (!context.includes(key)) rest[key] = value;
    else if (keep.includes(key)) rest[key] = key === 'language' ? language : value;
  }
  request.body = rest;
}
