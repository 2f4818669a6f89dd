import { describe, expect, it } from 'vitest';
import { greatCircleKm, kmToMiles } from './distance';
import { signatureBase, signParams } from './signature';

describe('request signature', () => {
  it('sorts non-empty params by key and appends the secret', () => {
    expect(
      signatureBase(
        { timestamp: '20261123024808', appId: 'app', nonce: 'n1', empty: '', none: undefined },
        's',
      ),
    ).toBe('appId=app&nonce=n1&timestamp=20261123024808&key=s');
  });

  it('is the upper-case MD5 of that text', () => {
    // md5("a=1&key=s") computed independently with `printf 'a=1&key=s' | md5sum`.
    expect(signParams({ a: '1' }, 's')).toBe('BE66899F6A24145F68D33BCADBAE50BE');
    expect(signParams({ a: 1 }, 's')).toBe('BE66899F6A24145F68D33BCADBAE50BE');
  });

  it('changes when any param or the secret changes', () => {
    const s = signParams({ appId: 'a', nonce: 'n' }, 'secret');
    expect(signParams({ appId: 'a', nonce: 'm' }, 'secret')).not.toBe(s);
    expect(signParams({ appId: 'a', nonce: 'n' }, 'secreT')).not.toBe(s);
  });
});

describe('distance', () => {
  it('measures Phnom Penh to Bangkok as about 530 km', () => {
    const km = greatCircleKm(11.55, 104.84, 13.69, 100.75);
    expect(km).toBeGreaterThan(500);
    expect(km).toBeLessThan(560);
    expect(kmToMiles(1.609344)).toBeCloseTo(1);
  });
});
