import { type LanguageTag, type OrderDetail, OrderPayStatus } from '@wings/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import {
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { countryName } from '../../../features/account/countries';
import { useSessionStore } from '../../../features/account/session-store';
import { useUpgradeOrderAccess } from '../../../features/orders/api/upgrade-order-access';
import { OrderGate } from '../../../features/orders/components/order-gate';
import { PassengerTypeChip } from '../../../features/orders/components/passenger-type-chip';
import { StatusBadge } from '../../../features/orders/components/status-badge';
import { docNumberIssues } from '../../../features/orders/document-number';
import { couponUsageKey, ticketStatusKey, ticketStatusTone } from '../../../features/orders/labels';
import { useOrderView } from '../../../features/orders/use-order-view';
import { formatDate, formatPhone, localDateOf, localTimeOf } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="info-row">
      <span className="info-row-label">{label}</span>
      <span className="info-row-value" data-testid={testId}>
        {value === '' || value === null ? '-' : value}
      </span>
    </div>
  );
}

interface UnlockValues extends Record<string, unknown> {
  docNumber: string;
}

const unlockIssues = (values: UnlockValues) => docNumberIssues(values.docNumber);

/**
 * The limited view's way to the full one (issue 9.16): an order found by PNR + surname hides the
 * passengers' personal details until the traveller gives one passenger's document number.
 */
function UnlockForm({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const form = useRuleForm<UnlockValues>({ docNumber: '' }, unlockIssues);
  const upgrade = useUpgradeOrderAccess();

  async function submit() {
    if (!form.validate()) return;
    try {
      await upgrade.mutateAsync({ orderNo, docNumber: form.values.docNumber.trim().toUpperCase() });
    } catch (error) {
      form.applyServerError(error);
    }
  }

  return (
    <div data-testid="pax-unlock">
      <FormCard onSubmit={submit}>
        <h2 className="card-title">{t('order.unlock_title')}</h2>
        <p className="muted small" data-testid="pax-unlock-why">
          {t('order.unlock_why')}
        </p>
        <FormField
          label={t('search.doc_number')}
          field="docNumber"
          error={form.error('docNumber')}
          hint={t('order.unlock_desc')}
        >
          <TextInput
            field="docNumber"
            testId="pax-unlock-doc"
            value={form.values.docNumber}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={30}
            invalid={!!form.error('docNumber')}
            onChange={(v) => form.set('docNumber', v)}
            onBlur={() => form.blur('docNumber')}
          />
        </FormField>
        <SubmitButton loading={upgrade.isPending} testId="pax-unlock-submit">
          {t('order.unlock_submit')}
        </SubmitButton>
      </FormCard>
    </div>
  );
}

/** The personal details of the full view (absent in the limited one). */
function PersonalRows({ p, lang }: { p: OrderDetail['passengers'][number]; lang: LanguageTag }) {
  const { t } = useTranslation();
  return (
    <>
      <Row label={t('person.gender')} value={p.gender === undefined ? '' : t(`gender.${p.gender}`)} />
      <Row
        label={t('person.nationality')}
        value={p.nationality ? countryName(p.nationality, lang) || p.nationality : ''}
      />
      <Row
        label={t('person.birthday')}
        value={p.birthday ? formatDate(p.birthday, lang) : ''}
        testId="pax-birthday"
      />
      <Row label={t('person.doc_type')} value={p.docType === undefined ? '' : t(`doc.${p.docType}`)} />
      <Row label={t('person.doc_number')} value={p.docNumber ?? ''} testId="pax-doc" />
      <Row
        label={t('person.doc_expiry')}
        value={p.docExpiry ? formatDate(p.docExpiry, lang) : ''}
        testId="pax-doc-expiry"
      />
      <Row label={t('account.email')} value={p.email ?? ''} testId="pax-email" />
      <Row
        label={t('person.phone')}
        value={p.phone ? formatPhone(p.countryCode, p.phone) : ''}
        testId="pax-phone"
      />
    </>
  );
}

function PassengerCard({ order, seq, lang }: { order: OrderDetail; seq: number; lang: LanguageTag }) {
  const { t } = useTranslation();
  const p = order.passengers.find((x) => x.seq === seq);
  if (!p) return <StateView tone="error" title={t('order.passenger_missing')} testId="passenger-missing" />;
  const legBySeq = new Map(order.legs.map((leg) => [leg.seq, leg]));
  const limited = order.view === 'limited';
  return (
    <div className="page-body">
      <section className="card" data-testid="pax-detail">
        <h2 className="card-title pax-detail-name" data-testid="pax-name">
          {p.surname} {p.middleName ? `${p.middleName} ` : ''}
          {p.givenName}
          <PassengerTypeChip type={p.passengerType} lang={lang} />
        </h2>
        <Row label={t('person.title')} value={t(`title.${p.title}`)} />
        {limited ? null : <PersonalRows p={p} lang={lang} />}
      </section>

      {limited ? <UnlockForm orderNo={order.orderNo} /> : null}

      <section className="card" data-testid="pax-ticket">
        <h2 className="card-title">{t('order.eticket')}</h2>
        {p.ticket ? (
          <>
            <Row label={t('order.ticket_no')} value={p.ticket.ticketNo} testId="pax-ticket-no" />
            <Row
              label={t('order.ticket_status')}
              value={
                <StatusBadge tone={ticketStatusTone(p.ticket.status)} testId="pax-ticket-status">
                  {t(ticketStatusKey(p.ticket.status))}
                </StatusBadge>
              }
            />
            <h3 className="order-subtitle">{t('order.coupons')}</h3>
            <ul className="order-coupons">
              {p.ticket.coupons.map((c) => {
                const leg = legBySeq.get(c.legSeq);
                return (
                  <li key={c.couponNo} className="order-coupon" data-testid={`coupon-${c.couponNo}`}>
                    <span>
                      <strong>{leg ? `${leg.depCode} → ${leg.arrCode}` : '-'}</strong>
                      <span className="muted small">
                        {leg
                          ? ` · ${leg.flightNo} · ${formatDate(localDateOf(leg.depTime), lang)} ${localTimeOf(leg.depTime)}`
                          : ''}
                      </span>
                    </span>
                    <StatusBadge tone={c.usage === 11 ? 'off' : 'ok'} testId={`coupon-usage-${c.couponNo}`}>
                      {t(couponUsageKey(c.usage))}
                    </StatusBadge>
                  </li>
                );
              })}
            </ul>
          </>
        ) : (
          <p className="muted small" data-testid="pax-no-ticket">
            {t(order.status === OrderPayStatus.paid ? 'order.ticketing' : 'order.ticket_after_pay')}
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * passenger-detail (after-sales §2): every field of one passenger, the e-ticket and its coupon per
 * leg. An order found by PNR + surname (the limited view) shows the name and the e-ticket, and a
 * form to see the rest by giving one passenger's document number.
 */
export default function TicketPassengerDetailPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const seq = Number(params.get('seq') ?? 'NaN');
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const view = useOrderView(orderNo, loggedIn);
  return (
    <div className="order-page" data-testid="ticket-passenger-detail">
      <NavBar title={t('order.passenger_title')} back={orderHref(paths.ticketDetail, orderNo)} />
      <OrderGate view={view} orderNo={orderNo}>
        {(order) => <PassengerCard order={order} seq={seq} lang={lang} />}
      </OrderGate>
    </div>
  );
}
