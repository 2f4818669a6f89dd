import {
  type AdminSettings,
  type AdminSettingsUpdate,
  type CustomerService,
  DEFAULT_CUSTOMER_SERVICE,
  ZCustomerService,
} from '@wings/contracts';
import { customerServiceIssues, normalizeCustomerService } from '@wings/rules';
import type { AuditRecord } from '../../platform/audit/audit-log';
import type { Executor } from '../../platform/db';
import { invalid } from '../../platform/errors';
import type { StaffChange } from '../../platform/layers';
import type { SettingRecord, SettingsRepository } from './settings.repository';

/** The key of the customer-service contact in `airline_settings`. */
export const CUSTOMER_SERVICE_KEY = 'customer_service';

/** The demo contact the development seed writes (SEED_DEMO outside production and tests). */
export const DEMO_CUSTOMER_SERVICE: CustomerService = {
  ...DEFAULT_CUSTOMER_SERVICE,
  phone: '+855 23 999 888',
  email: 'service@wings-airways.test',
};

export interface SettingsDeps {
  repo: SettingsRepository;
  now: () => Date;
  audit: { record(entry: AuditRecord, executor?: Executor): Promise<void> };
  /** The hub's zone the hours are read in (HUB_TIME_ZONE). */
  hubZone: string;
  /** Tells every process a setting was saved (settings-changes.ts), in the saving transaction. */
  announce?: (tx: Executor, key: string) => Promise<void>;
  log?: { warn(obj: unknown, msg?: string): void };
}

/** A stored contact, or the defaults when none is saved (or what is saved no longer reads). */
function contactOf(record: SettingRecord | null): CustomerService {
  if (!record) return DEFAULT_CUSTOMER_SERVICE;
  const parsed = ZCustomerService.safeParse(record.value);
  return parsed.success ? parsed.data : DEFAULT_CUSTOMER_SERVICE;
}

/**
 * The airline's settings (issue 13): today the customer-service contact, read by the traveller
 * app, the e-mails and the itinerary PDF, and edited by the admin with an audit row per change.
 * Every read goes to the database (one row by key), except `current`, the copy kept for
 * synchronous readers (the e-mail layout), which every process refreshes when any process
 * saves (settings-changes.ts).
 */
export class SettingsService {
  private cached: CustomerService = DEFAULT_CUSTOMER_SERVICE;

  constructor(private readonly deps: SettingsDeps) {}

  /** The customer-service contact as saved now (the defaults when never saved). */
  async customerService(): Promise<CustomerService> {
    const contact = contactOf(await this.deps.repo.find(CUSTOMER_SERVICE_KEY));
    this.cached = contact;
    return contact;
  }

  /** The contact this process last read or heard of: for readers that cannot wait. */
  current(): CustomerService {
    return this.cached;
  }

  /** Reads the contact again into `current` (at start and when a process saved it); never throws. */
  async refresh(): Promise<void> {
    try {
      await this.customerService();
    } catch (err) {
      this.deps.log?.warn({ err }, 'settings: reading the customer-service contact failed');
    }
  }

  /** Every setting as the console shows it. */
  async view(): Promise<AdminSettings> {
    const record = await this.deps.repo.find(CUSTOMER_SERVICE_KEY);
    const customerService = contactOf(record);
    this.cached = customerService;
    return this.viewOf(customerService, record);
  }

  /** Saves the contact (admin), with its audit row `settings.update` in the same transaction. */
  async update(input: AdminSettingsUpdate, who: StaffChange): Promise<AdminSettings> {
    const after = normalizeCustomerService(input.customerService);
    const issues = customerServiceIssues(after);
    if (issues.length > 0) throw invalid(issues);
    const at = this.deps.now();
    await this.deps.repo.transaction(async (tx) => {
      const before = contactOf(await this.deps.repo.findForUpdate(tx, CUSTOMER_SERVICE_KEY));
      await this.deps.repo.save(tx, CUSTOMER_SERVICE_KEY, after, who.actor, at);
      await this.deps.audit.record(
        {
          actor: who.actor,
          action: 'settings.update',
          targetType: 'settings',
          targetId: CUSTOMER_SERVICE_KEY,
          before: { customerService: before },
          after: { customerService: after },
          reason: null,
          ip: who.ip,
        },
        tx,
      );
      await this.deps.announce?.(tx, CUSTOMER_SERVICE_KEY);
    });
    this.cached = after;
    return this.viewOf(after, { value: after, updatedAt: at, updatedByEmail: who.actor.email });
  }

  /** Writes the demo contact into a database where none was saved (development); whether it wrote. */
  async ensureDemoContact(): Promise<boolean> {
    const written = await this.deps.repo.insertIfMissing(
      CUSTOMER_SERVICE_KEY,
      DEMO_CUSTOMER_SERVICE,
      this.deps.now(),
    );
    if (written) this.cached = DEMO_CUSTOMER_SERVICE;
    return written;
  }

  private viewOf(customerService: CustomerService, record: SettingRecord | null): AdminSettings {
    return {
      customerService,
      timeZone: this.deps.hubZone,
      updatedAt: record?.updatedAt.toISOString() ?? null,
      updatedBy: record?.updatedByEmail ?? null,
    };
  }
}
