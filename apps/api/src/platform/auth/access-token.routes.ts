import { envelope, ZGetAccessTokenHeaders, ZGetAccessTokenResponse } from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../envelope';
import type { AccessTokenService } from './access-token.service';

/** POST /travelsky/common/getAccessToken (spec §7). */
export function accessTokenRoutes(service: AccessTokenService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/travelsky/common/getAccessToken',
      {
        // The body's fields are signed: it is read exactly as sent, context fields included.
        config: { public: true, bodyContext: 'as_sent' },
        schema: {
          summary: 'Get an app access token with a signed request',
          tags: ['platform'],
          headers: ZGetAccessTokenHeaders,
          body: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullish(),
          response: { 200: envelope(ZGetAccessTokenResponse) },
        },
      },
      async (request) => {
        const h = request.headers;
        const result = await service.issue(
          {
            appId: h.appid,
            nonce: h.nonce,
            timestamp: h.timestamp,
            signType: h.signtype,
            sign: h.sign,
            body: request.body ?? {},
          },
          request.ip,
        );
        return ok(result);
      },
    );
  };
}
