import {
  memberEnvelope,
  ZAwardCalculatorInput,
  ZAwardCalculatorResult,
  ZBillCycleList,
  ZBillQuery,
  ZEarnCalculatorInput,
  ZEarnCalculatorResult,
  ZEarnRateOptions,
  ZFreezeInfo,
  ZMileageBill,
  ZMileageSummary,
  ZMileageTransactionPage,
  ZMileageTransactionQuery,
} from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOk } from '../../platform/envelope';
import type { LayerRoutes } from '../../platform/layers';
import { memberOf } from '../loyalty';
import type { Calculators } from './calculators';
import type { LedgerService } from './ledger.service';
import type { MileageContext } from './mileage-context';

/** The calls that need a live member session: CAF9999 without one, before the body is read. */
const signedIn = { memberSession: 'required' } as const;
const tags = ['mileage'];

/**
 * The member's miles under /api/fqt (issue 18; contracts/mileage.ts): the summary, the ledger,
 * the monthly bills and the freeze (a member session each), and the calculators (anyone).
 */
export function mileageRoutes(
  _ctx: MileageContext,
  deps: { ledger: LedgerService; calculators: Calculators },
): LayerRoutes {
  const { ledger, calculators } = deps;
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/consumer/mileage/queryMileageInfo',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "The member's balance, next expiry, rolling 12 months' elite figures and tier progress",
          description: 'Signed in (CAF9999 without). Times are ISO in the hub zone.',
          response: { 200: memberEnvelope(ZMileageSummary) },
        },
      },
      async (request) => memberOk(await ledger.summary(memberOf(request).memberId)),
    );
    app.post(
      '/consumer/mileage/queryTransactionList',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "The member's ledger, newest first, optionally of one trading type",
          description: 'Signed in (CAF9999 without). tradingType: accumulate 0, consume 1, expire 2.',
          body: ZMileageTransactionQuery,
          response: { 200: memberEnvelope(ZMileageTransactionPage) },
        },
      },
      async (request) => memberOk(await ledger.transactions(memberOf(request).memberId, request.body)),
    );
    app.post(
      '/consumer/mileage/queryBillList',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'The bill cycles the member may read (the last 12 months, newest first)',
          description:
            "Signed in (CAF9999 without). The previous month's bill is listed after the 5th (hub date).",
          response: { 200: memberEnvelope(ZBillCycleList) },
        },
      },
      async (request) => memberOk({ list: await ledger.billCycles(memberOf(request).memberId) }),
    );
    app.post(
      '/consumer/mileage/queryBillDetail',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "One month's statement: opening and closing balance, earned, spent, expired, rows",
          description: 'Signed in (CAF9999 without). 873 when the cycle is not (or no longer) available.',
          body: ZBillQuery,
          response: { 200: memberEnvelope(ZMileageBill) },
        },
      },
      async (request) => memberOk(await ledger.bill(memberOf(request).memberId, request.body.cycle)),
    );
    app.post(
      '/consumer/mileage/queryFreezeInfo',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Why and since when the miles are frozen',
          description: 'Signed in (CAF9999 without). 865 when the miles are not frozen.',
          response: { 200: memberEnvelope(ZFreezeInfo) },
        },
      },
      async (request) => memberOk(await ledger.freezeInfo(memberOf(request).memberId)),
    );
    app.post(
      '/consumer/calculator/earnMileage',
      {
        schema: {
          tags,
          summary: 'Miles a flight earns in a fare class at a tier',
          description:
            'No session needed. 874 names the first empty field; 876 no route between the airports, an unknown cabin, or a fare class not of that cabin.',
          body: ZEarnCalculatorInput,
          response: { 200: memberEnvelope(ZEarnCalculatorResult) },
        },
      },
      async (request) => memberOk(await calculators.earn(request.body)),
    );
    app.post(
      '/consumer/calculator/awardMileage',
      {
        schema: {
          tags,
          summary: 'Miles an award ticket costs per person, one way or return',
          description:
            'No session needed. 874 names the first empty field; 876 no route between the airports or an unknown cabin.',
          body: ZAwardCalculatorInput,
          response: { 200: memberEnvelope(ZAwardCalculatorResult) },
        },
      },
      async (request) => memberOk(await calculators.award(request.body)),
    );
    app.post(
      '/consumer/calculator/queryEarnRates',
      {
        schema: {
          tags,
          summary: "The fare classes the earn calculator offers (its 'ticket type'), with their earn rates",
          description: 'No session needed.',
          response: { 200: memberEnvelope(ZEarnRateOptions) },
        },
      },
      async () => memberOk(await calculators.earnRateOptions()),
    );
  };
  return routes;
}
