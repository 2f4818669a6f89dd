import { memberEnvelope, ZClaimSave, ZMileageClaim, ZMileageClaimList } from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOk } from '../../platform/envelope';
import type { LayerRoutes } from '../../platform/layers';
import { memberOf } from '../loyalty';
import type { ClaimsService } from './claims.service';
import type { MileageContext } from './mileage-context';

/** The calls that need a live member session: CAF9999 without one, before the body is read. */
const signedIn = { memberSession: 'required' } as const;

const tags = ['mileage: claims'];

/**
 * A member's retroactive claims (issue 18) under /api/fqt: file one for a flown flight that was
 * not credited, and list one's own. A member only ever reads their own claims.
 */
export function claimsRoutes(_ctx: MileageContext, deps: { claims: ClaimsService }): LayerRoutes {
  const { claims } = deps;
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/consumer/claim/saveClaim',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Claim the miles of a flown flight that was not credited: under audit',
          description:
            "Signed in, an approved member (803 otherwise). 870 the flight date is in the future or more than 6 months ago; 863 no flown flight of that ticket, number and local date; 862 the ticket is not the member's (name and birthday); 872 a missed flight; 871 already credited or claimed.",
          body: ZClaimSave,
          response: { 200: memberEnvelope(ZMileageClaim) },
        },
      },
      async (request) => memberOk(await claims.save(memberOf(request).memberId, request.body)),
    );
    app.post(
      '/consumer/claim/queryClaimList',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "The member's claims, newest first, with staff's reason when not approved",
          response: { 200: memberEnvelope(ZMileageClaimList) },
        },
      },
      async (request) => memberOk(await claims.listOf(memberOf(request).memberId)),
    );
  };
  return routes;
}
