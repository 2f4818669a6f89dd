import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors';
import { languagePlugin } from './i18n';
import { readBodyContext } from './request-context';

/**
 * The spec §7 request-context fields against body schemas of every kind: a strict schema, a
 * route that keeps `language` as its own field, and a signed body kept as sent.
 */
describe('language and apiBkSource in object bodies (spec §7)', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(languagePlugin);
    app.addHook('preValidation', readBodyContext);
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof AppError)
        return reply.status(error.httpStatus).send({ code: error.code, fields: error.fields });
      return reply.status(400).send({ code: 'schema', message: (error as Error).message });
    });
    const seen = (request: { body: unknown; lang: string }) => ({ body: request.body, lang: request.lang });
    app.post('/strict', { schema: { body: z.strictObject({ orderNo: z.string() }) } }, async (r) => seen(r));
    app.post(
      '/own-language',
      {
        config: { bodyContext: ['language'] },
        schema: { body: z.strictObject({ language: z.literal(2).optional() }) },
      },
      async (r) => seen(r),
    );
    app.post('/signed', { config: { bodyContext: 'as_sent' } }, async (r) => seen(r));
    app.post('/array', { schema: { body: z.array(z.number()) } }, async (r) => seen(r));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'POST', url, payload: payload as object, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it('lets a strict schema pass: the fields are read, then taken out of the body', async () => {
    const res = await post('/strict', { orderNo: 'WC1', language: 2, apiBkSource: 'CA_IOS' });
    expect(res).toEqual({ status: 200, body: { body: { orderNo: 'WC1' }, lang: 'km' } });
    // Without them the same schema still holds; a field of its own it does not know is still refused.
    expect((await post('/strict', { orderNo: 'WC1' })).body).toEqual({
      body: { orderNo: 'WC1' },
      lang: 'zh',
    });
    expect((await post('/strict', { orderNo: 'WC1', other: 1 })).status).toBe(400);
  });

  it('lets the language header win over the body', async () => {
    expect((await post('/strict', { orderNo: 'WC1', language: 2 }, { language: '1' })).body.lang).toBe('en');
  });

  it('keeps language in a body that owns it, as the number the schema takes', async () => {
    expect((await post('/own-language', { language: '2', apiBkSource: 'CA-H5' })).body).toEqual({
      body: { language: 2 },
      lang: 'km',
    });
  });

  it('leaves a signed body exactly as sent, and other bodies alone', async () => {
    expect((await post('/signed', { language: 'fr', apiBkSource: 'x', a: 1 })).body.body).toEqual({
      language: 'fr',
      apiBkSource: 'x',
      a: 1,
    });
    expect((await post('/array', [1, 2])).body.body).toEqual([1, 2]);
  });

  it('refuses a language or source outside the spec’s codes, naming the field', async () => {
    expect(await post('/strict', { orderNo: 'WC1', language: 'en' })).toEqual({
      status: 400,
      body: { code: '400', fields: [{ field: 'language', key: 'request.language_invalid' }] },
    });
    const source = await post('/strict', { orderNo: 'WC1', apiBkSource: 'CA-PC' });
    expect(source.body.fields[0]).toMatchObject({
      field: 'apiBkSource',
      key: 'request.client_source_invalid',
    });
    // null is "not sent".
    expect((await post('/strict', { orderNo: 'WC1', language: null, apiBkSource: null })).status).toBe(200);
  });
});
