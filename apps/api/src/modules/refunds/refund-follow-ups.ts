import { toLocalIso } from '@wings/rules';
import type { JobRunner } from '../../platform/jobs/jobs';
import type { MailLang } from '../../platform/mail/layout';
import type { Mailer } from '../../platform/mail/mailer';
import { refundStepMail } from '../../platform/mail/templates';
import { REFUND_JOB } from '../payments';
import type { RefundsRepository } from './refunds.repository';
import type { RefundsService } from './refunds.service';

const MAIL_LANG: Record<number, MailLang> = { 0: 'zh', 1: 'en', 2: 'km' };

export interface RefundFollowUpsDeps {
  repo: RefundsRepository;
  service: RefundsService;
  mailer: Mailer;
  jobs: Pick<JobRunner, 'send'>;
  /** secondary-services' refundTicketAddons: a passenger's add-ons bought after ticketing refunded. */
  refundAddons(ticket: { orderId: string; passengerId: string }): Promise<void>;
  hubZone: string;
  now: () => Date;
  log: { warn(obj: unknown, msg?: string): void };
}

/**
 * What follows a refund's commit and cannot be part of it (issue 15): the payments refund job of
 * each part of its money (payments' own sweep sends any whose job was lost), the traveller's mail
 * of each step (a step's mail is owed until sent: `refund_order_events.notified_at`), and the
 * add-ons bought after ticketing of its passengers (secondary-services refunds them through
 * payments). Each is done after the commit and again by the sweep until done, never twice.
 */
export class RefundFollowUps {
  constructor(private readonly deps: RefundFollowUpsDeps) {}

  /** After a refund's transaction committed: its payments' jobs, its mails, its add-ons. Best effort. */
  async after(refundOrderId: string, paymentRefunds: readonly string[]): Promise<void> {
    for (const refundId of paymentRefunds) {
      try {
        await this.deps.jobs.send(REFUND_JOB, { refundId }, { singletonKey: refundId });
      } catch (err) {
        this.deps.log.warn(
          { err, refundId },
          'could not enqueue a refund order payment; the payments sweep sends it',
        );
      }
    }
    try {
      await this.mailOwed(refundOrderId);
      await this.addonsOf(refundOrderId);
    } catch (err) {
      this.deps.log.warn(
        { err, refundOrderId },
        'refund follow-up not finished; the refunds sweep finishes it',
      );
    }
  }

  /** The sweep (every minute): drafts past their time expired, owed mails sent, owed add-ons refunded. */
  async sweep(): Promise<{ expired: number; mailed: number; addons: number }> {
    const now = this.deps.now();
    let expired = 0;
    for (const d of await this.deps.repo.lapsedDrafts(now, 100)) {
      await this.deps.repo.transaction(async (repo) => {
        if (await repo.move(d.id, ['draft'], 'expired', now)) {
          await repo.addEvent(d.id, { type: 'expired', actor: 'system' }, now);
          expired++;
        }
      });
    }
    let mailed = 0;
    for (const e of await this.deps.repo.unmailed(50)) {
      try {
        if (await this.mailEvent(e.id)) mailed++;
      } catch (err) {
        this.deps.log.warn({ err, eventId: e.id }, 'refund mail not sent; the next sweep tries again');
      }
    }
    let addons = 0;
    for (const r of await this.deps.repo.addonsOwed(20)) {
      try {
        await this.addonsOf(r.id);
        addons++;
      } catch (err) {
        this.deps.log.warn(
          { err, refundNo: r.refundNo },
          'add-ons of a refund not refunded; the next sweep tries again',
        );
      }
    }
    return { expired, mailed, addons };
  }

  /** Sends the refund's owed step mails (after payments settled its money; the sweep otherwise). */
  async mailOwed(refundOrderId: string): Promise<void> {
    for (const e of await this.deps.repo.eventsOf(refundOrderId)) {
      if (e.mail && e.notifiedAt === null) await this.mailEvent(e.id);
    }
  }

  /** Sends one owed step mail under its row lock (a concurrent run skips it); true when this call sent it. */
  private async mailEvent(eventId: number): Promise<boolean> {
    return this.deps.repo.transaction(async (repo) => {
      const e = await repo.lockUnmailed(eventId);
      if (!e) return false;
      const rec = await repo.byId(e.refundOrderId);
      const step = this.deps.service.mailStepOf(e.type);
      if (!rec || !step) {
        await repo.markMailed(e.id, this.deps.now());
        return false;
      }
      const { next } = await this.deps.service.timeline(rec, await repo.eventsOf(rec.id));
      const due = next?.expectedBy ? new Date(next.expectedBy) : null;
      await this.deps.mailer.send(
        refundStepMail({
          to: rec.contactEmail,
          lang: MAIL_LANG[rec.language] ?? 'zh',
          step,
          contactName: rec.contactName,
          refundNo: rec.refundNo,
          orderNo: rec.orderNo,
          actual: rec.actual,
          handlingFee: rec.handlingFee,
          currency: rec.currency,
          reason: step === 'rejected' ? rec.rejectReason : null,
          expectedBy: due ? this.localTime(due) : null,
        }),
      );
      await repo.markMailed(e.id, this.deps.now());
      return true;
    });
  }

  /** "2026-12-02 10:00 (GMT+07:00)" in the hub's zone, where the service hours are. */
  private localTime(instant: Date): string {
    const iso = toLocalIso(instant, this.deps.hubZone);
    return `${iso.slice(0, 10)} ${iso.slice(11, 16)} (GMT${iso.slice(19)})`;
  }

  private async addonsOf(refundOrderId: string): Promise<void> {
    const rec = await this.deps.repo.byId(refundOrderId);
    if (!rec || rec.addonsRefundedAt !== null || !['refunding', 'refunded'].includes(rec.status)) return;
    const lines = await this.deps.repo.linesOf(rec.id);
    for (const passengerId of new Set(lines.map((l) => l.passengerId))) {
      await this.deps.refundAddons({ orderId: rec.orderId, passengerId });
    }
    await this.deps.repo.setFields(rec.id, { addonsRefundedAt: this.deps.now() }, this.deps.now());
  }
}
