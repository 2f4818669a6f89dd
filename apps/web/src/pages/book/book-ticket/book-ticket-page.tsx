import { useQueryClient } from '@tanstack/react-query';
import type { Airport, LanguageTag } from '@wings/contracts';
import { addDays, checkSearch, type RuleIssue, SEARCH_WINDOW_DAYS } from '@wings/rules';
import { Button } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useAirports } from '../../../features/booking/api/get-airports';
import { destinationsQueryOptions, useDestinations } from '../../../features/booking/api/get-destinations';
import { type SearchParams, useBookingStore } from '../../../features/booking/booking-store';
import { cityName, formatDate, formatDayShort, todayAt } from '../../../lib/format';
import { type AirportOption, AirportPicker } from './airport-picker';
import { DatePicker } from './date-picker';
import { PassengerCounters } from './passenger-counters';
import './book-ticket.css';

type Sheet = 'dep' | 'arr' | 'depDate' | 'retDate' | null;
type IssuesByField = Partial<Record<string, RuleIssue[]>>;

function groupIssues(issues: RuleIssue[]): IssuesByField {
  const out: IssuesByField = {};
  for (const issue of issues) {
    const list = out[issue.field] ?? [];
    list.push(issue);
    out[issue.field] = list;
  }
  return out;
}

function FieldError({ issues, field }: { issues: RuleIssue[] | undefined; field: string }) {
  const { t } = useTranslation();
  if (!issues?.length) return null;
  return (
    <div data-testid={`field-error-${field}`}>
      {issues.map((issue) => (
        <p className="field-error" role="alert" key={issue.key}>
          {t(issue.key, issue.params ?? {})}
        </p>
      ))}
    </div>
  );
}

/** The control of each search field, in reading order: the first one in error gets the focus. */
const FIELD_CONTROLS: readonly (readonly [field: string, testId: string])[] = [
  ['depCode', 'dep-picker'],
  ['arrCode', 'arr-picker'],
  ['depDate', 'date-field-depart'],
  ['retDate', 'date-field-return'],
];

/** Brings the control of the first field in error into view and focuses it (issue 10: every form). */
function focusFirstSearchError(issues: RuleIssue[]): void {
  const fields = new Set(issues.map((i) => i.field));
  const first = FIELD_CONTROLS.find(([field]) => fields.has(field));
  if (!first) return;
  const control = document.querySelector<HTMLElement>(`[data-testid="${first[1]}"]`);
  control?.scrollIntoView?.({ block: 'center' });
  control?.focus({ preventScroll: true });
}

/** The Book tab: one-way or return search form (spec §2 book-ticket; issue 2 §5). */
export default function BookTicketPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const nav = useAppNavigate();
  const queryClient = useQueryClient();
  const search = useBookingStore((s) => s.search);
  const setSearch = useBookingStore((s) => s.setSearch);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [issues, setIssues] = useState<IssuesByField>({});

  const airports = useAirports();
  const destinations = useDestinations(search.depCode);
  const byCode = useMemo(
    () => new Map<string, Airport>((airports.data ?? []).map((a) => [a.code, a])),
    [airports.data],
  );
  const origin = byCode.get(search.depCode);
  const today = todayAt(origin?.timeZone);
  const lastDay = addDays(today, SEARCH_WINDOW_DAYS);

  function update(patch: Partial<SearchParams>, fields: string[]) {
    setSearch(patch);
    setIssues((prev) => {
      const next = { ...prev };
      for (const f of fields) delete next[f];
      return next;
    });
  }

  async function chooseOrigin(code: string) {
    setSheet(null);
    if (code === search.depCode) return;
    update({ depCode: code }, ['depCode', 'arrCode']);
    // Keep the destination only if it is still flown from the new origin.
    if (search.arrCode) {
      try {
        const reply = await queryClient.fetchQuery(destinationsQueryOptions(code));
        if (!reply.destinations.some((d) => d.code === useBookingStore.getState().search.arrCode)) {
          useBookingStore.getState().setSearch({ arrCode: '' });
        }
      } catch {
        // the destination list will show its own state when opened
      }
    }
  }

  function swap() {
    update({ depCode: search.arrCode, arrCode: search.depCode }, ['depCode', 'arrCode']);
  }

  function chooseDepDate(date: string) {
    setSheet(null);
    const patch: Partial<SearchParams> = { depDate: date };
    if (search.retDate && search.retDate < date) patch.retDate = '';
    update(patch, ['depDate', 'retDate']);
  }

  function submit() {
    const found = checkSearch(
      {
        depCode: search.depCode,
        arrCode: search.arrCode,
        depDate: search.depDate,
        tripType: search.tripType,
        retDate: search.tripType === 1 ? search.retDate : undefined,
        passengers: search.passengers,
      },
      today,
    );
    setIssues(groupIssues(found));
    if (found.length === 0) nav.push(paths.flightList);
    else focusFirstSearchError(found);
  }

  const originOptions: AirportOption[] = (airports.data ?? []).map((airport) => ({ airport }));
  const destinationOptions: AirportOption[] = (destinations.data?.destinations ?? []).map((d) => ({
    airport: d,
    roundTrip: d.roundTrip,
  }));

  const cityCell = (code: string, label: string, testId: string, onClick: () => void, align: string) => {
    const airport = byCode.get(code);
    return (
      <button type="button" className={`city-cell city-cell-${align}`} data-testid={testId} onClick={onClick}>
        <span className="city-cell-label">{label}</span>
        {code ? (
          <>
            <span className="city-cell-code">{code}</span>
            <span className="city-cell-city">{cityName(airport, lang) || code}</span>
          </>
        ) : (
          <>
            <span className="city-cell-code city-cell-empty">···</span>
            <span className="city-cell-city muted">{t('book.choose_city')}</span>
          </>
        )}
      </button>
    );
  };

  const dateCell = (value: string, label: string, testId: string, onClick: () => void) => (
    <button type="button" className="date-cell" data-testid={testId} onClick={onClick}>
      <span className="city-cell-label">{label}</span>
      {value ? (
        <span className="date-cell-value">
          <strong>{formatDate(value, lang)}</strong>
          <span className="muted small">{formatDayShort(value, lang).weekday}</span>
        </span>
      ) : (
        <span className="date-cell-value muted">{t('book.choose_date')}</span>
      )}
    </button>
  );

  return (
    <div className="book-page">
      <NavBar title={t('book.title')} theme="navy" />
      <div className="book-hero">
        <div className="trip-switch" role="tablist" data-testid="trip-type-switch">
          {([0, 1] as const).map((type) => (
            <button
              key={type}
              type="button"
              role="tab"
              aria-selected={search.tripType === type}
              className={`trip-switch-item${search.tripType === type ? ' trip-switch-item-active' : ''}`}
              data-testid={type === 0 ? 'trip-type-oneway' : 'trip-type-return'}
              onClick={() => update({ tripType: type }, ['retDate'])}
            >
              {type === 0 ? t('book.one_way') : t('book.return')}
            </button>
          ))}
        </div>
      </div>

      <div className="page-body book-body">
        <section className="card search-card">
          <div className="route-row">
            {cityCell(search.depCode, t('book.from'), 'dep-picker', () => setSheet('dep'), 'start')}
            <button
              type="button"
              className="swap-btn"
              aria-label={t('book.swap')}
              data-testid="swap-button"
              onClick={swap}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M4 8h14l-4-4M20 16H6l4 4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </button>
            {cityCell(search.arrCode, t('book.to'), 'arr-picker', () => setSheet('arr'), 'end')}
          </div>
          <FieldError issues={issues.depCode} field="depCode" />
          <FieldError issues={issues.arrCode} field="arrCode" />

          <div className="dates-row">
            {dateCell(search.depDate, t('book.depart_date'), 'date-field-depart', () => setSheet('depDate'))}
            {search.tripType === 1
              ? dateCell(search.retDate, t('book.return_date'), 'date-field-return', () =>
                  setSheet('retDate'),
                )
              : null}
          </div>
          <FieldError issues={issues.depDate} field="depDate" />
          <FieldError issues={issues.retDate} field="retDate" />

          <h2 className="section-label">{t('book.passengers')}</h2>
          <PassengerCounters
            value={search.passengers}
            onChange={(passengers) => update({ passengers }, ['passengers'])}
            submitIssues={issues.passengers ?? []}
          />

          <Button
            block
            color="primary"
            size="large"
            className="search-btn"
            data-testid="search-button"
            onClick={submit}
          >
            {t('book.search')}
          </Button>
        </section>
      </div>

      <AirportPicker
        visible={sheet === 'dep'}
        title={t('airport.from_title')}
        options={originOptions}
        loading={airports.isPending}
        notice={airports.isError ? t('airport.load_failed') : null}
        selected={search.depCode}
        tripType={search.tripType}
        onSelect={chooseOrigin}
        onClose={() => setSheet(null)}
      />
      <AirportPicker
        visible={sheet === 'arr'}
        title={t('airport.to_title')}
        options={destinationOptions}
        loading={destinations.isPending}
        notice={
          !search.depCode
            ? t('airport.origin_first')
            : destinations.isError
              ? t('airport.load_failed')
              : destinations.data && destinationOptions.length === 0
                ? t('airport.no_destinations')
                : null
        }
        selected={search.arrCode}
        tripType={search.tripType}
        onSelect={(code) => {
          setSheet(null);
          update({ arrCode: code }, ['arrCode']);
        }}
        onClose={() => setSheet(null)}
      />
      {sheet === 'depDate' ? (
        <DatePicker
          visible
          title={t('date.title_depart')}
          value={search.depDate}
          min={today}
          max={lastDay}
          depCode={search.depCode}
          arrCode={search.arrCode}
          passengers={search.passengers}
          testIdPrefix="calendar-day"
          onSelect={chooseDepDate}
          onClose={() => setSheet(null)}
        />
      ) : null}
      {sheet === 'retDate' ? (
        <DatePicker
          visible
          title={t('date.title_return')}
          value={search.retDate}
          min={[search.depDate, today].sort()[1] ?? today}
          max={lastDay}
          depCode={search.arrCode}
          arrCode={search.depCode}
          passengers={search.passengers}
          testIdPrefix="calendar-day"
          onSelect={(date) => {
            setSheet(null);
            update({ retDate: date }, ['retDate']);
          }}
          onClose={() => setSheet(null)}
        />
      ) : null}
    </div>
  );
}
