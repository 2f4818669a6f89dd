import { Calendar, type CalendarRef, Popup } from 'antd-mobile';
import { cloneElement, type ReactElement, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromDeviceDate, toDeviceDate } from '../../../lib/format';

/**
 * A month calendar for a leg's new date, between the first and last date a search may ask
 * (today at the departure airport .. 180 days ahead). §5's limits between the legs are checked
 * next to the field, so a date chosen against them is kept and explained rather than hidden.
 */
export function ChangeDatePicker({
  visible,
  title,
  value,
  min,
  max,
  testIdPrefix,
  onSelect,
  onClose,
}: {
  visible: boolean;
  title: string;
  value: string;
  min: string;
  max: string;
  testIdPrefix: string;
  onSelect: (date: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const opening = value && value >= min && value <= max ? value : min;
  const [month, setMonth] = useState(opening.slice(0, 7));
  const calendar = useRef<CalendarRef>(null);
  const openingPage = useRef({ year: Number(opening.slice(0, 4)), month: Number(opening.slice(5, 7)) });
  useLayoutEffect(() => {
    if (visible) calendar.current?.jumpTo(openingPage.current);
  }, [visible]);
  const minDate = toDeviceDate(min);
  const maxDate = toDeviceDate(max);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      <div className="sheet-header">
        <span className="sheet-title">{title}</span>
        <button type="button" className="sheet-close" onClick={onClose} aria-label={t('common.close')}>
          ×
        </button>
      </div>
      <div className="sheet-body" data-testid={`${testIdPrefix}-calendar`}>
        <Calendar
          ref={calendar}
          selectionMode="single"
          value={value ? toDeviceDate(value) : null}
          min={minDate}
          max={maxDate}
          minPage={{ year: minDate.getFullYear(), month: minDate.getMonth() + 1 }}
          maxPage={{ year: maxDate.getFullYear(), month: maxDate.getMonth() + 1 }}
          weekStartsOn="Monday"
          prevYearButton={null}
          nextYearButton={null}
          onPageChange={(year, m) => setMonth(`${year}-${String(m).padStart(2, '0')}`)}
          onChange={(date) => {
            if (date) onSelect(fromDeviceDate(date));
          }}
          cellRender={(cell, { date }) => {
            const key = fromDeviceDate(date);
            // The days of the months around are shown greyed: only this month's carry an id.
            if (!key.startsWith(month)) return cell;
            return cloneElement(cell as ReactElement<Record<string, unknown>>, {
              'data-testid': `${testIdPrefix}-${key}`,
            });
          }}
        />
      </div>
    </Popup>
  );
}
