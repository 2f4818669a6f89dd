import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ZAdminTax, ZAdminTaxList } from '@wings/contracts';
import { describe, expect, test } from 'vitest';
import { aMember, fakeAdminApi, renderConsole } from '../../test/render';

const YQ = ZAdminTax.parse({
  id: 7,
  code: 'YQ',
  scope: 'country',
  scopeCode: 'KH',
  passengerType: 'child',
  amount: { amount: 2_500, currency: 'USD' },
  descriptionEn: 'Fuel surcharge',
  validFrom: '2025-01-01',
  validTo: null,
  updatedAt: '2026-11-20T02:00:00.000Z',
});

describe('taxes', () => {
  test('lists taxes by code, place and passenger type as money; a refused new tax names its field', async () => {
    const calls = fakeAdminApi({
      'GET /auth/me': { data: aMember(['admin']) },
      'GET /pricing/taxes': { data: ZAdminTaxList.parse({ list: [YQ] }) },
      'POST /pricing/taxes': {
        code: '400',
        status: 400,
        message: 'A country is 2 letters, an airport 3 letters.',
        data: {
          fields: [
            {
              field: 'scopeCode',
              key: 'admin.scope_code_format',
              message: 'A country is 2 letters, an airport 3 letters.',
            },
          ],
        },
      },
    });
    renderConsole('/fares/taxes');
    expect(await screen.findByText('$25.00')).toBeTruthy();
    expect(screen.getByText('Country KH')).toBeTruthy();
    expect(screen.getByText('Child')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Tax code'), { target: { value: 'yq' } });
    await waitFor(() => expect(calls.some((c) => c.query.get('code') === 'YQ')).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: /New tax/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Tax code'), { target: { value: 'TS' } });
    fireEvent.change(within(dialog).getByLabelText('Country or airport code'), { target: { value: 'KHM' } });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '3.5' } });
    fireEvent.change(within(dialog).getByLabelText('Description (English)'), {
      target: { value: 'Security charge' },
    });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2027-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A country is 2 letters, an airport 3 letters.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      code: 'TS',
      scope: 'country',
      scopeCode: 'KHM',
      passengerType: 'adult',
      currency: 'USD',
      amount: 350,
      descriptionEn: 'Security charge',
      validFrom: '2027-01-01',
      validTo: null,
    });
  });
});
