import { ZBookingSettingsResponse } from '@wings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

describe('GET /api/booking/settings: the settings the app reads instead of keeping a copy', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp({ env: { GUEST_NATIONALITIES: 'vn,kh', TICKET_AIRLINE_CODE: '123' } });
  });
  afterAll(async () => {
    await t.close();
    await other.close();
  });

  it('answers the nationalities a guest may book (GUEST_NATIONALITIES) and the ticketing code (TICKET_AIRLINE_CODE)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/booking/settings', headers: t.headers() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('0');
    expect(ZBookingSettingsResponse.parse(body.data)).toEqual({
      guestNationalities: ['KH', 'CN', 'TH'],
      ticketAirlineCode: '881',
    });

    const changed = await other.app.inject({
      method: 'GET',
      url: '/api/booking/settings',
      headers: other.headers(),
    });
    expect(changed.json().data).toEqual({ guestNationalities: ['VN', 'KH'], ticketAirlineCode: '123' });
  });

  it('needs the access token like every main-layer call, and no login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/booking/settings' });
    expect(res.json().code).toBe('2000');
  });
});
