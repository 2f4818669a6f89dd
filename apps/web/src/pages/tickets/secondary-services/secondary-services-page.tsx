import type { AddonBar, AddonInfoListReply, LanguageTag, OrderDetail } from '@wings/contracts';
import { Button, SpinLoading } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isLanguageTag } from '../../../app/i18n';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useSessionStore } from '../../../features/account/session-store';
import { toEntry } from '../../../features/insurance/insurance-entry';
import { OrderGate } from '../../../features/orders/components/order-gate';
import { useOrderView } from '../../../features/orders/use-order-view';
import {
  useAddonInfo,
  useAddonInsurancePrice,
  useInsurancePlans,
} from '../../../features/secondary-services/api/secondary-services';
import { AddonOrderList, addonPayHref } from '../../../features/secondary-services/components/addon-orders';
import { InsuredForm } from '../../../features/secondary-services/components/insured-form';
import type { AddonServiceCode } from '../../../features/secondary-services/labels';
import { type PurchaseProblem, usePurchase } from '../../../features/secondary-services/use-purchase';
import { formatDate, localDateOf, localTimeOf, money } from '../../../lib/format';
import '../../../features/account/components/account.css';
import '../../../features/booking/booking-flow.css';
import '../../../features/orders/orders.css';
import '../../../features/secondary-services/secondary-services.css';

type InfoPassenger = AddonInfoListReply['passengers'][number];
type InfoLeg = InfoPassenger['legs'][number];

/** A bar's message where it applies; a pending order offers "Continue paying". */
function BarNote({ bar, orderNo, testId }: { bar: AddonBar; orderNo: string; testId: string }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <div className="booking-alert sec-bar" role="status" data-testid={testId} data-reason={bar.reason}>
      <p>{bar.message}</p>
      {bar.reason === 'pending' && bar.secOrderNo ? (
        <button
          type="button"
          className="order-link-btn"
          data-testid={`${testId}-pay`}
          onClick={() => nav.push(addonPayHref(orderNo, bar.secOrderNo ?? ''))}
        >
          {t('secondary.continue_paying')} ›
        </button>
      ) : null}
    </div>
  );
}

/** A refused purchase, in the server's words (with the waiting order to pay, when that is why). */
function ProblemNote({
  problem,
  orderNo,
  testId,
}: {
  problem: PurchaseProblem;
  orderNo: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <div className="booking-alert booking-alert-error" role="alert" data-testid={testId}>
      <p>{problem.message}</p>
      {problem.secOrderNo ? (
        <button
          type="button"
          className="order-link-btn"
          onClick={() => nav.push(addonPayHref(orderNo, problem.secOrderNo ?? ''))}
        >
          {t('secondary.continue_paying')} ›
        </button>
      ) : null}
    </div>
  );
}

/** "WA101 KTI → BKK · 24 Dec 2026 08:30" (the departure airport's clock). */
function LegTitle({ leg, lang }: { leg: InfoLeg; lang: LanguageTag }) {
  return (
    <span className="sec-leg-title">
      <strong>{leg.flightNo}</strong> {leg.depCode} → {leg.arrCode}
      <span className="muted small">
        {' · '}
        {formatDate(localDateOf(leg.depTime), lang)} {localTimeOf(leg.depTime)}
      </span>
    </span>
  );
}

interface CardProps {
  passenger: InfoPassenger;
  orderNo: string;
  lang: LanguageTag;
  serviceBar: (code: AddonServiceCode) => AddonBar | null;
}

function ServiceCard({
  code,
  title,
  children,
  serviceBar,
  orderNo,
}: {
  code: AddonServiceCode;
  title: string;
  children: ReactNode;
  serviceBar: CardProps['serviceBar'];
  orderNo: string;
}) {
  const bar = serviceBar(code);
  return (
    <section
      className="card sec-card"
      data-testid={`sec-service-${code}`}
      aria-labelledby={`sec-title-${code}`}
    >
      <h2 className="card-title" id={`sec-title-${code}`}>
        {title}
      </h2>
      {bar ? <BarNote bar={bar} orderNo={orderNo} testId={`sec-bar-${code}`} /> : null}
      {children}
    </section>
  );
}

function SeatCard({ passenger, orderNo, lang, serviceBar }: CardProps) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const blocked = serviceBar(12) !== null;
  return (
    <ServiceCard code={12} title={t('secondary.service_seat')} serviceBar={serviceBar} orderNo={orderNo}>
      <ul className="sec-legs">
        {passenger.legs.map((leg) => (
          <li key={leg.leg} className="sec-leg" data-testid={`sec-seat-leg-${leg.leg}`}>
            <LegTitle leg={leg} lang={lang} />
            <p className="sec-have">
              {leg.seat ? t('secondary.have_seat', { seat: leg.seat }) : t('secondary.no_seat')}
            </p>
            {leg.bar ? (
              <BarNote bar={leg.bar} orderNo={orderNo} testId={`sec-leg-bar-12-${leg.leg}`} />
            ) : leg.offers.seat ? (
              <Button
                size="small"
                color="primary"
                fill="outline"
                disabled={blocked}
                data-testid={`sec-choose-seat-${leg.leg}`}
                onClick={() =>
                  nav.push(
                    orderHref(paths.secondarySeat, orderNo, {
                      seq: String(passenger.seq),
                      leg: String(leg.leg),
                    }),
                  )
                }
              >
                {leg.seat ? t('secondary.change_seat') : t('secondary.choose_seat')}
              </Button>
            ) : (
              <p className="muted small">{t('secondary.not_sold')}</p>
            )}
          </li>
        ))}
      </ul>
    </ServiceCard>
  );
}

function BaggageCard({ passenger, orderNo, lang, serviceBar }: CardProps) {
  const { t } = useTranslation();
  const purchase = usePurchase();
  const [steps, setSteps] = useState<Record<number, number>>({});
  const [mixed, setMixed] = useState(false);
  const blocked = serviceBar(13) !== null;
  const chosen = Object.entries(steps).filter(([, kg]) => kg > 0);

  function buy() {
    const weights = new Set(chosen.map(([, kg]) => kg));
    // One add-on order adds one step to each leg chosen (the contract's single baggageKg).
    if (weights.size > 1) {
      setMixed(true);
      return;
    }
    setMixed(false);
    const [kg] = [...weights];
    if (kg === undefined) return;
    void purchase.buy({
      orderNo,
      seq: passenger.seq,
      serviceCode: 13,
      legs: chosen.map(([leg]) => Number(leg)),
      baggageKg: kg,
    });
  }

  return (
    <ServiceCard code={13} title={t('secondary.service_baggage')} serviceBar={serviceBar} orderNo={orderNo}>
      <ul className="sec-legs">
        {passenger.legs.map((leg) => (
          <li key={leg.leg} className="sec-leg" data-testid={`sec-bag-leg-${leg.leg}`}>
            <LegTitle leg={leg} lang={lang} />
            <p className="sec-have">
              {leg.extraBaggageKg > 0
                ? t('secondary.have_baggage', { kg: leg.extraBaggageKg })
                : t('secondary.no_baggage')}
            </p>
            {leg.bar ? (
              <BarNote bar={leg.bar} orderNo={orderNo} testId={`sec-leg-bar-13-${leg.leg}`} />
            ) : leg.offers.baggage.length === 0 ? (
              <p className="muted small">{t('secondary.not_sold')}</p>
            ) : (
              <fieldset className="sec-steps" disabled={blocked}>
                <legend className="visually-hidden">
                  {t('secondary.baggage_for', { flight: leg.flightNo })}
                </legend>
                {[{ weightKg: 0, price: null }, ...leg.offers.baggage].map((o) => (
                  <label
                    key={o.weightKg}
                    className={`sec-step${(steps[leg.leg] ?? 0) === o.weightKg ? ' sec-step-on' : ''}`}
                  >
                    <input
                      type="radio"
                      name={`bag-${leg.leg}`}
                      value={o.weightKg}
                      checked={(steps[leg.leg] ?? 0) === o.weightKg}
                      data-testid={`sec-bag-${leg.leg}-${o.weightKg}`}
                      onChange={() => {
                        setMixed(false);
                        setSteps((s) => ({ ...s, [leg.leg]: o.weightKg }));
                      }}
                    />
                    <span>{o.weightKg === 0 ? t('secondary.none') : `+${o.weightKg} kg`}</span>
                    {o.price ? <span className="price small">{money(o.price)}</span> : null}
                  </label>
                ))}
              </fieldset>
            )}
          </li>
        ))}
      </ul>
      {mixed ? (
        <p className="field-error" role="alert" data-testid="sec-bag-mixed">
          {t('secondary.baggage_same_step')}
        </p>
      ) : null}
      {purchase.problem ? (
        <ProblemNote problem={purchase.problem} orderNo={orderNo} testId="sec-problem-13" />
      ) : null}
      {passenger.legs.some((l) => !l.bar && l.offers.baggage.length > 0) ? (
        <Button
          block
          color="primary"
          disabled={blocked || chosen.length === 0}
          loading={purchase.busy}
          data-testid="sec-buy-baggage"
          onClick={buy}
        >
          {t('secondary.buy_baggage')}
        </Button>
      ) : null}
    </ServiceCard>
  );
}

function PriorityCard({ passenger, orderNo, lang, serviceBar }: CardProps) {
  const { t } = useTranslation();
  const purchase = usePurchase();
  const [legs, setLegs] = useState<number[]>([]);
  const blocked = serviceBar(11) !== null;
  const buyable = passenger.legs.filter((l) => !l.bar && !l.priority && l.offers.priority !== null);
  return (
    <ServiceCard code={11} title={t('secondary.service_priority')} serviceBar={serviceBar} orderNo={orderNo}>
      <ul className="sec-legs">
        {passenger.legs.map((leg) => (
          <li key={leg.leg} className="sec-leg" data-testid={`sec-prio-leg-${leg.leg}`}>
            <LegTitle leg={leg} lang={lang} />
            {leg.priority ? (
              <p className="sec-have">{t('secondary.have_priority')}</p>
            ) : leg.bar ? (
              <BarNote bar={leg.bar} orderNo={orderNo} testId={`sec-leg-bar-11-${leg.leg}`} />
            ) : leg.offers.priority === null ? (
              <p className="muted small">{t('secondary.not_sold')}</p>
            ) : (
              <label className="agree-row sec-check">
                <input
                  type="checkbox"
                  disabled={blocked}
                  checked={legs.includes(leg.leg)}
                  data-testid={`sec-prio-${leg.leg}`}
                  onChange={(e) =>
                    setLegs((l) => (e.target.checked ? [...l, leg.leg] : l.filter((x) => x !== leg.leg)))
                  }
                />
                <span>
                  {t('secondary.add_priority')}{' '}
                  <span className="price small">{money(leg.offers.priority)}</span>
                </span>
              </label>
            )}
          </li>
        ))}
      </ul>
      {purchase.problem ? (
        <ProblemNote problem={purchase.problem} orderNo={orderNo} testId="sec-problem-11" />
      ) : null}
      {buyable.length > 0 ? (
        <Button
          block
          color="primary"
          disabled={blocked || legs.length === 0}
          loading={purchase.busy}
          data-testid="sec-buy-priority"
          onClick={() =>
            void purchase.buy({
              orderNo,
              seq: passenger.seq,
              serviceCode: 11,
              legs: [...legs].sort((a, b) => a - b),
            })
          }
        >
          {t('secondary.buy_priority')}
        </Button>
      ) : null}
    </ServiceCard>
  );
}

function InsuranceCard({
  passenger,
  orderNo,
  lang,
  serviceBar,
  currency,
  nationality,
}: CardProps & { currency: 'USD' | 'CNY'; nationality: string }) {
  const { t } = useTranslation();
  const purchase = usePurchase();
  const { insurance } = passenger;
  const [plan, setPlan] = useState<string | null>(null);
  const blocked = serviceBar(10) !== null;
  const open =
    !insurance.owned && !insurance.bar && insurance.coverFrom !== null && insurance.coverTo !== null;
  const plans = useInsurancePlans(
    open ? { startDate: insurance.coverFrom ?? '', endDate: insurance.coverTo ?? '', currency } : null,
  );
  const price = useAddonInsurancePrice(orderNo, passenger.seq, plan);
  const grade = plans.data?.grades.find((g) => g.insuranceType === plan);

  let body: ReactNode;
  if (insurance.owned) {
    body = (
      <p className="sec-have" data-testid="sec-insured">
        {t('secondary.have_insurance', {
          plan: insurance.owned.insuranceType,
          policy: insurance.owned.policyNo ?? '-',
        })}
      </p>
    );
  } else if (insurance.bar) {
    body = <BarNote bar={insurance.bar} orderNo={orderNo} testId="sec-leg-bar-10" />;
  } else if (plans.isPending) {
    body = <SpinLoading color="primary" />;
  } else if (plans.isError || !plans.data?.available || plans.data.grades.length === 0) {
    body = <p className="muted small">{t('insurance.abnormal')}</p>;
  } else {
    body = (
      <>
        <p className="muted small">
          {t('secondary.insurance_cover', {
            from: formatDate(insurance.coverFrom ?? '', lang),
            to: formatDate(insurance.coverTo ?? '', lang),
          })}
        </p>
        <fieldset className="sec-plans" disabled={blocked}>
          <legend className="visually-hidden">{t('secondary.choose_plan')}</legend>
          {plans.data.grades.map((g) => (
            <label
              key={g.insuranceType}
              className={`sec-step${plan === g.insuranceType ? ' sec-step-on' : ''}`}
            >
              <input
                type="radio"
                name="plan"
                value={g.insuranceType}
                checked={plan === g.insuranceType}
                data-testid={`sec-plan-${g.insuranceType}`}
                onChange={() => setPlan(g.insuranceType)}
              />
              <span>{g.name[lang]}</span>
              {g.price ? <span className="price small">{money(g.price)}</span> : null}
            </label>
          ))}
        </fieldset>
        {plan && price.data ? (
          <p className="sec-price" data-testid="sec-insurance-price">
            {t('secondary.insurance_price', { amount: money(price.data.totalPrice) })}
          </p>
        ) : null}
        {plan && price.isError ? (
          <p className="field-error" role="alert">
            {price.error instanceof Error ? price.error.message : t('insurance.abnormal')}
          </p>
        ) : null}
        {plan && grade ? (
          <InsuredForm
            nationality={nationality}
            busy={purchase.busy}
            submitLabel={
              price.data
                ? t('secondary.buy_insurance_for', { amount: money(price.data.totalPrice) })
                : t('secondary.buy_insurance')
            }
            onSubmit={(info, form) =>
              void purchase
                .buy({
                  orderNo,
                  seq: passenger.seq,
                  serviceCode: 10,
                  legs: [],
                  insurance: toEntry(info, {
                    insuranceType: grade.insuranceType,
                    insuranceLimit: grade.insuranceLimit,
                  }),
                })
                .then((refused) => {
                  // A field the server refused (e.g. the beneficiary's name) is marked on the form.
                  if (refused) form.applyServerError(refused.error);
                })
            }
          />
        ) : null}
      </>
    );
  }
  return (
    <ServiceCard code={10} title={t('secondary.service_insurance')} serviceBar={serviceBar} orderNo={orderNo}>
      {body}
      {purchase.problem ? (
        <ProblemNote problem={purchase.problem} orderNo={orderNo} testId="sec-problem-10" />
      ) : null}
    </ServiceCard>
  );
}

function ServicesBody({ order, seq, lang }: { order: OrderDetail; seq: number; lang: LanguageTag }) {
  const { t, i18n } = useTranslation();
  const info = useAddonInfo(order.orderNo, i18n.language);
  if (info.isPending) {
    return (
      <div className="order-loading" role="status" data-testid="sec-loading">
        <SpinLoading color="primary" />
      </div>
    );
  }
  if (info.isError) {
    return (
      <StateView
        tone="error"
        testId="sec-load-failed"
        title={t('secondary.load_failed')}
        action={
          <Button color="primary" fill="outline" onClick={() => void info.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const passenger = info.data.passengers.find((p) => p.seq === seq);
  if (!passenger) {
    return <StateView tone="error" testId="sec-no-passenger" title={t('secondary.no_passenger')} />;
  }
  const serviceBar = (code: AddonServiceCode) =>
    passenger.serviceBars.find((b) => b.serviceCode === code)?.bar ?? null;
  const props: CardProps = { passenger, orderNo: order.orderNo, lang, serviceBar };
  const nationality = order.passengers.find((p) => p.seq === seq)?.nationality ?? '';
  return (
    <div className="page-body">
      <section className="card" data-testid="sec-passenger">
        <h2 className="card-title">{passenger.name}</h2>
        {passenger.ticketNo ? (
          <div className="info-row">
            <span className="info-row-label">{t('order.ticket_no')}</span>
            <strong>{passenger.ticketNo}</strong>
          </div>
        ) : null}
        <p className="muted small">{t('secondary.intro')}</p>
        {passenger.bar ? (
          <BarNote bar={passenger.bar} orderNo={order.orderNo} testId="sec-passenger-bar" />
        ) : null}
        {passenger.addonOrders.length > 0 ? (
          <>
            <h3 className="order-subtitle">{t('secondary.my_addons')}</h3>
            <AddonOrderList orders={passenger.addonOrders} orderNo={order.orderNo} testId="sec-orders" />
          </>
        ) : null}
      </section>
      {passenger.bar ? null : (
        <>
          <SeatCard {...props} />
          <BaggageCard {...props} />
          <PriorityCard {...props} />
          <InsuranceCard {...props} currency={info.data.currency} nationality={nationality} />
        </>
      )}
    </div>
  );
}

/**
 * secondary-services (`?orderNo=&seq=`; issue 14, spec §4 service purchase): for one ticketed
 * passenger, per leg what they have (seat, extra kilograms, priority boarding) and what they can
 * buy now with its price, or why not (within 24 hours of departure, a payment given up less
 * than 15 minutes ago, an add-on order waiting for payment); and travel insurance for the rest
 * of the trip. Buying makes an add-on order of its own, paid on pay-select.
 */
export default function SecondaryServicesPage() {
  const { t, i18n } = useTranslation();
  const lang: LanguageTag = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const seq = Number(params.get('seq') ?? '0');
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const view = useOrderView(orderNo, loggedIn);
  return (
    <div className="order-page" data-testid="secondary-services">
      <NavBar title={t('secondary.title')} back={orderHref(paths.ticketDetail, orderNo)} />
      <OrderGate view={view} orderNo={orderNo}>
        {(order) => <ServicesBody order={order} seq={Number.isInteger(seq) ? seq : -1} lang={lang} />}
      </OrderGate>
    </div>
  );
}
