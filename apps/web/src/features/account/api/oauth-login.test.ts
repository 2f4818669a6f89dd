import { PROVIDER_NAMES } from '@wings/contracts';
import { expect, test } from 'vitest';
import { OAUTH_PROVIDERS } from './oauth-login';

test('the login page offers exactly the providers the API knows, in its order', () => {
  expect(OAUTH_PROVIDERS).toEqual(PROVIDER_NAMES);
});
