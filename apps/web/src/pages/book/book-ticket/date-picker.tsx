import type { PassengerCounts } from '@wings/contracts';
import { Calendar, type CalendarRef, Popup } from 'antd-mobile';
import { cloneElement, type ReactElement, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckCalendar } from '../../../features/booking/api/check-calendar-is-year';
import { usePriceCalendar } from '../../../features/booking/api/get-price-calendar';
import { fromDeviceDate, moneyShort, toDeviceDate } from '../../../lib/format';

interface DatePickerProps {
  visible: boolean;
  title: string;
  /** `YYYY-MM-DD` or ''. */
  value: string;
  min: string;
  max: string;
  depCode: string;
  arrCode: string;
  passengers: PassengerCounts;
  /** data-testid prefix of the day cells. */
  testIdPrefix: string;
  onSelect: (date: string) => void;
  onClose: () => void;
}

/**
 * The day the calendar opens on: the chosen date when it can still be chosen, else the first
 * day that can (for the return, the outbound date), never a month where every day is closed.
 */
export function openingDate(value: string, min: string, max: string): string {
  return value && value >= min && value <= max ? value : min;
}

/** A month calendar with the lowest adult fare of each day (getPriceCalendar), today..today+180. */
export function DatePicker(props: DatePickerProps) {
  const { t } = useTranslation();
  const opening = openingDate(props.value, props.min, props.max);
  const [month, setMonth] = useState(opening.slice(0, 7));
  // antd's Calendar opens on its value's month, or today's without one: a return date still
  // empty (or now before the outbound) opened on a month where every day was greyed out.
  const calendar = useRef<CalendarRef>(null);
  const openingPage = useRef({ year: Number(opening.slice(0, 4)), month: Number(opening.slice(5, 7)) });
  useLayoutEffect(() => {
    calendar.current?.jumpTo(openingPage.current);
  }, []);
  const prices = usePriceCalendar({
    depCode: props.depCode,
    arrCode: props.arrCode,
    month,
    passengers: props.passengers,
  });
  const priceByDate = useMemo(
    () => new Map((prices.data?.days ?? []).map((d) => [d.date, d.lowestPrice])),
    [prices.data],
  );
  // The route's last flown day inside the window, when it ends earlier (checkCalendarIsYear).
  const routeWindow = useCheckCalendar({ depCode: props.depCode, arrCode: props.arrCode });
  const lastFlown = routeWindow.data?.lastDate;
  const max = lastFlown && lastFlown >= props.min && lastFlown < props.max ? lastFlown : props.max;
  const minDate = toDeviceDate(props.min);
  const maxDate = toDeviceDate(max);

  return (
    <Popup
      visible={props.visible}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      <div className="sheet-header">
        <span className="sheet-title">{props.title}</span>
        <button type="button" className="sheet-close" onClick={props.onClose} aria-label={t('common.close')}>
          ×
        </button>
      </div>
      <p className="calendar-note">{t('date.lowest_note')}</p>
      <div className="sheet-body" data-testid="calendar">
        <Calendar
          ref={calendar}
          selectionMode="single"
          value={props.value ? toDeviceDate(props.value) : null}
          min={minDate}
          max={maxDate}
          minPage={{ year: minDate.getFullYear(), month: minDate.getMonth() + 1 }}
          maxPage={{ year: maxDate.getFullYear(), month: maxDate.getMonth() + 1 }}
          weekStartsOn="Monday"
          // The search window is 180 days: a year jump would only land on a closed month.
          prevYearButton={null}
          nextYearButton={null}
          onPageChange={(year, m) => setMonth(`${year}-${String(m).padStart(2, '0')}`)}
          onChange={(date) => {
            if (date) props.onSelect(fromDeviceDate(date));
          }}
          renderLabel={(date) => {
            const key = fromDeviceDate(date);
            if (key < props.min || key > max || !key.startsWith(month)) return null;
            const price = priceByDate.get(key);
            return price ? <span className="calendar-price">{moneyShort(price)}</span> : null;
          }}
          cellRender={(cell, { date }) => {
            const key = fromDeviceDate(date);
            if (!key.startsWith(month)) return cell;
            return cloneElement(cell as ReactElement<Record<string, unknown>>, {
              'data-testid': `${props.testIdPrefix}-${key}`,
            });
          }}
        />
      </div>
    </Popup>
  );
}
