import type { PassengerCounts } from '@wings/contracts';
import { Calendar, Popup } from 'antd-mobile';
import { cloneElement, type ReactElement, useMemo, useState } from 'react';
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

/** A month calendar with the lowest adult fare of each day (getPriceCalendar), today..today+180. */
export function DatePicker(props: DatePickerProps) {
  const { t } = useTranslation();
  const [month, setMonth] = useState((props.value || props.min).slice(0, 7));
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
