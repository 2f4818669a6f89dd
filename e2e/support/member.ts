import { latestCode } from './mail';
import { getAccessToken } from './token';

export interface Member {
  email: string;
  password: string;
  /** The id of the one saved passenger the account starts with. */
  passengerId: string;
}

/**
 * Registers an account through the API (code read from the dev mailbox) with one saved
 * passenger, as the booking journey does, for journeys that only need a member to exist.
 */
export async function createMember(baseUrl: string, email: string, password = 'Angkor2026'): Promise<Member> {
  const accessToken = await getAccessToken(baseUrl);
  const post = async (route: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}/api${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
        ...(token ? { token } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: string; data: Record<string, unknown> };
    if (json.code !== '0') throw new Error(`${route}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const sent = Date.now() - 2000;
  await post('/travelsky/user/testEmail', { email, purpose: 'register' });
  const code = await latestCode(baseUrl, email, sent);
  const account = await post('/travelsky/user/register', {
    email,
    code,
    password,
    confirmPassword: password,
    agree: true,
  });
  const saved = await post(
    '/travelsky/user/memberpassenger/insert',
    {
      surname: 'Lim',
      givenName: 'Sophea',
      passengerType: 1,
      title: 1,
      gender: 1,
      nationality: 'KH',
      birthday: '1992-04-14',
      docType: 1,
      docNumber: 'P7654321',
      docExpiry: '2033-01-01',
    },
    String(account.token),
  );
  return { email, password, passengerId: String(saved.id) };
}
