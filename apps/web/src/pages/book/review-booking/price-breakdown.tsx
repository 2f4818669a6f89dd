import { type LanguageTag, type PriceBreakdown, type Promotion, taxLineLabel } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { money } from '../../../lib/format';

const KIND = { 1: 'adult', 2: 'child', 3: 'infant' } as const;

/** The price from computePrice: per type count × fare, each tax as "label (code)", discount and total. */
export function PriceBreakdownCard({
  price,
  loading,
}: {
  price: PriceBreakdown | undefined;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  if (!price) {
    return (
      <section className="card" data-testid="price-breakdown">
        <h2 className="card-title">{t('summary.breakdown')}</h2>
        <p className="muted small">{loading ? t('common.loading') : t('booking.price_unavailable')}</p>
      </section>
    );
  }
  return (
    <section className="card" data-testid="price-breakdown" aria-busy={loading || undefined}>
      <h2 className="card-title">{t('summary.breakdown')}</h2>
      {price.lines.map((line) => {
        const kind = KIND[line.passengerType];
        return (
          <div className="price-line" key={line.passengerType} data-testid={`price-line-${kind}`}>
            <span>
              {t('summary.line', { type: t(`pax.${kind}_one`), count: line.count })}
              <span className="muted small"> · {money(line.fare)}</span>
            </span>
            <span>{money({ currency: line.fare.currency, amount: line.fare.amount * line.count })}</span>
          </div>
        );
      })}
      <div className="price-line price-line-sub" data-testid="price-fare-total">
        <span>{t('booking.fare_total')}</span>
        <span>{money(price.fareTotal)}</span>
      </div>
      {price.taxesByCode.map((tax) => (
        <div className="price-line" key={tax.code} data-testid={`price-tax-${tax.code}`}>
          <span>{taxLineLabel(tax.code, lang)}</span>
          <span>{money(tax.amount)}</span>
        </div>
      ))}
      <div className="price-line price-line-sub" data-testid="price-tax-total">
        <span>{t('booking.tax_total')}</span>
        <span>{money(price.taxTotal)}</span>
      </div>
      {price.addons ? (
        <div className="price-line price-line-sub" data-testid="price-addons">
          <span>{t('addons.total')}</span>
          <span>{money(price.addons)}</span>
        </div>
      ) : null}
      {price.discount.amount > 0 ? (
        <div className="price-line price-line-discount" data-testid="price-discount">
          <span>{t('booking.discount', { code: price.promo?.code ?? '' })}</span>
          <span>−{money(price.discount)}</span>
        </div>
      ) : null}
      <div className="price-line price-line-total" data-testid="price-total">
        <span>{t('booking.total_due')}</span>
        <span className="price">{money(price.total)}</span>
      </div>
    </section>
  );
}

/** Promo code: type one or tap an offered one; the server says whether it applies, and why not. */
export function PromoCard({
  applied,
  price,
  promotions,
  onApply,
  busy,
}: {
  /** The code being priced (null: none). */
  applied: string | null;
  price: PriceBreakdown | undefined;
  promotions: Promotion[];
  onApply: (code: string | null) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [input, setInput] = useState(applied ?? '');
  const result = applied && price?.promo?.code === applied ? price.promo : null;
  const promotion = promotions.find((p) => p.code === applied);

  let status: React.ReactNode = null;
  if (result?.applied) {
    status = (
      <p className="promo-status promo-status-ok" data-testid="promo-status" data-applied="true">
        {t('booking.promo_applied', { code: result.code, amount: money(price?.discount) })}
      </p>
    );
  } else if (result) {
    const reason = result.reason ?? 'promo.unknown';
    status = (
      <p className="field-error promo-status" role="alert" data-testid="promo-status" data-applied="false">
        {t(reason, { amount: money(promotion?.minSpend) })}
      </p>
    );
  }

  function apply(code: string) {
    const value = code.trim().toUpperCase();
    setInput(value);
    onApply(value || null);
  }

  return (
    <section className="card" data-testid="promo-card">
      <h2 className="card-title">{t('booking.promo_title')}</h2>
      <div className="promo-row">
        <input
          className="form-input"
          value={input}
          placeholder={t('booking.promo_placeholder')}
          aria-label={t('booking.promo_title')}
          autoCapitalize="characters"
          autoComplete="off"
          data-testid="promo-input"
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply(input);
            }
          }}
        />
        <Button
          color="primary"
          fill="outline"
          loading={busy}
          data-testid="promo-apply"
          onClick={() => apply(input)}
        >
          {t('booking.promo_apply')}
        </Button>
      </div>
      {status}
      {applied ? (
        <button
          type="button"
          className="text-link small"
          data-testid="promo-remove"
          onClick={() => {
            setInput('');
            onApply(null);
          }}
        >
          {t('booking.promo_remove')}
        </button>
      ) : null}
      {promotions.length > 0 ? (
        <ul className="promo-list" data-testid="promo-list">
          {promotions.map((p) => (
            <li key={p.code}>
              <button
                type="button"
                className={`promo-option${p.code === applied ? ' promo-option-active' : ''}`}
                data-testid={`promo-option-${p.code}`}
                onClick={() => apply(p.code)}
              >
                <span className="promo-option-code">{p.code}</span>
                <span className="promo-option-title">{p.title[lang] || p.title.en}</span>
                <span className="muted small">
                  {p.kind === 'percent'
                    ? t('booking.promo_percent', { value: p.value })
                    : t('booking.promo_amount', {
                        value: money({ amount: p.value, currency: (p.currency ?? 'USD') as 'USD' }),
                      })}
                  {p.minSpend ? ` · ${t('booking.promo_min', { amount: money(p.minSpend) })}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
