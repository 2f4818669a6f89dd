import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminBeneficiaryQueue,
  type AdminDocumentQueue,
  type AdminMemberDetail,
  type AdminMemberDocument,
  type AdminMemberRow,
  type AdminRegistrationQueue,
  type StaffRole,
  ZAdminBeneficiaryQueue,
  ZAdminDocumentQueue,
  ZAdminMemberActionResult,
  ZAdminMemberDetail,
  ZAdminMemberPage,
  ZAdminRegistrationQueue,
} from '@wings/contracts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  aMember,
  type FakeReply,
  fakeAdminApi,
  pickOption,
  type ReplySchema,
  renderConsole,
  type SentCall,
} from '../../test/render';
import { texts } from './texts';

const SCHEMAS: ReplySchema[] = [
  [/^GET \/members$/, ZAdminMemberPage],
  [/^GET \/members\/audits\/registrations$/, ZAdminRegistrationQueue],
  [/^GET \/members\/audits\/documents$/, ZAdminDocumentQueue],
  [/^GET \/members\/audits\/beneficiaries$/, ZAdminBeneficiaryQueue],
  [/^POST \/members\/.+\/(approve|reject|block|unblock)$/, ZAdminMemberActionResult],
  [/^GET \/members\/(?!audits)[^/]+$/, ZAdminMemberDetail],
];

const MEMBER = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const DOC = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
const ID_DOC = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const BENEFICIARY = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
const FRONT = '3d4e5f6a-7b8c-4d9e-8f0a-2b3c4d5e6f7a';
const BACK = '4e5f6a7b-8c9d-4e0f-9a1b-3c4d5e6f7a8b';
const BEN_FRONT = '5f6a7b8c-9d0e-4f1a-8b2c-4d5e6f7a8b9c';

function aRow(overrides: Partial<AdminMemberRow> = {}): AdminMemberRow {
  return {
    id: MEMBER,
    cardNo: null,
    status: 'auditing',
    level: 0,
    surname: 'CHAN',
    givenName: 'DARA',
    primaryEmail: 'dara@example.com',
    primaryPhone: '+855 12345678',
    nationality: 'KH',
    rejections: 0,
    submittedAt: '2026-11-24T03:00:00.000Z',
    createdAt: '2026-11-20T03:00:00.000Z',
    ...overrides,
  };
}

function aDocument(overrides: Partial<AdminMemberDocument> = {}): AdminMemberDocument {
  return {
    id: DOC,
    memberId: MEMBER,
    documentType: 0,
    documentNo: '010203040',
    validFrom: '2020-01-01',
    validTo: '2030-01-01',
    frontPhotoId: FRONT,
    backPhotoId: BACK,
    state: 'ineffective',
    rejectReason: null,
    fromRegistration: true,
    updatedAt: '2026-11-24T03:00:00.000Z',
    ...overrides,
  };
}

function aBeneficiary() {
  return {
    id: BENEFICIARY,
    surname: 'CHAN',
    givenName: 'SOPHEA',
    middleName: null,
    gender: 1 as const,
    birthday: '1990-05-01',
    nationality: 'KH',
    relationship: 'spouse' as const,
    identifications: [
      {
        documentType: 1 as const,
        documentNo: 'N1234567',
        validTo: '2031-01-01',
        frontPhotoId: BEN_FRONT,
        backPhotoId: null,
      },
    ],
    validFrom: '2026-11-24',
    validTo: '2027-11-24',
    state: 'ineffective' as const,
    rejectReason: null,
    updatedAt: '2026-11-24T05:00:00.000Z',
  };
}

function aDetail(overrides: Partial<AdminMemberDetail> = {}): AdminMemberDetail {
  return ZAdminMemberDetail.parse({
    id: MEMBER,
    cardNo: null,
    status: 'auditing',
    level: 0,
    surname: 'CHAN',
    givenName: 'DARA',
    middleName: null,
    title: 0,
    gender: 0,
    birthday: '1988-02-03',
    nationality: 'KH',
    contactLanguage: 2,
    promoMail: true,
    promoSms: false,
    rejectReason: null,
    rejections: 0,
    rejectionsToBlock: 3,
    blockReason: null,
    linkedUserId: null,
    submittedAt: '2026-11-24T03:00:00.000Z',
    approvedAt: null,
    createdAt: '2026-11-20T03:00:00.000Z',
    contacts: [
      {
        id: 'c1',
        kind: 'email',
        email: 'dara@example.com',
        countryCode: null,
        phone: null,
        phoneType: null,
        main: true,
      },
      {
        id: 'c2',
        kind: 'phone',
        email: null,
        countryCode: '855',
        phone: '12345678',
        phoneType: 'mobile',
        main: true,
      },
    ],
    addresses: [
      {
        id: 'a1',
        country: 'KH',
        province: 'Phnom Penh',
        city: 'Phnom Penh',
        postcode: '12000',
        detail: '12 Street 310',
        main: true,
      },
    ],
    documents: [aDocument()],
    beneficiaries: [],
    events: [{ at: '2026-11-24T03:00:00.000Z', kind: 'registered', by: 'member', reason: null }],
    audit: [],
    ...overrides,
  });
}

const registrations = (rows: AdminRegistrationQueue['list']): { data: AdminRegistrationQueue } => ({
  data: { list: rows, total: rows.length },
});

/** A photo the staff API serves (bytes, not an envelope); any other id answers 404. */
const PHOTO_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

interface PhotoCall {
  fileId: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

/** The staff API of `routes` plus its photos: `photos` are served, other files fail. */
function signedIn(roles: StaffRole[], routes: Record<string, FakeReply>, photos: string[] = []) {
  const calls = fakeAdminApi({ 'GET /auth/me': { data: aMember(roles) }, ...routes }, SCHEMAS);
  const api = globalThis.fetch;
  const photoCalls: PhotoCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const file = /^\/api\/admin\/members\/files\/([^/?]+)$/.exec(input);
      if (!file?.[1]) return api(input, init);
      photoCalls.push({
        fileId: file[1],
        headers: (init.headers ?? {}) as Record<string, string>,
        credentials: init.credentials,
      });
      return photos.includes(file[1])
        ? new Response(PHOTO_BYTES, { headers: { 'content-type': 'image/jpeg' } })
        : new Response('', { status: 404 });
    }),
  );
  return { calls, photoCalls };
}

const created: string[] = [];
const revoked: string[] = [];
const originalCreate = URL.createObjectURL;
const originalRevoke = URL.revokeObjectURL;
beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
  URL.createObjectURL = (() => {
    const url = `blob:photo-${created.length + 1}`;
    created.push(url);
    return url;
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
});
afterEach(() => {
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
});

const postsTo = (calls: SentCall[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path);

describe('the member menu', () => {
  test('agents, admins and auditors see the four member entries; finance does not', async () => {
    signedIn(['auditor'], { 'GET /members/audits/registrations': registrations([]) });
    renderConsole('/members/registrations');
    const nav = await screen.findByRole('navigation', { name: 'Navigation' });
    const labels = within(nav)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels).toEqual(
      expect.arrayContaining([
        'Members · registrations',
        'Members · documents',
        'Members · beneficiaries',
        'Members · search',
      ]),
    );
    expect(await screen.findByText('No registration is waiting for audit')).toBeTruthy();
  });

  test('finance opening a member page reads "not allowed" and nothing is asked of the API', async () => {
    const { calls } = signedIn(['finance'], {});
    renderConsole('/members/registrations');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/members'))).toBe(false);
  });
});

describe('registrations to audit', () => {
  test('the queue; a row opens every field and the photos; an agent approves and the card number is said', async () => {
    let queue = [{ ...aRow({ rejections: 1 }), document: aDocument() }];
    const { calls, photoCalls } = signedIn(
      ['agent'],
      {
        'GET /members/audits/registrations': () => registrations(queue),
        [`GET /members/${MEMBER}`]: { data: aDetail({ rejections: 1 }) },
        [`POST /members/${MEMBER}/approve`]: () => {
          queue = [];
          return { data: { status: 'approved', cardNo: '8800000017' } };
        },
      },
      [FRONT],
    );
    renderConsole('/members/registrations');
    const row = await screen.findByTestId(`registration-row-${MEMBER}`);
    for (const text of ['CHAN DARA', 'KH', 'dara@example.com', '+855 12345678', '1/3']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    fireEvent.click(row);
    const fields = await screen.findByTestId('registration-fields');
    await waitFor(() => expect(within(fields).getByText('Khmer')).toBeTruthy());
    for (const text of ['Mr', 'Male', '1988-02-03', '12 Street 310, Phnom Penh, Phnom Penh, 12000, KH']) {
      expect(within(fields).getByText(text)).toBeTruthy();
    }
    expect(screen.getByTestId(`document-no-${DOC}`).textContent).toBe('010203040');
    // The front is shown large; the back could not be read and says so.
    const front = await screen.findByTestId(`photo-${FRONT}`);
    expect(
      within(front)
        .getByRole('img', { name: /Cambodian ID card · Front · CHAN DARA/ })
        .getAttribute('src'),
    ).toBe('blob:photo-1');
    expect((await screen.findByTestId(`photo-failed-${BACK}`)).textContent).toContain(
      'The photo could not be loaded',
    );
    expect(photoCalls.map((c) => c.fileId).sort()).toEqual([FRONT, BACK].sort());
    for (const call of photoCalls) {
      expect(call.headers['x-wings-console']).toBe('1');
      expect(call.credentials).toBe('same-origin');
    }

    fireEvent.click(screen.getByTestId('registration-approve'));
    fireEvent.click(await screen.findByTestId('member-action-confirm'));
    expect(await screen.findByText('Registration approved: card number 8800000017 issued')).toBeTruthy();
    expect(postsTo(calls, `/members/${MEMBER}/approve`).map((c) => c.body)).toEqual([{}]);
    // The queue was asked again and the drawer closed (its photo URL given back).
    expect(await screen.findByText('No registration is waiting for audit')).toBeTruthy();
    await waitFor(() => expect(revoked).toContain('blob:photo-1'));
  });

  test('reject needs a reason of 3 characters; the 3rd rejection warns; field errors and refusals are shown', async () => {
    let attempt = 0;
    const { calls } = signedIn(['admin'], {
      'GET /members/audits/registrations': registrations([
        { ...aRow({ rejections: 2 }), document: aDocument() },
      ]),
      [`GET /members/${MEMBER}`]: { data: aDetail({ rejections: 2 }) },
      [`POST /members/${MEMBER}/reject`]: () => {
        attempt += 1;
        return attempt === 1
          ? {
              code: '400',
              message: 'Check the fields.',
              status: 400,
              data: {
                fields: [{ field: 'reason', key: 'string.too_big', message: 'Say it in 500 characters' }],
              },
            }
          : { code: '4131', message: 'This is not waiting for audit.' };
      },
    });
    renderConsole(`/members/registrations?open=${MEMBER}`);
    fireEvent.click(await screen.findByTestId('registration-reject'));
    expect((await screen.findByTestId('member-action-warning')).textContent).toBe(
      'This is the 3rd rejection: it blocks the member’s account.',
    );
    fireEvent.click(screen.getByTestId('member-action-confirm'));
    expect(await screen.findByText('Give the reason (at least 3 characters)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('member-action-text'), { target: { value: ' ab ' } });
    fireEvent.click(screen.getByTestId('member-action-confirm'));
    await waitFor(() => expect(screen.getByText('Give the reason (at least 3 characters)')).toBeTruthy());
    expect(postsTo(calls, `/members/${MEMBER}/reject`)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('member-action-text'), {
      target: { value: ' Photo is blurred ' },
    });
    fireEvent.click(screen.getByTestId('member-action-confirm'));
    expect(await screen.findByText('Say it in 500 characters')).toBeTruthy();
    expect(postsTo(calls, `/members/${MEMBER}/reject`).map((c) => c.body)).toEqual([
      { reason: 'Photo is blurred' },
    ]);
    fireEvent.click(screen.getByTestId('member-action-confirm'));
    expect((await screen.findByTestId('member-action-failure')).textContent).toBe(
      'This is not waiting for audit.',
    );
  });

  test('the rejection that blocks says so once done', async () => {
    signedIn(['agent'], {
      'GET /members/audits/registrations': registrations([
        { ...aRow({ rejections: 2 }), document: aDocument() },
      ]),
      [`GET /members/${MEMBER}`]: { data: aDetail({ rejections: 2 }) },
      [`POST /members/${MEMBER}/reject`]: { data: { status: 'blocked', cardNo: null } },
    });
    renderConsole(`/members/registrations?open=${MEMBER}`);
    fireEvent.click(await screen.findByTestId('registration-reject'));
    fireEvent.change(await screen.findByTestId('member-action-text'), {
      target: { value: 'Name does not match the card' },
    });
    fireEvent.click(screen.getByTestId('member-action-confirm'));
    expect(
      await screen.findByText('Registration rejected; the account is blocked after repeated rejections'),
    ).toBeTruthy();
  });

  test('an auditor reads a registration and is offered no action', async () => {
    signedIn(
      ['auditor'],
      {
        'GET /members/audits/registrations': registrations([{ ...aRow(), document: aDocument() }]),
        [`GET /members/${MEMBER}`]: { data: aDetail() },
      },
      [FRONT, BACK],
    );
    renderConsole('/members/registrations');
    fireEvent.click(await screen.findByTestId(`registration-row-${MEMBER}`));
    expect(await screen.findByText('You can read this; admins and agents audit it.')).toBeTruthy();
    expect(await screen.findByTestId(`photo-${BACK}`)).toBeTruthy();
    expect(screen.queryByTestId('registration-approve')).toBeNull();
    expect(screen.queryByTestId('registration-reject')).toBeNull();
  });
});

describe('documents to audit', () => {
  test('an agent rejects a document with a reason; the queue is asked again', async () => {
    const queued: AdminDocumentQueue['list'][number] = {
      ...aDocument({
        id: ID_DOC,
        documentType: 1,
        documentNo: 'N7654321',
        backPhotoId: null,
        fromRegistration: false,
      }),
      cardNo: '8800000017',
      surname: 'CHAN',
      givenName: 'DARA',
    };
    const { calls } = signedIn(
      ['agent'],
      {
        'GET /members/audits/documents': { data: { list: [queued], total: 1 } },
        [`POST /members/documents/${ID_DOC}/reject`]: { data: { status: 'rejected', cardNo: null } },
      },
      [FRONT],
    );
    renderConsole('/members/documents');
    const row = await screen.findByTestId(`document-row-${ID_DOC}`);
    expect(within(row).getByText('Passport')).toBeTruthy();
    expect(within(row).getByText('N7654321')).toBeTruthy();
    fireEvent.click(row);
    expect(await screen.findByTestId(`photo-${FRONT}`)).toBeTruthy();
    // A passport shows its photo page only.
    expect(screen.queryByTestId('photo-none')).toBeNull();
    fireEvent.click(screen.getByTestId(`document-reject-${ID_DOC}`));
    fireEvent.change(await screen.findByTestId('member-action-text'), {
      target: { value: 'Expired passport' },
    });
    fireEvent.click(screen.getByTestId('member-action-confirm'));
    expect(await screen.findByText('Document rejected')).toBeTruthy();
    expect(postsTo(calls, `/members/documents/${ID_DOC}/reject`).map((c) => c.body)).toEqual([
      { reason: 'Expired passport' },
    ]);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/members/audits/documents').length).toBeGreaterThan(1),
    );
  });
});

describe('beneficiaries to audit', () => {
  test('names, relationship, identification with its photo; an admin approves it', async () => {
    const queued: AdminBeneficiaryQueue['list'][number] = {
      ...aBeneficiary(),
      memberId: MEMBER,
      cardNo: '8800000017',
      memberSurname: 'CHAN',
      memberGivenName: 'DARA',
    };
    const { calls } = signedIn(
      ['admin'],
      {
        'GET /members/audits/beneficiaries': { data: { list: [queued], total: 1 } },
        [`POST /members/beneficiaries/${BENEFICIARY}/approve`]: {
          data: { status: 'effective', cardNo: null },
        },
      },
      [BEN_FRONT],
    );
    renderConsole('/members/beneficiaries');
    const row = await screen.findByTestId(`beneficiary-row-${BENEFICIARY}`);
    expect(within(row).getByText('CHAN SOPHEA')).toBeTruthy();
    expect(within(row).getByText('Spouse')).toBeTruthy();
    expect(within(row).getByText('CHAN DARA · 8800000017')).toBeTruthy();
    fireEvent.click(row);
    const view = await screen.findByTestId(`beneficiary-${BENEFICIARY}`);
    expect(within(view).getByText('2026-11-24 – 2027-11-24')).toBeTruthy();
    expect(await screen.findByTestId(`photo-${BEN_FRONT}`)).toBeTruthy();
    expect(screen.getByText('Passport · N1234567 · Valid ≤ 2031-01-01')).toBeTruthy();
    fireEvent.click(screen.getByTestId(`beneficiary-approve-${BENEFICIARY}`));
    fireEvent.click(await screen.findByTestId('member-action-confirm'));
    expect(await screen.findByText('Beneficiary approved')).toBeTruthy();
    expect(postsTo(calls, `/members/beneficiaries/${BENEFICIARY}/approve`).map((c) => c.body)).toEqual([{}]);
  });
});

describe('member search and one member', () => {
  test('the search goes to the API with its filters', async () => {
    const { calls } = signedIn(['auditor'], {
      'GET /members': {
        data: { list: [aRow({ cardNo: '8800000017', status: 'approved' })], total: 1, page: 1, pageSize: 20 },
      },
    });
    renderConsole('/members');
    expect(await screen.findByRole('link', { name: '8800000017' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('member-search-q'), { target: { value: ' dara@example.com ' } });
    fireEvent.mouseDown(within(screen.getByTestId('member-search-status')).getByRole('combobox'));
    await pickOption('Approved');
    fireEvent.click(screen.getByTestId('member-search-submit'));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/members').at(-1)!;
      expect(last.query.get('q')).toBe('dara@example.com');
      expect(last.query.get('status')).toBe('approved');
      expect(last.query.get('page')).toBe('1');
    });
  });

  test('a found member’s row opens the member; an auditor is offered no block', async () => {
    signedIn(['auditor'], {
      'GET /members': {
        data: { list: [aRow({ cardNo: '8800000017', status: 'approved' })], total: 1, page: 1, pageSize: 20 },
      },
      [`GET /members/${MEMBER}`]: {
        data: aDetail({ cardNo: '8800000017', status: 'approved', documents: [], events: [] }),
      },
    });
    renderConsole('/members?q=8800000017');
    fireEvent.click(await screen.findByTestId(`member-row-${MEMBER}`));
    expect(await screen.findByRole('heading', { name: 'CHAN DARA' })).toBeTruthy();
    // An auditor reads: no block.
    expect(screen.queryByTestId('member-block')).toBeNull();
  });

  test('profile, contacts, addresses, documents, beneficiaries, history and audit, with actions on what waits', async () => {
    const member = aDetail({
      cardNo: '8800000017',
      status: 'approved',
      approvedAt: '2026-11-24T04:00:00.000Z',
      documents: [
        aDocument({ state: 'effective' }),
        aDocument({
          id: ID_DOC,
          documentType: 1,
          documentNo: 'N7654321',
          backPhotoId: null,
          fromRegistration: false,
        }),
      ],
      beneficiaries: [aBeneficiary()],
      audit: [
        {
          id: 'e1',
          at: '2026-11-24T04:00:00.000Z',
          staffId: null,
          staffEmail: 'agent@demo.wings-airways.test',
          action: 'member.approve',
          targetType: 'member',
          targetId: MEMBER,
          before: null,
          after: null,
          reason: null,
          ip: null,
        },
      ],
    });
    signedIn(['agent'], { [`GET /members/${MEMBER}`]: { data: member } }, [FRONT, BACK, BEN_FRONT]);
    renderConsole(`/members/${MEMBER}`);
    expect(await screen.findByRole('heading', { name: 'CHAN DARA' })).toBeTruthy();
    expect(screen.getByTestId('member-card').textContent).toBe('8800000017');
    expect(screen.getByTestId('member-rejections').textContent).toBe('0/3');
    const contacts = screen.getByTestId('member-contacts');
    expect(within(contacts).getByText('dara@example.com')).toBeTruthy();
    expect(within(contacts).getByText('+855 12345678')).toBeTruthy();
    expect(screen.getByText('12 Street 310')).toBeTruthy();
    expect(within(screen.getByTestId('member-events')).getByText('registered')).toBeTruthy();
    expect(within(screen.getByTestId('member-audit')).getByText('member.approve')).toBeTruthy();
    // The effective registration document has no action; the waiting passport and beneficiary do.
    expect(
      within(screen.getByTestId(`member-document-${DOC}`)).queryByRole('button', { name: 'Approve' }),
    ).toBeNull();
    expect(screen.getByTestId(`document-approve-${ID_DOC}`)).toBeTruthy();
    expect(screen.getByTestId(`beneficiary-approve-${BENEFICIARY}`)).toBeTruthy();
    expect(await screen.findByTestId(`photo-${BEN_FRONT}`)).toBeTruthy();
    expect(screen.getByTestId('member-block')).toBeTruthy();
  });

  test('an agent blocks a member with a reason, then may unblock', async () => {
    let current = aDetail({ cardNo: '8800000017', status: 'approved', documents: [] });
    const { calls } = signedIn(['agent'], {
      [`GET /members/${MEMBER}`]: () => ({ data: current }),
      [`POST /members/${MEMBER}/block`]: () => {
        current = { ...current, status: 'blocked', blockReason: 'Fraudulent documents' };
        return { data: { status: 'blocked', cardNo: null } };
      },
    });
    renderConsole(`/members/${MEMBER}`);
    fireEvent.click(await screen.findByTestId('member-block'));
    fireEvent.click(await screen.findByTestId('member-action-confirm'));
    expect(await screen.findByText('Give the reason (at least 3 characters)')).toBeTruthy();
    expect(postsTo(calls, `/members/${MEMBER}/block`)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('member-action-text'), { target: { value: 'Fraudulent documents' } });
    fireEvent.click(screen.getByTestId('member-action-confirm'));
    expect(await screen.findByText('Member blocked')).toBeTruthy();
    expect(postsTo(calls, `/members/${MEMBER}/block`).map((c) => c.body)).toEqual([
      { reason: 'Fraudulent documents' },
    ]);
    expect((await screen.findByTestId('member-block-reason')).textContent).toBe(
      'Blocked: Fraudulent documents',
    );
    expect(screen.getByTestId('member-unblock')).toBeTruthy();
    expect(screen.queryByTestId('member-block')).toBeNull();
  });

  test('unblocking a member already in that state shows the refusal in the dialog', async () => {
    signedIn(['admin'], {
      [`GET /members/${MEMBER}`]: {
        data: aDetail({ status: 'blocked', blockReason: 'Fraud', rejections: 3, rejectReason: 'Blurred' }),
      },
      [`POST /members/${MEMBER}/unblock`]: { code: '4132', message: 'The member is already in that state.' },
    });
    renderConsole(`/members/${MEMBER}`);
    expect((await screen.findByTestId('member-block-reason')).textContent).toBe('Blocked: Fraud');
    expect(screen.queryByTestId('registration-approve')).toBeNull();
    fireEvent.click(screen.getByTestId('member-unblock'));
    fireEvent.change(await screen.findByTestId('member-action-text'), {
      target: { value: 'Verified by phone' },
    });
    fireEvent.click(screen.getByTestId('member-action-confirm'));
    expect((await screen.findByTestId('member-action-failure')).textContent).toBe(
      'The member is already in that state.',
    );
  });

  test('an unknown member reads the server’s message', async () => {
    signedIn(['agent'], {
      [`GET /members/${MEMBER}`]: {
        code: '4130',
        message: 'No member, document or beneficiary has this id.',
      },
    });
    renderConsole(`/members/${MEMBER}`);
    expect(await screen.findByText('No member, document or beneficiary has this id.')).toBeTruthy();
  });
});

test('the texts exist in zh, en and km with the same keys', () => {
  const keys = (o: object, p = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
  expect(keys(texts.zh).sort()).toEqual(keys(texts.en).sort());
  expect(keys(texts.km).sort()).toEqual(keys(texts.en).sort());
});
