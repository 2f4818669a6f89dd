import svgCaptcha from 'svg-captcha';
import type { AccountsRepository } from './accounts.repository';
import { isUuid, sameDigest, sha256 } from './secrets';

/** A captcha lives two minutes and answers once. */
export const CAPTCHA_TTL_SECONDS = 120;

/** svg-captcha's module is itself the function that draws a given text; its typings leave that out. */
const renderText = svgCaptcha as unknown as (text: string, options?: svgCaptcha.ConfigObject) => string;

/** The stored form of a captcha answer: case-insensitive. */
export function hashCaptchaAnswer(answer: string): string {
  return sha256(`captcha:${answer.trim().toLowerCase()}`);
}

/** Image captchas (GET /getCaptcha): required after repeated failed logins. */
export class CaptchaService {
  constructor(
    private readonly repo: AccountsRepository,
    private readonly now: () => Date,
    /** A fixed text for automated tests; config refuses it in production. */
    private readonly testText?: string | undefined,
  ) {}

  async create(): Promise<{ captchaId: string; image: string; expiresInSeconds: number }> {
    // Letters that look alike (0/o, 1/l/i) are left out: the answer is case-insensitive.
    const { data, text } = this.testText
      ? { data: renderText(this.testText, { noise: 2, color: true }), text: this.testText }
      : svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi', color: true });
    const now = this.now();
    const captchaId = await this.repo.insertCaptcha(
      hashCaptchaAnswer(text),
      new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
      now,
    );
    return {
      captchaId,
      image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
      expiresInSeconds: CAPTCHA_TTL_SECONDS,
    };
  }

  /** Whether the answer is right; the captcha is used up by any try, right or wrong. */
  async verify(captchaId: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!captchaId || !answer || !isUuid(captchaId)) return false;
    const stored = await this.repo.takeCaptcha(captchaId, this.now());
    return stored !== null && sameDigest(stored, hashCaptchaAnswer(answer));
  }
}
