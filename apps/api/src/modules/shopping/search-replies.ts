import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { Envelope, LanguageTag } from '@wings/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { okIn } from '../../platform/envelope';

/** How a kept reply may travel: as it is, or compressed as the client accepts. */
type Encoding = 'br' | 'gzip';

/** The encodings a kept reply is offered in, preferred first (as @fastify/compress orders them). */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * JSON replies are compressed from this size (app.ts, @fastify/compress `threshold`); a kept
 * reply follows the same rule, so a client sees one behaviour whichever path answered.
 */
const COMPRESS_FROM_BYTES = 1024;

/** Brotli as @fastify/compress writes it by default (text mode, quality 4). */
const BROTLI = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
};

/** One result's reply in one language: its bytes, and each compressed form once a client asked for it. */
interface KeptReply {
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Search replies kept serialised (issue 12: re-serialising the same cached reply was 16% of the
 * server's time under load). The search service hands out the same result object, never changed,
 * for as long as the flights it was made from are cached (shopping.service.ts, `legOutcomes`);
 * its reply is written once per language (the envelope's message is the caller's) and then sent
 * as bytes, with no serialisation, and compressed at most once per encoding. What is kept lives
 * exactly as long as the result: it is held by the result object (a WeakMap).
 */
export function keptReplies<T extends object>(serialize: (reply: Envelope<T>) => string) {
  const byResult = new WeakMap<T, Partial<Record<LanguageTag, KeptReply>>>();

  function keptFor(data: T, lang: LanguageTag): KeptReply {
    let languages = byResult.get(data);
    if (!languages) {
      languages = {};
      byResult.set(data, languages);
    }
    let kept = languages[lang];
    if (!kept) {
      kept = { plain: Buffer.from(serialize(okIn(data, lang))) };
      languages[lang] = kept;
    }
    return kept;
  }

  /** Sends the main layer's success reply around `data`, in the caller's language. */
  return function send(request: FastifyRequest, reply: FastifyReply, data: T): FastifyReply {
    const kept = keptFor(data, request.lang);
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding =
      kept.plain.length >= COMPRESS_FROM_BYTES && request.headers['x-no-compression'] === undefined
        ? acceptedEncoding(request.headers['accept-encoding'])
        : undefined;
    if (!encoding) return reply.send(kept.plain);
    if (!kept[encoding]) {
      kept[encoding] = encoding === 'br' ? brotliCompressSync(kept.plain, BROTLI) : gzipSync(kept.plain);
    }
    // A Content-Encoding already set: @fastify/compress leaves the reply as it is.
    return reply.header('content-encoding', encoding).send(kept[encoding]);
  };
}

/** The aliases @fastify/compress reads as gzip (RFC 7230 §4.2.3: `*` and `x-gzip`). */
const GZIP_ALIAS = /\*|x-gzip/gu;

/**
 * The encoding a client's Accept-Encoding asks for, chosen as @fastify/compress chooses it for
 * every other reply: the same negotiator over the same header (brotli or gzip by the client's
 * weights, brotli on a tie, `*` and `x-gzip` read as gzip), nothing when neither is accepted.
 */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(GZIP_ALIAS, 'gzip'), ENCODINGS);
  return chosen ?? undefined;
}
