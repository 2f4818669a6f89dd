import type { LanguageTag, PassengerCounts } from '@wings/contracts';
import { addDays } from '@wings/rules';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayShort, moneyShort } from '../../../lib/format';
import { isLanguageTag } from '../../../lib/language';
import { useAroundPriceCalendar } from '../api/get-around-price-calendar';

interface DayStripProps {
  depCode: string;
  arrCode: string;
  date: string;
  passengers: PassengerCounts;
  /** Days outside min..max cannot be chosen (past days, after the return, beyond 180 days). */
  min: string;
  max: string;
  onSelect: (date: string) => void;
}

/** Seven days around the searched one with their lowest fares (getAroundPriceCalendar); tap to re-search. */
export function DayStrip({ depCode, arrCode, date, passengers, min, max, onSelect }: DayStripProps) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const around = useAroundPriceCalendar({ depCode, arrCode, depDate: date, passengers });
  const prices = useMemo(
    () => new Map((around.data?.days ?? []).map((d) => [d.date, d.lowestPrice])),
    [around.data],
  );
  const days = useMemo(() => [-3, -2, -1, 0, 1, 2, 3].map((n) => addDays(date, n)), [date]);
  const selectedRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    selectedRef.current?.scrollIntoView?.({ inline: 'center', block: 'nearest' });
  }, []);

  return (
    <div className="day-strip" data-testid="day-strip" data-scroll-strip>
      {days.map((day) => {
        const disabled = day < min || day > max;
        const selected = day === date;
        const label = formatDayShort(day, lang);
        const price = prices.get(day);
        return (
          <button
            key={day}
            ref={selected ? selectedRef : undefined}
            type="button"
            className={`day-strip-item${selected ? ' day-strip-item-selected' : ''}`}
            disabled={disabled}
            aria-pressed={selected}
            data-testid={`day-strip-${day}`}
            onClick={() => {
              if (!selected) onSelect(day);
            }}
          >
            <span className="day-strip-weekday">{label.weekday}</span>
            <span className="day-strip-day">{label.day}</span>
            <span className="day-strip-price">
              {disabled ? '' : around.isPending ? '···' : price ? moneyShort(price) : t('date.no_price')}
            </span>
          </button>
        );
      })}
    </div>
  );
}
