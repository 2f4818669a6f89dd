import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A boarding pass's IATA BCBP text drawn as a QR code (docs/decisions.md, issue 15: QR rather
 * than PDF417). The `qrcode` library is loaded only when a pass is shown, so it stays out of the
 * app's first load; the code is an SVG image (no canvas), sharp at any size.
 */
export function BcbpQr({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    import('qrcode')
      .then((lib) => lib.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        // Drawing failed: the pass's printed facts still hold; the gate reads the number.
      });
    return () => {
      live = false;
    };
  }, [text]);
  if (!src) {
    return (
      <div className="bp-qr bp-qr-pending" role="img" aria-label={label} data-testid={`${testId}-pending`}>
        {t('checkin.pass_qr_drawing')}
      </div>
    );
  }
  return <img className="bp-qr" src={src} alt={label} data-testid={testId} data-bcbp={text} />;
}
