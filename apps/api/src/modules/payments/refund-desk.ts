import type { AuditActor, AuditLog } from '../../platform/audit/audit-log';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs/jobs';
import type { PayableKind, PayableOwner, RefundListener } from './payables';
import type { PaymentsRepository } from './payments.repository';
import { REFUND_JOB, type RefundOutcome, violates } from './payments.service';

/** The staff member acting, as the refund desk records them. */
export interface RefundStaff extends AuditActor {
  ip: string | null;
}

export interface RefundDeskDeps {
  repo: PaymentsRepository;
  /** The owners of payables by kind: the owner's history gets a row for each staff action. */
  owners: ReadonlyMap<PayableKind, PayableOwner>;
  /** Told when staff settle a refund by hand, in that transaction (as payments tells them of a gateway's answer). */
  listeners?: readonly RefundListener[];
  audit: Pick<AuditLog, 'record'>;
  jobs: Pick<JobRunner, 'send'>;
  now: () => Date;
  /** Finishes a refund once settled (payments' processRefund: the traveller's notice). */
  finish(refundId: string): Promise<RefundOutcome>;
  log: { warn(obj: unknown, msg?: string): void };
}

/**
 * What finance staff do with a refund the gateway refused (issue 13: payments leave
 * `refund_failed` in the order's history for staff). Retry: the refund goes back to pending and
 * its job sends it to the gateway again under the same id (the gateway's idempotency key, so it
 * is never paid twice). Settle by hand: the money went back another way (a bank transfer, cash),
 * the refund is marked succeeded with the reference staff give, and the traveller's notice
 * follows as for any refund. Each is a conditional UPDATE of a failed refund, in one transaction
 * with the payable owner's history row (actor `staff:<id>`, with the reason) and the audit row.
 */
export class RefundDesk {
  constructor(private readonly deps: RefundDeskDeps) {}

  /** failed → pending, then its refund job is asked for. */
  async retry(
    kind: PayableKind,
    reference: string,
    refundId: string,
    staff: RefundStaff,
    reason: string,
  ): Promise<{ refundId: string; status: 'pending' }> {
    await this.act(kind, reference, refundId, staff, reason, 'refund_retried', async (repo, now) => {
      return repo.reopenRefund(refundId, now);
    });
    try {
      await this.deps.jobs.send(REFUND_JOB, { refundId }, { singletonKey: refundId });
    } catch (err) {
      this.deps.log.warn({ err, refundId }, 'could not enqueue the retried refund; the sweep will send it');
    }
    return { refundId, status: 'pending' };
  }

  /** failed → succeeded with staff's reference; the traveller's notice is sent after the commit. */
  async settleByHand(
    kind: PayableKind,
    reference: string,
    refundId: string,
    staff: RefundStaff,
    reason: string,
    settledReference: string,
  ): Promise<{ refundId: string; status: 'succeeded' }> {
    await this.act(
      kind,
      reference,
      refundId,
      staff,
      reason,
      'refund_settled',
      async (repo, now, paymentId, handle) => {
        if (!(await repo.settleRefundByHand(refundId, settledReference, now))) return false;
        // A whole-payment refund leaves its payment refunded, as a gateway's success does.
        await repo.movePayment(paymentId, ['refund_required'], 'refunded', now);
        const r = await repo.refundById(refundId);
        for (const listener of this.deps.listeners ?? []) {
          if (!r) break;
          await listener.refundSettled(
            handle,
            {
              refundId,
              paymentId,
              amount: r.amount,
              currency: r.currency,
              reason: r.reason,
              lineRef: r.lineRef,
              status: 'succeeded',
              actor: `staff:${staff.id}`,
            },
            now,
          );
        }
        return true;
      },
      { reference: settledReference },
    );
    try {
      await this.deps.finish(refundId);
    } catch (err) {
      this.deps.log.warn({ err, refundId }, 'the notice of a refund settled by hand waits for the sweep');
    }
    return { refundId, status: 'succeeded' };
  }

  private async act(
    kind: PayableKind,
    reference: string,
    refundId: string,
    staff: RefundStaff,
    reason: string,
    type: 'refund_retried' | 'refund_settled',
    move: (repo: PaymentsRepository, now: Date, paymentId: string, handle: Tx) => Promise<boolean>,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const owner = this.deps.owners.get(kind);
    if (!owner) throw new Error(`no payable owner registered for kind ${kind}`);
    try {
      await this.deps.repo.transaction(async (repo, handle: Tx) => {
        const now = this.deps.now();
        const refund = await repo.lockRefundOf(kind, reference, refundId);
        if (!refund) throw new AppError('adminRefundNotFound');
        if (refund.status !== 'failed' || !(await move(repo, now, refund.paymentId, handle))) {
          throw new AppError('adminRefundNotFailed', { data: { status: refund.status } });
        }
        const payable = await repo.payableById(refund.payableId);
        if (!payable) throw new Error(`refund ${refundId}: no payable ${refund.payableId}`);
        const facts = {
          paymentId: refund.paymentId,
          refundId,
          amount: refund.amount,
          currency: refund.currency,
          ...extra,
        };
        await owner.record(handle, payable, type, `staff:${staff.id}`, facts, now, reason);
        await this.deps.audit.record(
          {
            actor: { id: staff.id, email: staff.email },
            action: type === 'refund_retried' ? 'refund.retry' : 'refund.settle',
            targetType: kind,
            targetId: reference,
            before: { refundId, status: 'failed', reference: refund.reference },
            after: {
              refundId,
              status: type === 'refund_retried' ? 'pending' : 'succeeded',
              amount: refund.amount,
              currency: refund.currency,
              ...extra,
            },
            reason,
            ip: staff.ip,
          },
          handle,
        );
      });
    } catch (err) {
      if (violates(err, 'payments_refunded_within_amount')) throw new AppError('adminRefundExceedsPaid');
      throw err;
    }
  }
}
