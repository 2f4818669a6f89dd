import { envelope, Language, ZPayStatus, ZPayUrlRequest, ZPayUrlResponse } from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { actorOf } from '../../platform/access';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs/jobs';
import { AbaPayWayGateway } from '../../platform/payments/aba/aba.gateway';
import { NotificationRejected, type PaymentGateway } from '../../platform/payments/gateway';
import { SandboxGateway } from '../../platform/payments/sandbox/sandbox.gateway';
import { SandboxLedger } from '../../platform/payments/sandbox/sandbox.repository';
import { sandboxRoutes } from '../../platform/payments/sandbox/sandbox.routes';
import { WechatPayGateway } from '../../platform/payments/wechat/wechat-pay.gateway';
import { serverKeys } from '../../platform/secrets';
import { createExchangeRates } from '../exchange-rates';
import type { PayableOwner } from './payables';
import { registerPaymentsJobs } from './payments.jobs';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { registerWechat } from './wechat/wechat.plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments of payables and their refunds; the tests drive notifications and refunds here. */
    payments: PaymentsService;
  }
}

const tags = ['payment'];
const ZOrderNoParams = z.object({ orderNo: z.string().min(1).max(40) });

/** The address the API is reached at: PUBLIC_URL, else this process on loopback (development). */
function baseUrl(config: Config): string {
  return (config.publicUrl ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, '');
}

/** Where gateways post notifications, as an absolute URL for server-to-server calls. */
export function notifyUrl(config: Config, gateway: string): string {
  return `${baseUrl(config)}/api/pay/notify/${gateway}`;
}

/**
 * Payment calls (booking-and-account.md §7, issue 5) under /api: getPayUrl, pay status, the
 * gateways' notification endpoint (public, raw body kept for the signature), the sandbox gateway
 * outside production, ABA PayWay and WeChat Pay when configured (WeChat Pay charges CNY at the
 * exchange rates in force), and the refund and reconcile jobs (payments.jobs.ts). The owners of payables (booking's
 * `order`) are given in `owners`: payments settles their payables through them.
 */
export function paymentsPlugin(deps: {
  config: Config;
  db: Db;
  jobs: JobRunner;
  now: () => Date;
  owners: PayableOwner[];
}) {
  return fp(
    async (app: FastifyInstance) => {
      const { config, now } = deps;
      const repo = new PaymentsRepository(deps.db);
      const ledger = new SandboxLedger(deps.db);
      // Keyed with the server secret (never the public app secret), one key per purpose.
      const keys = serverKeys(config);
      const sandbox = new SandboxGateway(keys.sandboxPayment, now, ledger);
      const gateways = new Map<string, PaymentGateway>();
      // The sandbox is never registered in production (config refuses PAYMENT_GATEWAY=sandbox there).
      if (config.env !== 'production') gateways.set(sandbox.name, sandbox);
      if (config.payments.aba) {
        gateways.set('aba', new AbaPayWayGateway({ ...config.payments.aba, now }));
      }
      if (config.payments.wechatPay) {
        const wechat = new WechatPayGateway(config.payments.wechatPay, { now });
        gateways.set(wechat.name, wechat);
      }
      const rates = createExchangeRates(deps.db, now);
      const service = new PaymentsService({
        repo,
        owners: deps.owners,
        gateways,
        cardGateway: config.payments.gateway,
        sandboxFallback: config.env !== 'production',
        convert: (amount, from, to) => rates.convert(amount, from, to),
        jobs: deps.jobs,
        now,
        log: app.log,
        mailer: app.mailer,
        devPayOneCent: config.payments.devPayOneCent,
        notifyUrl: (gateway) => notifyUrl(config, gateway),
        appUrl: (path) => `${baseUrl(config)}${path}`,
      });
      app.decorate('payments', service);
      await registerPaymentsJobs(deps.jobs, service, app.log);
      app.layers.add('main', paymentsRoutes({ ...deps, ledger, sandbox, service }));
      await registerWechat(app, { config, now, service, rates });
    },
    { name: 'payments' },
  );
}

/** The payment calls and the sandbox gateway's pages, registered under /api. */
export function paymentsRoutes(deps: {
  config: Config;
  jobs: JobRunner;
  now: () => Date;
  ledger: SandboxLedger;
  sandbox: SandboxGateway;
  service: PaymentsService;
}): FastifyPluginAsyncZod {
  const { config, jobs, ledger, sandbox, service } = deps;
  // Order grants are keyed with the server secret, never the (public) app secret.
  const grantKeys = serverKeys(config).orderGrant;
  return async (app) => {
    if (config.env !== 'production') {
      await app.register(
        sandboxRoutes({
          gateway: sandbox,
          ledger,
          jobs,
          now: deps.now,
          notifyUrl: notifyUrl(config, 'sandbox'),
        }),
      );
    }

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
