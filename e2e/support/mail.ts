/** Reads the dev mailbox (GET /api/dev/mail?to=), as a developer would in the browser. */
export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export async function mailTo(baseUrl: string, address: string): Promise<DevMail[]> {
  const res = await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(address)}`, {
    headers: { accept: 'application/json' },
  });
  const body = (await res.json()) as { code: string; data: { messages: DevMail[] } };
  if (body.code !== '0') throw new Error(`dev mailbox: ${JSON.stringify(body)}`);
  return body.data.messages;
}

/** The 6-digit code of the newest mail to `address`, waiting up to `timeoutMs` for it to arrive. */
export async function latestCode(
  baseUrl: string,
  address: string,
  after = 0,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = (await mailTo(baseUrl, address)).filter((m) => Date.parse(m.createdAt) >= after);
    const code = messages[0] ? /\b(\d{6})\b/.exec(messages[0].text)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${address}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
