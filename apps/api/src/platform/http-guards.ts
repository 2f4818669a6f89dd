import type { Server, Socket } from 'node:net';
import { ErrorCodes, formatMessage, languageFromHeader } from '@wings/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Guards at the edge of the HTTP server (issue 9): what every request must satisfy before any
 * module sees it, whatever its route.
 */

/** Where a NUL character sits in a parsed request part, as a dotted field path; null if none. */
export function findNulCharacter(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // Parsed JSON is at most this deep in any call; anything deeper is refused by its schema.
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = findNulCharacter(child, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, and no field of any call has a use for it: a NUL anywhere
 * in the path, query or body is refused as 400 naming the field, before validation and before
 * any query (it used to surface as a 500 from the database in 14 calls).
 */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  const parts = [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const;
  for (const [part, value] of parts) {
    const at = findNulCharacter(value, '');
    if (at !== null) {
      const field = at === '' ? part : at;
      throw new AppError('invalidRequest', { fields: [{ field, key: 'nul_character', params: { field } }] });
    }
  }
}

/**
 * Errors Fastify raises before routing (a URL that is not valid percent-encoding, a path
 * parameter over its length), answered in the envelope like every other failure.
 */
export function frameworkError(
  error: Error & { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const lang = languageFromHeader(request.headers.language);
  const { code, key } = ErrorCodes.invalidRequest;
  const detail = formatMessage(error.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'bad_request_line', lang);
  return reply
    .status(400)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, message: formatMessage(key, lang, { detail }), data: null }));
}

/**
 * Caps the connections one address may hold open at once: a few thousand slow clients from one
 * place would otherwise exhaust the process's file descriptors even with request timeouts.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
