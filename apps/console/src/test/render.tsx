import { fireEvent, render, waitFor } from '@testing-library/react';
import {
  STAFF_ROLES,
  type StaffMe,
  type StaffRole,
  ZAuditPage,
  ZStaffAccount,
  ZStaffAccountList,
  ZStaffLoginResponse,
  ZStaffMe,
  ZStaffOneTimePassword,
  ZStaffVerifyResponse,
} from '@wings/contracts';
import { vi } from 'vitest';
import { ConsoleApp, createQueryClient } from '../app/console-app';

/** A call the console made to the fake staff API. */
export interface SentCall {
  method: string;
  /** Below /api/admin, without the query: `/staff`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** A fake reply: data for `{ code: "0" }`, or an envelope and an HTTP status of its own. */
export type FakeReply =
  | { data: unknown }
  | { code: string; message: string; data?: unknown; status?: number }
  | ((call: SentCall) => FakeReply);

// The contract of each reply the fakes give, so a fake the API could not send fails the test.
const REPLY_SCHEMAS: ReplySchema[] = [
  [/^GET \/auth\/me$/, ZStaffMe],
  [/^POST \/auth\/login$/, ZStaffLoginResponse],
  [/^POST \/auth\/verify$/, ZStaffVerifyResponse],
  [/^GET \/staff$/, ZStaffAccountList],
  [/^POST \/staff$/, ZStaffOneTimePassword],
  [/^POST \/staff\/[^/]+\/reset-password$/, ZStaffOneTimePassword],
  [/^(PUT \/staff\/[^/]+|POST \/staff\/[^/]+\/reset-totp)$/, ZStaffAccount],
  [/^GET \/audit$/, ZAuditPage],
];

/** A reply's contract for `fakeAdminApi`: the pattern of "METHOD /path" and the schema its data must pass. */
export type ReplySchema = [RegExp, { parse: (v: unknown) => unknown }];

/**
 * Replaces fetch with the staff API answering from `routes` ("GET /staff", "POST /auth/login", ...;
 * a route not given answers 404). The data of a success is parsed with its contract: the shell's
 * calls are known here, an area passes its own as `schemas` (a fake the API could not send fails
 * the test). Returns the calls made, in order.
 */
export function fakeAdminApi(routes: Record<string, FakeReply>, schemas: ReplySchema[] = []): SentCall[] {
  const calls: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: SentCall = {
        method: init.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/admin/, ''),
        query: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const name = `${call.method} ${call.path}`;
      let reply = routes[name];
      while (typeof reply === 'function') reply = reply(call);
      if (!reply) return new Response('not found', { status: 404 });
      if ('data' in reply && !('code' in reply)) {
        const schema = [...schemas, ...REPLY_SCHEMAS].find(([pattern]) => pattern.test(name))?.[1];
        schema?.parse(reply.data);
        return Response.json({ code: '0', message: 'OK', data: reply.data });
      }
      const { status = 200, ...envelope } = reply as { code: string; message: string; status?: number };
      return Response.json({ data: null, ...envelope }, { status });
    }),
  );
  return calls;
}

/** A signed-in member with the given roles. */
export function aMember(roles: StaffRole[] = ['admin'], language: StaffMe['language'] = 'en'): StaffMe {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: `${roles[0] ?? 'staff'}@demo.wings-airways.test`,
    name: `Demo ${roles.join(' ')}`,
    roles,
    language,
  };
}

export { STAFF_ROLES };

/** The console at `path` (below /console), its history in the jsdom window. */
export function renderConsole(path: string) {
  window.history.replaceState(null, '', `/console${path}`);
  const client = createQueryClient();
  return { client, ...render(<ConsoleApp client={client} />) };
}

/** Picks an option of the open antd select by its text. */
export async function pickOption(text: string): Promise<void> {
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (item) => item.getAttribute('title') === text,
    );
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}
