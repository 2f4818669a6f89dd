import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seconds before another code may be asked for (one a minute per address). */
export const RESEND_SECONDS = 60;

interface SendCodeButtonProps {
  testId: string;
  /** Sends the code; resolves to the seconds to wait, or false when nothing was sent. */
  onSend: () => Promise<number | false>;
}

/** "Send code" with a 60 s countdown after a code went out. */
export function SendCodeButton({ testId, onSend }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function send() {
    setBusy(true);
    try {
      const wait = await onSend();
      if (wait !== false) setLeft(wait > 0 ? wait : RESEND_SECONDS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="code-btn"
      data-testid={testId}
      disabled={busy || left > 0}
      onClick={() => void send()}
    >
      {left > 0 ? t('account.resend_in', { s: left }) : t('account.send_code')}
    </button>
  );
}
