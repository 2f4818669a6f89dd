// What the mileage benchmark needs beside the bench's own product: approved members signed in to
// the member layer (registered through its calls, approved as staff approval leaves the row), and
// the mileage module's own services built in this process on the bench's database.

import { randomInt, randomUUID } from 'node:crypto';
import { memberCardNo } from '@wings/rules';
import type { FastifyInstance } from 'fastify';
import { AccrualSweep } from '../apps/api/src/modules/mileage/accrual';
import { LedgerService } from '../apps/api/src/modules/mileage/ledger.service';
import type { MileageContext } from '../apps/api/src/modules/mileage/mileage-context';
import { type Database, openDatabase } from '../apps/api/src/platform/db';
import type { Platform } from '../apps/api/src/platform/module';
import type { BenchApi } from './support';

/** A member password the member layer's rules accept (6 digits, no repeat, no run). */
const MEMBER_PASSWORD = '204913';

interface MemberReply<T> {
  status: string;
  message: string;
  data: T;
}

export interface BenchMember {
  memberId: string;
  cardNo: string;
  /** The member-layer headers of this member's calls: app token, client, member session. */
  headers: Record<string, string>;
}

/** A member-layer call (`/api/fqt<route>`) with `headers`. */
async function memberCall<T>(
  bench: BenchApi,
  route: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<MemberReply<T>> {
  const res = await fetch(`${bench.url}/api/fqt${route}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as MemberReply<T>;
}

/**
 * A member registered through consumer/register (the code read from the dev mailbox, the two
 * document photos inserted as uploads the registration claims) and approved by writing its row
 * as staff approval would: signed in, holding a card number.
 */
export async function registerBenchMember(bench: BenchApi, n: number): Promise<BenchMember> {
  const headers = {
    authorization: bench.base.authorization!,
    language: '1',
    clientSource: 'CA-H5',
  };
  const photo = async () =>
    (
      await bench.db.query<{ id: string }>(
        `insert into member_files (storage_key, content_type, size, width, height, sha256)
         values ($1, 'image/jpeg', 1024, 800, 600, $2) returning id`,
        [`bench/${randomUUID()}`, '0'.repeat(64)],
      )
    ).rows[0]!.id;
  const email = `bench.member.${n}.${Date.now()}@example.com`;
  const asked = await memberCall(
    bench,
    '/consumer/getToken',
    { channel: 'email', purpose: 'register', email },
    headers,
  );
  if (asked.status !== '200') throw new Error(`getToken: ${asked.status} ${asked.message}`);
  const mailed = await bench.db.query<{ text_body: string }>(
    'select text_body from mail_outbox where to_address = $1 order by created_at desc limit 1',
    [email.toLowerCase()],
  );
  const code = /\b(\d{6})\b/.exec(mailed.rows[0]?.text_body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  const reg = await memberCall<{ vipToken: string; member: { id: string } }>(
    bench,
    '/consumer/register',
    {
      surname: 'Sok',
      givenName: 'Dara',
      middleName: null,
      title: 0,
      gender: 0,
      birthday: '1990-04-12',
      nationality: 'KH',
      document: {
        documentType: 0,
        documentNo: `K${String(randomInt(0, 1e9)).padStart(9, '0')}`,
        validFrom: '2020-01-01',
        validTo: '2035-01-01',
        frontPhotoId: await photo(),
        backPhotoId: await photo(),
      },
      countryCode: '855',
      phone: `9${String(randomInt(0, 1e7)).padStart(7, '0')}`,
      email,
      address: {
        country: 'KH',
        province: 'Phnom Penh',
        city: 'Phnom Penh',
        postcode: '12000',
        detail: '12 Street 240',
      },
      contactLanguage: 1,
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
      code,
      agree: true,
    },
    headers,
  );
  if (reg.status !== '200') throw new Error(`register: ${reg.status} ${reg.message}`);
  const memberId = reg.data.member.id;
  const serial = await bench.db.query<{ serial: string }>(
    "select nextval('member_card_serial_seq') as serial",
  );
  const cardNo = memberCardNo(Number(serial.rows[0]!.serial));
  await bench.db.query(
    `update members set status = 'approved', card_no = $2, level = 0, approved_at = now(), reject_reason = null
      where id = $1`,
    [memberId, cardNo],
  );
  await bench.db.query(
    `update member_documents set state = 'effective' where member_id = $1 and from_registration`,
    [memberId],
  );
  return { memberId, cardNo, headers: { ...headers, vipToken: reg.data.vipToken } };
}

export interface MileageServices {
  ledger: LedgerService;
  accrual: AccrualSweep;
  database: Database;
}

/**
 * The mileage module's ledger and accrual sweep as its plugin builds them, on a pool of `pool`
 * connections of the bench's database, with the in-process app's members, network, mailer and log.
 */
export function mileageServices(bench: BenchApi, app: FastifyInstance, pool: number): MileageServices {
  const c = bench.db;
  const url = `postgres://${c.user}:${encodeURIComponent(c.password ?? '')}@${c.host}:${c.port}/${c.database}`;
  const database = openDatabase(url, { error() {} }, pool);
  // Only what the mileage services read of the platform: the database, clock, mailer and log.
  const platform = {
    db: database.db,
    now: () => new Date(),
    mailer: app.mailer,
    log: app.log,
  } as unknown as Platform;
  const ctx: MileageContext = { platform, members: app.loyalty, network: app.network };
  const ledger = new LedgerService(ctx);
  return { ledger, accrual: new AccrualSweep(ctx, ledger), database };
}
