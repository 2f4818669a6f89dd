import { sameDigest } from '../../platform/one-time-codes';
import { sha256 } from '../../platform/passwords';
import type { AccountsRepository } from './accounts.repository';
import { randomCaptchaText, renderCaptchaPng } from './captcha-image';
import { isUuid } from './secrets';

/** A captcha lives two minutes and answers once. */
export const CAPTCHA_TTL_SECONDS = 120;

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
    // A distorted PNG (captcha-image.ts): no markup a script could read the letters from.
    const text = this.testText ?? randomCaptchaText();
    const png = await renderCaptchaPng(text);
    const now = this.now();
    const captchaId = await this.repo.insertCaptcha(
      hashCaptchaAnswer(text),
      new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
      now,
    );
    return {
      captchaId,
      image: `data:image/png;base64,${png.toString('base64')}`,
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
