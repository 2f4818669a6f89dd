import { envelope, ZPayStatus, ZPayUrlRequest, ZPayUrlResponse } from '@wings/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs/jobs';
import { NotificationRejected, type PaymentGateway } from '../../platform/payments/gateway';
import { SandboxGateway } from '../../platform/payments/sandbox/sandbox.gateway';
import { sandboxRoutes } from '../../platform/payments/sandbox/sandbox.routes';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService, TICKETING_JOB, TICKETING_SWEEP_JOB } from './payments.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments and ticketing; the tests drive notifications and the ticketing handler here. */
    payments: PaymentsService;
  }
}

const tags = ['payment'];
const ZOrderNoParams = z.object({ orderNo: z.string().min(1).max(40) });

/** Where gateways post notifications, as an absolute URL for server-to-server calls. */
export function notifyUrl(config: Config, gateway: string): string {
  const base = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
  return `${base.replace(/\/$/, '')}/api/pay/notify/${gateway}`;
}

/**
 * Payment calls (booking-and-account.md §7, issue 5) under /api: getPayUrl, pay status, the
 * gateways' notification endpoint (public, raw body kept for the signature), the sandbox
 * gateway outside production, and the ticketing job with its sweep.
 */
export function paymentsPlugin(deps: { config: Config; db: Db; jobs: JobRunner; now: () => Date }) {
  return fp(
    async (app: FastifyInstance) => {
      const repo = new PaymentsRepository(deps.db);
      const sandbox = new SandboxGateway(deps.config.appSecret, deps.now);
      const gateways = new Map<string, PaymentGateway>();
      if (deps.config.env !== 'production') gateways.set(sandbox.name, sandbox);
      const service = new PaymentsService({
        repo,
        gateways,
        defaultGateway: 'sandbox',
        jobs: deps.jobs,
        now: deps.now,
        log: app.log,
        airlineCode: deps.config.ticketAirlineCode,
        devPayOneCent: deps.config.devPayOneCent,
        notifyUrl: (gateway) => notifyUrl(deps.config, gateway),
      });
      app.decorate('payments', service);
      await app.register(paymentsRoutes({ ...deps, repo, sandbox, service }), { prefix: '/api' });
    },
    { name: 'payments' },
  );
}

/** The payment calls, the sandbox gateway's pages and the ticketing jobs, registered under /api. */
export function paymentsRoutes(deps: {
  config: Config;
  jobs: JobRunner;
  repo: PaymentsRepository;
  sandbox: SandboxGateway;
  service: PaymentsService;
}): FastifyPluginAsyncZod {
  const { config, jobs, repo, sandbox, service } = deps;
  return async (app) => {
    await jobs.work<{ orderId: string }>(
      TICKETING_JOB,
      async ({ orderId }) => {
        await service.issueTickets(orderId);
      },
      { policy: 'short', retryLimit: 20, retryDelaySeconds: 5 },
    );
    await jobs.schedule(TICKETING_SWEEP_JOB, '* * * * *', async () => {
      const n = await service.ticketMissing();
      if (n > 0) app.log.info({ orders: n }, 'ticketed paid orders whose ticketing job was missed');
    });

    if (config.env !== 'production') {
      await app.register(
        sandboxRoutes({
          gateway: sandbox,
          jobs,
          notifyUrl: notifyUrl(config, 'sandbox'),
          lookup: async (paymentId) => {
            const p = await repo.paymentById(paymentId);
            return p && p.gateway === 'sandbox'
              ? {
                  paymentId: p.id,
                  orderNo: p.orderNo,
                  amount: p.amount,
                  currency: p.currency,
                  status: p.status,
                }
              : null;
          },
        }),
      );
    }

    app.post(
      '/travelsky/payment/getPayUrl/:orderNo',
      {
        schema: {
          tags,
          summary: 'Start paying an order: the checkout URL of a new payment',
          description:
            'For an unpaid order before its deadline, of the logged-in owner or a guest order. The amount is the sum of the order price lines (0.01 when DEV_PAY_ONE_CENT). Codes: 613 order_already_paid, 301 the order expired, 404 unknown order.',
          params: ZOrderNoParams,
          body: ZPayUrlRequest,
          response: { 200: envelope(ZPayUrlResponse) },
        },
      },
      async (request) =>
        ok(await service.getPayUrl(request.params.orderNo, request.body.method, request.userId)),
    );

    app.get(
      '/travelsky/payment/status/:orderNo',
      {
        schema: {
          tags,
          summary: 'Pay status of an order',
          description:
            'status: the order pay status (0 unpaid, 1 paid, 2 canceled); paymentStatus of its latest payment; ticketsIssued.',
          params: ZOrderNoParams,
          response: { 200: envelope(ZPayStatus) },
        },
      },
      async (request) => ok(await service.status(request.params.orderNo, request.userId)),
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
            summary: 'Gateway server-to-server notification (signed)',
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
