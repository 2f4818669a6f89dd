import { envelope, Language, ZPayStatus, ZPayUrlRequest, ZPayUrlResponse } from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/access';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs/jobs';
import { NotificationRejected } from '../../platform/payments/gateway';
import type { SandboxLedger } from '../../platform/payments/sandbox/sandbox.repository';
import { sandboxRoutes } from '../../platform/payments/sandbox/sandbox.routes';
import type { PurposeKeys } from '../../platform/secrets';
import type { PaymentsService } from './payments.service';

const tags = ['payment'];
const ZOrderNoParams = z.object({ orderNo: z.string().min(1).max(40) });

/** Where gateways post notifications (the endpoint below), as an absolute URL for server-to-server calls. */
export function notifyUrl(baseUrl: string, gateway: string): string {
  return `${baseUrl}/api/pay/notify/${gateway}`;
}

/**
 * The payment calls (booking-and-account.md §7, issue 5), added to the main layer by the payments
 * module (payments.module.ts): getPayUrl, pay status, the gateways' notification endpoint
 * (public, raw body kept for the signature) and, outside production, the sandbox gateway's pages.
 */
export function paymentsRoutes(deps: {
  now: () => Date;
  /** The order-grant keys (platform/secrets.ts): a guest pays with the grant of its order. */
  grantKeys: PurposeKeys;
  service: PaymentsService;
  /** The sandbox gateway's pages and what they need; null in production (never served there). */
  sandbox: { ledger: SandboxLedger; jobs: Pick<JobRunner, 'send'>; notifyUrl: string } | null;
}): FastifyPluginAsyncZod {
  const { grantKeys, service, sandbox } = deps;
  return async (app) => {
    if (sandbox) await app.register(sandboxRoutes({ ...sandbox, now: deps.now }));

    app.post(
      '/travelsky/payment/getPayUrl/:orderNo',
      {
        schema: {
          tags,
          summary:
            'Start paying an order: where the browser goes to pay (the open payment of the method, or a new one)',
          description:
            "For an unpaid order before its deadline, of the logged-in owner (`token` header); a guest order needs its grant in the `orderToken` header (the `orderToken` saveTicketOrder answered with, or the look-up's `accessToken`). method card, abapay and khqr go to the PAYMENT_GATEWAY gateway (sandbox in development, ABA PayWay in production); wechat to WeChat Pay (the sandbox in development while WeChat Pay is not set up). The amount is the order's payable (the sum of its price lines when it was booked), converted at the rate in force when the gateway charges another currency (amount gives what is charged; 0.01 when DEV_PAY_ONE_CENT). Open checkoutUrl: with form null, navigate to it; with form (ABA PayWay), POST those fields to checkoutUrl as multipart/form-data from the browser. PayWay and the sandbox send the browser back to ticket detail, with payResult=fail when the traveller cancels. The order's pending payment of the same method is answered again (same paymentId and checkout, the gateway not asked again) while its checkout works; an order has at most 5 payments pending over all methods. Codes: 613 order_already_paid, 301 the order expired, 204 unknown order (also another user's order, or a guest order without a valid grant), 500 pay_unavailable (the gateway could not start the payment; try again or another method); 204 and 500 carry the system error message (spec §8) with their reason in data.detail, 622 five payments already pending, 623 this method's payment is being started by another request (retry in a few seconds).",
          params: ZOrderNoParams,
          body: ZPayUrlRequest,
          response: { 200: envelope(ZPayUrlResponse) },
        },
      },
      async (request) =>
        ok(
          await service.getPayUrl(
            request.params.orderNo,
            request.body.method,
            actorOf(request, grantKeys, deps.now()),
            {
              clientIp: request.ip,
              language: Language[request.lang],
            },
          ),
        ),
    );

    app.get(
      '/travelsky/payment/status/:orderNo',
      {
        schema: {
          tags,
          summary: 'Pay status of an order',
          description:
            "For the order's logged-in owner, or a guest order with its grant in the `orderToken` header (as getPayUrl); anyone else answers 404, as for an unknown order. status: the order pay status (0 unpaid, 1 paid, 2 canceled); paymentStatus of its latest payment (pending, succeeded, failed, canceled, refund_required, refunded); ticketsIssued. For an order not paid, the latest pending payment is first asked of its gateway, so the answer is right even when the gateway's notification is late; poll it after returning from the gateway.",
          params: ZOrderNoParams,
          response: { 200: envelope(ZPayStatus) },
        },
      },
      async (request) =>
        ok(await service.status(request.params.orderNo, actorOf(request, grantKeys, deps.now()))),
    );

    // The notification endpoint keeps the raw body: the signature is over the exact bytes sent.
    const notifications: FastifyPluginAsyncZod = async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      scope.post(
        '/pay/notify/:gateway',
        {
          config: { public: true },
          schema: {
            tags,
            summary: 'Gateway server-to-server notification (signed, or confirmed with the gateway)',
            description:
              "Public, for the gateways only: /pay/notify/sandbox (HMAC-signed), /pay/notify/aba (ABA PayWay's pushback, believed only after check-transaction confirms it). A replay is acknowledged and ignored; anything not verified is answered 400.",
            params: z.object({ gateway: z.string().min(1).max(20) }),
          },
        },
        async (request) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          try {
            const outcome = await service.handleNotification(request.params.gateway, raw, request.headers);
            return ok({ outcome });
          } catch (err) {
            if (err instanceof NotificationRejected) {
              request.log.warn({ reason: err.message }, 'payment notification refused');
              throw new AppError('invalidRequest', { params: { detail: 'notification refused' } });
            }
            throw err;
          }
        },
      );
    };
    await app.register(notifications);
  };
}
