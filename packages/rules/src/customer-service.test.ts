import { type CustomerService, DEFAULT_CUSTOMER_SERVICE } from '@wings/contracts';
import { describe, expect, it } from 'vitest';
import { customerServiceIssues, normalizeCustomerService, SERVICE_EMAIL_MAX } from './customer-service';

const contact = (patch: Partial<CustomerService>): CustomerService =>
  normalizeCustomerService({ ...DEFAULT_CUSTOMER_SERVICE, ...patch });
const problems = (patch: Partial<CustomerService>) =>
  customerServiceIssues(contact(patch)).map((i) => `${i.field}:${i.key}`);

describe('the customer-service contact the admin files', () => {
  it('accepts the defaults, and blanks as "not set"', () => {
    expect(problems({})).toEqual([]);
    expect(contact({ phone: '  ', email: '' })).toMatchObject({ phone: null, email: null });
  });

  it.each([
    ['+855 23 999 888', []],
    ['+85523999888', []],
    ['+1234567', ['customerService.phone:settings.phone_format']],
    ['023 999 888', ['customerService.phone:settings.phone_format']],
    ['+855-23-999-888', ['customerService.phone:settings.phone_format']],
  ])('phone %s', (phone, expected) => {
    expect(problems({ phone })).toEqual(expected);
  });

  it('keeps one space between the digit groups and lower-cases the e-mail', () => {
    expect(contact({ phone: ' +855  23   999 888 ', email: 'Care@WingsAir.com ' })).toMatchObject({
      phone: '+855 23 999 888',
      email: 'care@wingsair.com',
    });
  });

  it('takes an e-mail by the rule of every address, and no longer than a footer line', () => {
    expect(problems({ email: 'care@wingsair.com' })).toEqual([]);
    expect(problems({ email: 'care@wings' })).toEqual(['customerService.email:settings.email_format']);
    const long = `${'a'.repeat(SERVICE_EMAIL_MAX - 'x@wingsair.com'.length + 1)}x@wingsair.com`;
    expect(problems({ email: long })).toEqual(['customerService.email:settings.email_too_long']);
  });

  it('wants HH:MM hours, closing after opening; a day without hours is closed', () => {
    expect(problems({ sunday: null })).toEqual([]);
    expect(problems({ saturday: { open: '9:00', close: '13:00' } })).toEqual([
      'customerService.saturday.open:settings.time_format',
    ]);
    expect(problems({ weekdays: { open: '17:30', close: '08:30' } })).toEqual([
      'customerService.weekdays.close:settings.close_before_open',
    ]);
    expect(problems({ weekdays: { open: '08:30', close: '08:30' } })).toEqual([
      'customerService.weekdays.close:settings.close_before_open',
    ]);
  });
});
