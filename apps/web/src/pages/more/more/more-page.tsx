import { LANGUAGE_TAGS, type LanguageTag } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { isLanguageTag, setLanguage } from '../../../app/i18n';
import { NavBar } from '../../../components/nav-bar';
import { ServiceHours } from '../../../components/service-hours';
import './more.css';

/** Each language is named in its own script so anyone can find theirs. */
const LANGUAGE_NAMES: Record<LanguageTag, string> = { zh: '中文', en: 'English', km: 'ខ្មែរ' };

/** More tab: language switch, about and customer service. */
export default function MorePage() {
  const { t, i18n } = useTranslation();
  const current = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  return (
    <div>
      <NavBar title={t('tab.more')} />
      <div className="page-body">
        <section className="card">
          <h2 className="card-title">{t('more.language')}</h2>
          <fieldset className="lang-list">
            <legend className="visually-hidden">{t('more.language')}</legend>
            {LANGUAGE_TAGS.map((tag) => (
              <label
                key={tag}
                lang={tag}
                className={`lang-option${current === tag ? ' lang-option-active' : ''}`}
                data-testid={`lang-${tag}`}
              >
                <input
                  type="radio"
                  name="language"
                  value={tag}
                  className="visually-hidden"
                  checked={current === tag}
                  onChange={() => void setLanguage(tag)}
                />
                <span>{LANGUAGE_NAMES[tag]}</span>
                {current === tag ? (
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path
                      d="M5 12l5 5 9-10"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.2"
                      strokeLinecap="round"
                    />
                  </svg>
                ) : null}
              </label>
            ))}
          </fieldset>
        </section>
        <section className="card">
          <h2 className="card-title">{t('service.title')}</h2>
          <ServiceHours />
        </section>
        <section className="card" data-testid="about">
          <h2 className="card-title">{t('more.about')}</h2>
          <p className="muted small">{t('more.about_text')}</p>
          <div className="about-row">
            <span>{t('more.version')}</span>
            <span data-testid="app-version">{__APP_VERSION__}</span>
          </div>
        </section>
      </div>
    </div>
  );
}
