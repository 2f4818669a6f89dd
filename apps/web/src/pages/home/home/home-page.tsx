import type { Airport, LanguageTag } from '@wings/contracts';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { PullToRefresh } from '../../../components/pull-to-refresh';
import { StateView } from '../../../components/state-view';
import { useAirports } from '../../../features/booking/api/get-airports';
import { useDestinations } from '../../../features/booking/api/get-destinations';
import { useBookingStore } from '../../../features/booking/booking-store';
import { cityName } from '../../../lib/airport-names';
import './home.css';

const PALETTES = [
  ['#13285f', '#2f5bb7'],
  ['#0f4c5c', '#2a9d8f'],
  ['#6a2c70', '#b83b5e'],
  ['#7a4b00', '#d99a1e'],
  ['#1d3557', '#457b9d'],
  ['#3a0ca3', '#4361ee'],
] as const;

/** Skeleton banners while the destinations load: three rows, a phone's first screen. */
const SKELETON_BANNERS = [0, 1, 2, 3, 4, 5] as const;

function palette(code: string): readonly [string, string] {
  const sum = [...code].reduce((n, c) => n + c.charCodeAt(0), 0);
  return PALETTES[sum % PALETTES.length] ?? PALETTES[0];
}

function DestinationBanner({
  airport,
  lang,
  onBook,
}: {
  airport: Airport;
  lang: LanguageTag;
  onBook: () => void;
}) {
  const { t } = useTranslation();
  const [from, to] = palette(airport.code);
  const city = cityName(airport, lang);
  return (
    <button
      type="button"
      className="promo-banner"
      style={{ background: `linear-gradient(135deg, ${from}, ${to})` }}
      onClick={onBook}
      data-testid={`promo-${airport.code}`}
    >
      <span className="promo-code" aria-hidden="true">
        {airport.code}
      </span>
      <span className="promo-country">{airport.countryName[lang] || airport.countryName.en}</span>
      <span className="promo-city">{city}</span>
      <span className="promo-tag">{t('home.from_hub')}</span>
      <span className="promo-cta">{t('home.fly_to', { city })} →</span>
    </button>
  );
}

/** Home/Promo tab: the network's destinations as promo banners, pull down to refresh (spec §2). */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const setSearch = useBookingStore((s) => s.setSearch);
  const airports = useAirports();
  const hub = airports.data?.find((a) => a.isHub)?.code ?? 'KTI';
  const destinations = useDestinations(hub);
  const list = destinations.data?.destinations ?? [];
  const loading = destinations.isPending || airports.isPending;

  const book = (arrCode?: string) => {
    if (arrCode) setSearch({ depCode: hub, arrCode });
    nav.replace(paths.book);
  };

  return (
    <div className="home-page">
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([airports.refetch(), destinations.refetch()]);
        }}
        pullingText={t('home.pull')}
        canReleaseText={t('home.release')}
        refreshingText={t('home.refreshing')}
        completeText={t('home.refreshed')}
      >
        <header className="home-hero">
          <div className="home-brand">
            <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
              <path d="M3 20c6-1 12-5 16-11l2 1-3 6 9-3 2 2-24 9z" fill="#d99a1e" />
            </svg>
            <span>{t('app.name')}</span>
          </div>
          <h1 className="home-title">{t('home.hero_title')}</h1>
          <p className="home-sub">{t('home.hero_sub', { count: list.length || '10+' })}</p>
          <Button className="home-cta" size="large" onClick={() => book()} data-testid="home-book-cta">
            {t('home.book_cta')}
          </Button>
        </header>

        <section className="page-body">
          <h2 className="card-title">{t('home.destinations')}</h2>
          {loading ? (
            // As many banners as a phone's first screen shows, at a banner's size: the list takes
            // the skeleton's place and what follows it only comes with it (below).
            <div className="promo-grid" data-testid="promo-skeleton">
              {SKELETON_BANNERS.map((i) => (
                <div className="promo-skeleton" key={i}>
                  <Skeleton animated className="promo-skeleton-block" />
                </div>
              ))}
            </div>
          ) : destinations.isError || airports.isError ? (
            <StateView
              tone="error"
              testId="home-error"
              title={t('home.load_failed')}
              action={
                <Button
                  color="primary"
                  fill="outline"
                  data-testid="retry-button"
                  onClick={() => {
                    void airports.refetch();
                    void destinations.refetch();
                  }}
                >
                  {t('common.retry')}
                </Button>
              }
            />
          ) : (
            <div className="promo-grid" data-testid="promo-list">
              {list.map((d) => (
                <DestinationBanner key={d.code} airport={d} lang={lang} onBook={() => book(d.code)} />
              ))}
            </div>
          )}

          {/*
           * Below a list of unknown length, so drawn once the list (or its error) is there: in
           * the flow under the skeleton it would be pushed down the screen when the list comes in
           * longer, a layout shift of 0.13 on a phone.
           */}
          {loading ? null : (
            <div className="card home-includes">
              <h2 className="card-title">{t('home.why_title')}</h2>
              <ul>
                <li>{t('home.why_bag')}</li>
                <li>{t('home.why_fares')}</li>
                <li>{t('home.why_langs')}</li>
              </ul>
            </div>
          )}
        </section>
      </PullToRefresh>
    </div>
  );
}
