import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppNavigate } from './navigation';
import { paths } from './paths';

const icon = (d: ReactNode) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
    {d}
  </svg>
);
const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const TABS = [
  {
    key: 'home',
    path: paths.home,
    label: 'tab.home',
    icon: icon(<path {...stroke} d="M3 11l9-7 9 7v9a1 1 0 01-1 1h-5v-6h-6v6H4a1 1 0 01-1-1z" />),
  },
  {
    key: 'book',
    path: paths.book,
    label: 'tab.book',
    icon: icon(
      <path
        {...stroke}
        d="M2.5 16.5l19-7.5c1-.4 1-1.8-.1-2.1L17 6l-5-3.5-1.7.7 2.8 4.3-5.5 2.2-2.5-1.7-1.4.6 1.6 3.2-2.8 1.1z M3 21h18"
      />,
    ),
  },
  {
    key: 'tickets',
    path: paths.tickets,
    label: 'tab.tickets',
    icon: icon(<path {...stroke} d="M4 6h16v4a2 2 0 000 4v4H4v-4a2 2 0 000-4zM14 6v12" />),
  },
  {
    key: 'more',
    path: paths.more,
    label: 'tab.more',
    icon: icon(<path {...stroke} d="M5 12h.01M12 12h.01M19 12h.01M12 21a9 9 0 100-18 9 9 0 000 18z" />),
  },
] as const;

/** The four tabs of the traveller app (spec §2). */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nav = useAppNavigate();
  const activePath = pathname === paths.login ? paths.more : pathname;
  return (
    <nav className="tab-bar" aria-label="tabs">
      {TABS.map((tab) => {
        const active = activePath === tab.path;
        return (
          <button
            key={tab.key}
            type="button"
            className={`tab-bar-item${active ? ' tab-bar-item-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            data-testid={`tab-${tab.key}`}
            onClick={() => {
              if (!active) nav.replace(tab.path);
            }}
          >
            {tab.icon}
            <span className="tab-bar-label">{t(tab.label)}</span>
          </button>
        );
      })}
    </nav>
  );
}
