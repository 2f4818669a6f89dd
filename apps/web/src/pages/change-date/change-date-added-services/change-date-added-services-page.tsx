import type { ChangeOrderView, ChangeServiceCarry } from '@wings/contracts';
import { Button, Checkbox, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { useChangeChoice, useChangeSession } from '../../../features/changes/change-session';
import { ChangeQuoteGate } from '../../../features/changes/components/change-quote-page';
import { INSURANCE_CODE, legKey, SERVICE_LABELS, SERVICE_ORDER } from '../../../features/changes/labels';
import { useChangeOrder } from '../../../features/changes/use-change-order';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';
import '../../../features/refunds/refunds.css';
import '../../../features/changes/changes.css';

/** The insurance agreement of a moved policy, paragraph by paragraph. */
const AGREEMENT_KEYS = [
  'changes.agreement.moves',
  'changes.agreement.period',
  'changes.agreement.cover',
  'changes.agreement.refund',
] as const;

function ServiceRow({ service }: { service: ChangeServiceCarry }) {
  const { t } = useTranslation();
  return (
    <li className="change-service" data-testid={`change-service-${service.code}-${service.passengerSeq}`}>
      <div className="change-service-head">
        <strong>{service.passengerName}</strong>
        {service.segmentSeq !== null ? (
          <span className="muted small">{t(legKey(service.segmentSeq))}</span>
        ) : null}
      </div>
      {service.code === '12' && service.before ? (
        <span className="small" data-testid={`change-old-seat-${service.passengerSeq}`}>
          {t('changes.old_seat', { seat: service.before })}
        </span>
      ) : null}
      <span className={`change-outcome change-outcome-${service.outcome} small`}>{service.note}</span>
    </li>
  );
}

function AddedServices({ view, orderNo }: { view: ChangeOrderView; orderNo: string }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const held = useChangeChoice(orderNo);
  const setInsuranceAccepted = useChangeSession((s) => s.setInsuranceAccepted);
  const [accepted, setAccepted] = useState(held?.insuranceAccepted ?? false);
  const [reading, setReading] = useState(false);
  const [tried, setTried] = useState(false);
  const costHref = orderHref(paths.changeDateCost, orderNo, { changeNo: view.changeNo });
  const empty = view.services.length === 0;
  const insured = view.services.filter((s) => s.code === INSURANCE_CODE);

  // Nothing carried over: straight on to the cost (this step is not kept in the history).
  useEffect(() => {
    if (empty) nav.replace(costHref);
  }, [empty, nav, costHref]);
  if (empty) return null;

  function onNext() {
    setTried(true);
    if (insured.length > 0 && !accepted) return;
    setInsuranceAccepted(accepted);
    nav.push(costHref);
  }

  const groups = SERVICE_ORDER.map((code) => ({
    code,
    items: view.services.filter((s) => s.code === code),
  })).filter((g) => g.items.length > 0);

  return (
    <div className="page-body" data-testid="change-services">
      <p className="muted small change-note">{t('changes.services_intro')}</p>
      {groups.map((g) => (
        <section key={g.code} className="card" data-testid={`change-services-${g.code}`}>
          <h2 className="card-title">{t(SERVICE_LABELS[g.code] ?? 'changes.service.other')}</h2>
          <ul className="change-service-list">
            {g.items.map((s) => (
              <ServiceRow key={`${s.passengerSeq}-${s.segmentSeq ?? 'all'}`} service={s} />
            ))}
          </ul>
        </section>
      ))}
      {insured.length > 0 ? (
        <section className="card" data-testid="change-insurance-agreement">
          <h2 className="card-title">{t('changes.insured_title')}</h2>
          <ul className="change-insured" data-testid="change-insured-list">
            {[...new Set(insured.map((s) => s.passengerName))].map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <button
            type="button"
            className="refund-link"
            data-testid="change-read-agreement"
            onClick={() => setReading(true)}
          >
            <span>{t('changes.read_agreement')}</span>
            <span aria-hidden="true">›</span>
          </button>
          <Checkbox checked={accepted} onChange={setAccepted} data-testid="change-insurance-accept">
            {t('changes.agree_insurance')}
          </Checkbox>
          {tried && !accepted ? (
            <p className="field-error" role="alert" data-testid="change-insurance-error">
              {t('change.insurance_terms')}
            </p>
          ) : null}
        </section>
      ) : null}
      <div className="refund-actions">
        <Button block color="primary" size="large" data-testid="change-services-next" onClick={onNext}>
          {t('changes.next')}
        </Button>
      </div>
      <Popup visible={reading} onMaskClick={() => setReading(false)} position="bottom" bodyClassName="sheet">
        <div className="sheet-header">
          <span className="sheet-title">{t('changes.agreement.title')}</span>
          <button
            type="button"
            className="sheet-close"
            onClick={() => setReading(false)}
            aria-label={t('common.close')}
          >
            ×
          </button>
        </div>
        <div className="sheet-body change-agreement" data-testid="change-agreement-text">
          {AGREEMENT_KEYS.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
          <Button
            block
            color="primary"
            data-testid="change-agreement-accept"
            onClick={() => {
              setAccepted(true);
              setReading(false);
            }}
          >
            {t('changes.agreement.accept')}
          </Button>
        </div>
      </Popup>
    </div>
  );
}

/**
 * change-date-added-services (after-sales §2): what happens to each add-on on the changed legs:
 * priority boarding and extra baggage kept, a seat released and one of the same kind chosen on
 * the new flight (the old one shown), insurance moved with the dates: the insured passengers and
 * the insurance agreement, to accept before going on. No add-ons: straight to the cost.
 */
export default function ChangeDateAddedServicesPage() {
  const { t, i18n } = useTranslation();
  const { orderNo, changeNo, canAsk } = useChangeOrder();
  return (
    <div className="order-page" data-testid="change-date-added-services">
      <NavBar title={t('changes.services_title')} back={orderHref(paths.changeDateFlight, orderNo)} />
      <ChangeQuoteGate canAsk={canAsk} orderNo={orderNo} changeNo={changeNo} language={i18n.language}>
        {(view) => <AddedServices view={view} orderNo={orderNo} />}
      </ChangeQuoteGate>
    </div>
  );
}
