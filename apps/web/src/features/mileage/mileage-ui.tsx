import type { LanguageTag, MileageTransaction } from '@wings/contracts';
import { HUB_TIME_ZONE, localDate, milesLastDay } from '@wings/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { formatDate } from '../../lib/format';
import { isLanguageTag } from '../../lib/language';
import '../account/components/account.css';
import '../members/components/members.css';
import './mileage.css';

/** Miles with thousands separators, the same in every language ("12,400"). */
export function formatMiles(miles: number): string {
  return miles.toLocaleString('en-US');
}

/** A ledger amount with its sign ("+1,200", "-500"). */
export function signedMiles(miles: number): string {
  return miles > 0 ? `+${formatMiles(miles)}` : formatMiles(miles);
}

/** A local date (`2026-11-24`) or an instant, as the hub's calendar day in the reader's language. */
export function hubDay(value: string, lang: LanguageTag): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : localDate(new Date(value), HUB_TIME_ZONE);
  return formatDate(day, lang);
}

/**
 * The last day miles can be used, from the instant they expire (the first instant of the next
 * month, hub time): "expire on 30 Nov 2029" for 1 Dec 00:00 in Phnom Penh.
 */
export function lastMilesDay(expiresAt: string, lang: LanguageTag): string {
  return formatDate(milesLastDay(expiresAt, HUB_TIME_ZONE), lang);
}

/** The hub's date today (bills and claims count days in the hub's calendar). */
export const hubToday = () => localDate(new Date(), HUB_TIME_ZONE);

export function useLang(): LanguageTag {
  const { i18n } = useTranslation();
  return isLanguageTag(i18n.language) ? i18n.language : 'zh';
}

/** A mileage screen: the nav bar back to `back` and the body. */
export function MileagePage({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  return (
    <div className="account-page">
      <NavBar title={title} back={back} />
      <div className="page-body mi-body">{children}</div>
    </div>
  );
}

/** One ledger row: date, type and status, what it is about, and the signed miles. */
export function TransactionItem({ tx, testId }: { tx: MileageTransaction; testId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const tone = tx.miles > 0 ? 'mi-plus' : tx.miles < 0 ? 'mi-minus' : '';
  return (
    <li className="mi-tx" data-testid={testId}>
      <div className="mi-tx-main">
        <div className="mi-tx-title">
          <span data-testid={`${testId}-type`}>{t(`miles.type_${tx.tradingType}`)}</span>
          {tx.status === 0 ? null : (
            <span className={`mi-tag mi-tag-status-${tx.status}`} data-testid={`${testId}-status`}>
              {t(`miles.status_${tx.status}`)}
            </span>
          )}
        </div>
        <div className="mi-tx-line" data-testid={`${testId}-what`}>
          {tx.flight
            ? `${tx.flight.flightNo} ${tx.flight.depCode}→${tx.flight.arrCode} · ${hubDay(tx.flight.date, lang)}`
            : t(`miles.kind_${tx.kind}`)}
        </div>
        {tx.note ? <div className="mi-tx-line">{tx.note}</div> : null}
        <div className="mi-tx-line mi-muted">{hubDay(tx.occurredAt, lang)}</div>
      </div>
      <span className={`mi-tx-miles ${tone}`} data-testid={`${testId}-miles`}>
        {signedMiles(tx.miles)}
      </span>
    </li>
  );
}
