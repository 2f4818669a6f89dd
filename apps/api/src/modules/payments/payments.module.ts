import { defineModule, type ModuleOptions } from '../../platform/module';
import { AbaPayWayGateway } from '../../platform/payments/aba/aba.gateway';
import type { PaymentGateway } from '../../platform/payments/gateway';
import { SandboxGateway } from '../../platform/payments/sandbox/sandbox.gateway';
import { SandboxLedger } from '../../platform/payments/sandbox/sandbox.repository';
import { WechatPayGateway } from '../../platform/payments/wechat/wechat-pay.gateway';
import type { PayableOwner, RefundListener } from './payables';
import { paymentsAdminRoutes } from './payments.admin-routes';
import type { PaymentsConfig } from './payments.config';
import { registerPaymentsJobs } from './payments.jobs';
import { PaymentsRepository } from './payments.repository';
import { notifyUrl, paymentsRoutes } from './payments.routes';
import { PaymentsService } from './payments.service';
import { RefundDesk } from './refund-desk';
import { registerWechat } from './wechat/wechat.plugin';
import type { WechatOfficialAccountConfig } from './wechat/wechat-official-account';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments of payables and their refunds; the tests drive notifications and refunds here. */
    payments: PaymentsService;
  }
}

/** The payments module's settings (config.payments), with the one it reads from another slice (app.ts passes it). */
export interface PaymentsModuleSettings extends PaymentsConfig {
  /**
   * The WeChat official account (config.oauth.wechat: WECHAT_APP_ID, WECHAT_APP_SECRET ...): the
   * JS-SDK signature of the payment pages and the payer's openid; null when not configured.
   */
  wechatOfficialAccount: WechatOfficialAccountConfig | null;
}

/** The payments module's options: its settings, and the owners of the kinds of payable it pays (booking's `order`). */
export interface PaymentsModuleOptions extends ModuleOptions<PaymentsModuleSettings> {
  owners: PayableOwner[];
  /** Told how each refund ended, in its settling transaction (the refunds module's refund orders). */
  refundListeners?: RefundListener[];
}

/**
 * The payments module: pays payables through the gateways (the sandbox outside production, ABA
 * PayWay and WeChat Pay when configured; WeChat Pay charges CNY at the exchange-rates module's
 * rates in force), refunds, reconciles. It depends on no selling module: each owner of a kind of
 * payable is handed to it (app.ts). Decorates `app.payments`; its jobs are in payments.jobs.ts,
 * its calls in payments.routes.ts and wechat/ (main layer).
 */
export const paymentsModule = defineModule<PaymentsModuleOptions>(
  'payments',
  ['exchange-rates'],
  async (app, { platform, config, owners, refundListeners = [] }) => {
    const { db, now, jobs, log } = platform;
    const grantKeys = platform.keys.orderGrant;
    const rates = app.exchangeRates;
    const ledger = new SandboxLedger(db);
    // The sandbox is never on in production (config refuses PAYMENT_GATEWAY=sandbox there).
    const sandbox =
      platform.env !== 'production' ? new SandboxGateway(platform.keys.sandboxPayment, now, ledger) : null;
    const gateways = new Map<string, PaymentGateway>();
    if (sandbox) gateways.set(sandbox.name, sandbox);
    if (config.aba) gateways.set('aba', new AbaPayWayGateway({ ...config.aba, now }));
    if (config.wechatPay) {
      const wechat = new WechatPayGateway(config.wechatPay, { now });
      gateways.set(wechat.name, wechat);
    }
    const service = new PaymentsService({
      repo: new PaymentsRepository(db),
      owners,
      refundListeners,
      gateways,
      cardGateway: config.gateway,
      sandboxFallback: sandbox !== null,
      convert: (amount, from, to) => rates.convert(amount, from, to),
      jobs,
      now,
      log,
      mailer: platform.mailer,
      devPayOneCent: config.devPayOneCent,
      notifyUrl: (gateway) => notifyUrl(platform.baseUrl, gateway),
      appUrl: (path) => `${platform.baseUrl}${path}`,
    });
    app.decorate('payments', service);
    await registerPaymentsJobs(jobs, { service, sandbox }, log);

    app.layers.add(
      'main',
      paymentsRoutes({
        now,
        grantKeys,
        service,
        sandbox: sandbox && { ledger, jobs, notifyUrl: notifyUrl(platform.baseUrl, 'sandbox') },
      }),
    );
    // The staff console's refund actions (retry a failed refund, settle it by hand).
    const desk = new RefundDesk({
      repo: new PaymentsRepository(db),
      owners: service.owners,
      listeners: refundListeners,
      audit: platform.audit,
      jobs,
      now,
      finish: (refundId) => service.processRefund(refundId),
      log,
    });
    app.layers.add('staff', paymentsAdminRoutes({ desk }));
    registerWechat(app, { officialAccount: config.wechatOfficialAccount, grantKeys, now, service, rates });
  },
);
