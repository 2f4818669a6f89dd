import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../app/navigation';

interface NavBarProps {
  title: ReactNode;
  /** Show a back button; the string is where to go when there is no history to go back to. */
  back?: boolean | string;
  /** Booking pages use the navy theme (spec §2). */
  theme?: 'navy' | 'light';
  right?: ReactNode;
}

/** The custom navigation bar drawn at the top of every page. */
export function NavBar({ title, back = false, theme = 'light', right }: NavBarProps) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <header className={`nav-bar nav-bar-${theme}`}>
      <div className="nav-bar-side">
        {back ? (
          <button
            type="button"
            className="nav-bar-back"
            aria-label={t('common.back')}
            data-testid="nav-back"
            onClick={() => nav.back(typeof back === 'string' ? back : undefined)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : null}
      </div>
      <h1 className="nav-bar-title">{title}</h1>
      <div className="nav-bar-side nav-bar-right">{right}</div>
    </header>
  );
}
