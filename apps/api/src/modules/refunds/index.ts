/**
 * Refunds: the public face of the module (issue 15): online refunds of ticketed orders
 * (after-sales §3-§9). A refund order (`R` + digits) is made as a draft with its quote
 * (createRefund), submitted to audit (confirmRefund: its tickets become refunding), approved by
 * staff in the console (or by itself for a flight the airline canceled or retimed) or rejected;
 * approved, its tickets are refunded, their seats go back, and its money goes back through
 * payments' partial refunds of the payments that paid the order. Its tables:
 * db/schema/refunds.ts. Payments tells it when the money is back through `refundMoney`, the
 * `RefundListener` app.ts hands to payments.
 */
export { createRefundMoneyListener } from './refund-money';
/** An order's refund orders, for the answers to a flight the airline changed (issue 16, modules/changes). */
export { type RefundOrderRef, refundOrdersOf } from './refund-reads';
export { REFUND_AUDIT_ROLES, REFUND_QUEUE_ROLES } from './refunds.admin-routes';
export { type RefundsConfig, refundsSettings } from './refunds.config';
export { REFUNDS_SWEEP_JOB, registerRefundsJobs } from './refunds.jobs';
/** The module's Fastify plugins (app.ts registers the first before payments, the second after the add-ons after ticketing). */
export { refundsCallsModule, refundsModule } from './refunds.module';
export { type RefundOrder, RefundsService } from './refunds.service';
