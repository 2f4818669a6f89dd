import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptchaResponse } from '../api/get-captcha';

interface CaptchaChallengeProps {
  /** The current challenge; null while the first one loads. */
  captcha: CaptchaResponse | null;
  /** Fetches a new challenge (and clears what was typed). */
  onRefresh: () => void;
  /** Test ids: `<testId>-image` (the picture, tap to enlarge) and `<testId>-refresh`. */
  testId: string;
  /** The hint's id, for the answer input's `aria-describedby`. */
  hintId: string;
}

/**
 * The captcha picture with its audio-free help (issue 10 item 13): shown large, enlarged to the
 * full width with a tap (a toggle button), a labelled button for another picture, and a hint
 * that the answer is not case-sensitive. The answer's input stays with its form.
 */
export function CaptchaChallenge({ captcha, onRefresh, testId, hintId }: CaptchaChallengeProps) {
  const { t } = useTranslation();
  const [large, setLarge] = useState(false);
  return (
    <div className={`captcha${large ? ' captcha-large' : ''}`}>
      <button
        type="button"
        className="captcha-picture"
        data-testid={`${testId}-image`}
        aria-pressed={large}
        aria-label={t(large ? 'login.captcha_shrink' : 'login.captcha_enlarge')}
        onClick={() => setLarge(!large)}
      >
        {captcha ? <img src={captcha.image} alt={t('login.captcha_alt')} /> : null}
      </button>
      <button type="button" className="captcha-refresh" data-testid={`${testId}-refresh`} onClick={onRefresh}>
        <span aria-hidden="true">↻ </span>
        {t('login.captcha_refresh')}
      </button>
      <p className="form-hint" id={hintId}>
        {t('login.captcha_hint')}
      </p>
    </div>
  );
}
