import type { LanguageTag } from '@wings/contracts';
import { Popup } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../lib/language';
import { COUNTRIES, matchesCountry } from '../countries';

interface CountryPickerProps {
  visible: boolean;
  title: string;
  /** `nationality` picks an ISO code, `dial` a dialling code such as +855. */
  mode: 'nationality' | 'dial';
  selected: string | null;
  testIdPrefix: string;
  onSelect: (value: string) => void;
  onClose: () => void;
}

/** A bottom sheet of countries with a search box (names in zh, en and km all match). */
export function CountryPicker(props: CountryPickerProps) {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [query, setQuery] = useState('');
  const filtered = useMemo(() => COUNTRIES.filter((country) => matchesCountry(country, query)), [query]);

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
          placeholder={t('country.search')}
          aria-label={t('country.search')}
          data-testid={`${props.testIdPrefix}-search`}
          autoComplete="off"
        />
      </div>
      <div className="sheet-body">
        {filtered.length === 0 ? (
          <p className="sheet-notice">{t('country.no_match', { q: query })}</p>
        ) : (
          <ul className="country-list">
            {filtered.map((country) => {
              const value = props.mode === 'dial' ? country.dial : country.code;
              const active = props.mode === 'dial' ? false : props.selected === value;
              return (
                <li key={country.code}>
                  <button
                    type="button"
                    className={`country-option${active ? ' country-option-selected' : ''}`}
                    data-testid={`${props.testIdPrefix}-option-${country.code}`}
                    onClick={() => props.onSelect(value)}
                  >
                    <span>{country.name[lang]}</span>
                    <span className="muted small">{props.mode === 'dial' ? country.dial : country.code}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Popup>
  );
}
