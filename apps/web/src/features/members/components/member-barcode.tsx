import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A member card number as a CODE128 barcode, drawn into an <svg> with the digits under it. The
 * barcode library is loaded here, on the member home only, so it stays out of the first load.
 */
export function MemberBarcode({ cardNo }: { cardNo: string }) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    let live = true;
    setDrawn(false);
    void import('jsbarcode')
      .then(({ default: JsBarcode }) => {
        if (!live || !svg.current) return;
        JsBarcode(svg.current, cardNo, {
          format: 'CODE128',
          displayValue: false,
          margin: 0,
          height: 64,
          width: 2,
          background: '#ffffff',
          lineColor: '#1b2233',
        });
        setDrawn(true);
      })
      .catch(() => {
        // Offline before the chunk was cached: the digits below still serve.
      });
    return () => {
      live = false;
    };
  }, [cardNo]);

  return (
    <div className="mb-barcode" data-testid="vip-card-barcode" data-drawn={drawn}>
      <svg ref={svg} role="img" aria-label={t('members.barcode_label', { cardNo })} />
      <div className="mb-barcode-digits" data-testid="vip-card-no">
        {cardNo}
      </div>
    </div>
  );
}
