import type { OrderDetail } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/format';
import { isLanguageTag } from '../../../lib/language';
import { addonLineDetail } from '../../booking/addons';

type AddonLine = NonNullable<OrderDetail['price']['addonLines']>[number];

function legLabel(t: (key: string) => string, leg: number | null): string {
  if (leg === null) return t('addons.whole_trip');
  return t(leg === 0 ? 'summary.outbound' : 'summary.return');
}

function passengerName(order: OrderDetail, seq: number | null): string {
  const p = order.passengers.find((x) => x.seq === seq);
  return p ? [p.surname, p.middleName, p.givenName].filter(Boolean).join(' ') : '';
}

/**
 * Each add-on of an order with its passenger, leg and amount (issue 14: price.addonLines; codes
 * 10 insurance, 11 priority, 12 seat, 13 baggage, ERT the refundable upgrade).
 */
export function OrderAddonLines({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const lines = order.price.addonLines ?? [];
  return (
    <>
      {lines.map((line, i) => (
        <div
          className="price-line"
          // one line per add-on, passenger and leg
          key={`${line.code}-${line.passengerSeq}-${line.leg}`}
          data-testid={`amount-addon-line-${i}`}
        >
          <span>
            {addonLineDetail(t, (k) => i18n.exists(k), line, planNameOf(order, i18n.language))}
            <span className="muted small">
              {' · '}
              {passengerName(order, line.passengerSeq)} · {legLabel(t, line.leg)}
            </span>
          </span>
          <span>{money(line.amount)}</span>
        </div>
      ))}
    </>
  );
}

/** An insurance plan's name in `lang` from the order's policies (known once it is paid). */
function planNameOf(order: OrderDetail, lang: string) {
  return (code: string) => {
    const name = order.insurance?.find((p) => p.insuranceType === code)?.planName;
    return name ? name[isLanguageTag(lang) ? lang : 'en'] || name.en : undefined;
  };
}

/** One passenger's add-ons in words, leg by leg: "Outbound: Seat 12C, +10 kg baggage". */
export function PassengerAddons({ order, seq, testId }: { order: OrderDetail; seq: number; testId: string }) {
  const { t, i18n } = useTranslation();
  const mine: AddonLine[] = (order.price.addonLines ?? []).filter((l) => l.passengerSeq === seq);
  if (mine.length === 0) return null;
  const groups = new Map<string, string[]>();
  for (const line of mine) {
    // The upgrade is one line per leg; it reads once, for the whole trip.
    const leg = line.code === 'ERT' || line.code === '10' ? null : line.leg;
    const label = legLabel(t, leg);
    const text = addonLineDetail(t, (k) => i18n.exists(k), line, planNameOf(order, i18n.language));
    const list = groups.get(label) ?? [];
    if (!list.includes(text)) list.push(text);
    groups.set(label, list);
  }
  return (
    <span className="muted small order-pax-addons" data-testid={testId}>
      {[...groups.entries()].map(([leg, texts]) => `${leg}: ${texts.join(', ')}`).join(' · ')}
    </span>
  );
}
