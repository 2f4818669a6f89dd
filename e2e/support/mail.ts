/** Reads the dev mailbox (GET /api/dev/mail?to=), as a developer would in the browser. */
export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  attachments: { filename: string; contentType: string; size: number }[];
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

/** The newest mail to `address` whose subject matches, waiting up to `timeoutMs` for it. */
export async function waitForMail(
  baseUrl: string,
  address: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<DevMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(baseUrl, address)).find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail matching ${subject} to ${address}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The bytes of a mail's attachment, as the dev mailbox serves it. */
export async function attachment(baseUrl: string, mail: DevMail, index: number): Promise<Buffer> {
  const res = await fetch(`${baseUrl}/api/dev/mail/${mail.id}/attachments/${index}`);
  if (!res.ok) throw new Error(`attachment ${index} of ${mail.id}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
