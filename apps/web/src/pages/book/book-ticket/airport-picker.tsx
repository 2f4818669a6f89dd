import type { Airport, LanguageTag } from '@wings/contracts';
import { Popup, SpinLoading } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { airportName, cityName } from '../../../lib/format';

export interface AirportOption {
  airport: Airport;
  /** False when the reverse route is not flown (return trips impossible). */
  roundTrip?: boolean;
}

/** True when the query matches the code, city, airport or country name in any of the three languages. */
export function matchesAirport(airport: Airport, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const texts = [
    airport.code,
    ...Object.values(airport.city),
    ...Object.values(airport.name),
    ...Object.values(airport.countryName),
  ];
  return texts.some((text) => text.toLowerCase().includes(q));
}

interface AirportPickerProps {
  visible: boolean;
  title: string;
  options: AirportOption[];
  loading: boolean;
  /** Shown instead of the list (e.g. "choose where you fly from first"). */
  notice?: string | null;
  selected: string;
  tripType: 0 | 1;
  onSelect: (code: string) => void;
  onClose: () => void;
}

/** A bottom sheet listing airports with a search box. */
export function AirportPicker(props: AirportPickerProps) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [query, setQuery] = useState('');
  const filtered = useMemo(
    () => props.options.filter((o) => matchesAirport(o.airport, query)),
    [props.options, query],
  );

  return (
    <Popup
      visible={props.visible}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      afterClose={() => setQuery('')}
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
      <div className="sheet-search">
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('airport.search')}
          aria-label={t('airport.search')}
          data-testid="airport-search-input"
          autoComplete="off"
        />
      </div>
      <div className="sheet-body" data-testid="airport-list">
        {props.notice ? (
          <p className="sheet-notice">{props.notice}</p>
        ) : props.loading ? (
          <div className="sheet-notice">
            <SpinLoading color="primary" />
          </div>
        ) : filtered.length === 0 ? (
          <p className="sheet-notice">{t('airport.no_match', { q: query })}</p>
        ) : (
          <ul className="airport-list">
            {filtered.map(({ airport, roundTrip }) => (
              <li key={airport.code}>
                <button
                  type="button"
                  className={`airport-option${airport.code === props.selected ? ' airport-option-selected' : ''}`}
                  data-testid={`airport-option-${airport.code}`}
                  onClick={() => props.onSelect(airport.code)}
                >
                  <span className="airport-option-main">
                    <span className="airport-option-city">
                      {cityName(airport, lang)}
                      {airport.isHub ? <span className="tag tag-hub">{t('airport.hub')}</span> : null}
                      {props.tripType === 1 && roundTrip === false ? (
                        <span className="tag tag-warn">{t('airport.one_way_only')}</span>
                      ) : null}
                    </span>
                    <span className="airport-option-name">
                      {airportName(airport, lang)} · {airport.countryName[lang] || airport.countryName.en}
                    </span>
                  </span>
                  <span className="airport-option-code">{airport.code}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Popup>
  );
}
