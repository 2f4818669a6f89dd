import { isApiError } from '@wings/api-client';
import type { OrderLookupRequest } from '@wings/contracts';
import type { RuleIssue } from '@wings/rules';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { TOAST_DURATION_MS } from '../../../app/setup-api-client';
import { NavBar } from '../../../components/nav-bar';
import {
  FormCard,
  FormField,
  SubmitButton,
  TextInput,
} from '../../../features/account/components/form-field';
import { useRuleForm } from '../../../features/account/components/use-rule-form';
import { useQueryOrder } from '../../../features/orders/api/query-order';
import { docNumberIssues } from '../../../features/orders/document-number';
import '../../../features/account/components/account.css';
import '../../../features/orders/orders.css';

type Mode = 'order' | 'pnr';

interface ByOrder extends Record<string, unknown> {
  orderNo: string;
  docNumber: string;
}
interface ByPnr extends Record<string, unknown> {
  pnr: string;
  surname: string;
}

const ORDER_NO = /^[A-Za-z0-9]{6,32}$/;
const PNR = /^[A-Za-z0-9]{6}$/;
const SURNAME = /^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/;

/** The look-up's rules (after-sales §5): order number + document number, or PNR + surname. */
export function orderLookupIssues(values: ByOrder): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const orderNo = values.orderNo.trim();
  if (!orderNo) issues.push({ field: 'orderNo', key: 'search.order_no_required' });
  else if (!ORDER_NO.test(orderNo)) issues.push({ field: 'orderNo', key: 'search.order_no_format' });
  issues.push(...docNumberIssues(values.docNumber));
  return issues;
}

export function pnrLookupIssues(values: ByPnr): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const pnr = values.pnr.trim();
  const surname = values.surname.trim();
  if (!pnr) issues.push({ field: 'pnr', key: 'search.pnr_required' });
  else if (!PNR.test(pnr)) issues.push({ field: 'pnr', key: 'search.pnr_format' });
  if (!surname) issues.push({ field: 'surname', key: 'search.surname_required' });
  else if (surname.length > 40 || !SURNAME.test(surname))
    issues.push({ field: 'surname', key: 'search.surname_format' });
  return issues;
}

/**
 * search-ticket (after-sales §2, §5): find an order by order number + a passenger's document
 * number, or by PNR + a passenger's surname. The answer's grant opens the order's detail.
 */
export default function SearchTicketPage() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const [mode, setMode] = useState<Mode>('order');
  const [notFound, setNotFound] = useState(false);
  const byOrder = useRuleForm<ByOrder>({ orderNo: '', docNumber: '' }, orderLookupIssues);
  const byPnr = useRuleForm<ByPnr>({ pnr: '', surname: '' }, pnrLookupIssues);
  const lookup = useQueryOrder();

  async function submit() {
    setNotFound(false);
    let body: OrderLookupRequest;
    if (mode === 'order') {
      if (!byOrder.validate()) return;
      body = {
        orderNo: byOrder.values.orderNo.trim().toUpperCase(),
        docNumber: byOrder.values.docNumber.trim().toUpperCase(),
      };
    } else {
      if (!byPnr.validate()) return;
      body = { pnr: byPnr.values.pnr.trim().toUpperCase(), surname: byPnr.values.surname.trim() };
    }
    try {
      const found = await lookup.mutateAsync(body);
      nav.push(paths.searchTicketResult, { state: { order: found } });
    } catch (error) {
      if (isApiError(error) && error.code === 'CAS912') {
        setNotFound(true);
        Toast.show({ content: t('order_not_found'), duration: TOAST_DURATION_MS });
        return;
      }
      (mode === 'order' ? byOrder : byPnr).applyServerError(error);
    }
  }

  const modeButton = (m: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === m}
      className={`search-mode${mode === m ? ' search-mode-active' : ''}`}
      data-testid={`search-mode-${m}`}
      onClick={() => {
        setMode(m);
        setNotFound(false);
      }}
    >
      {label}
    </button>
  );

  return (
    <div className="account-page order-page" data-testid="search-ticket">
      <NavBar title={t('search.title')} back={paths.tickets} />
      <div className="page-body">
        <p className="account-intro">{t('search.intro')}</p>
        <div className="search-modes" role="tablist">
          {modeButton('order', t('search.by_order'))}
          {modeButton('pnr', t('search.by_pnr'))}
        </div>
        <FormCard onSubmit={submit}>
          {mode === 'order' ? (
            <>
              <FormField
                label={t('booking.order_no')}
                field="orderNo"
                error={byOrder.error('orderNo')}
                hint={t('search.order_no_hint')}
              >
                <TextInput
                  field="orderNo"
                  testId="search-order-no"
                  value={byOrder.values.orderNo}
                  autoCapitalize="characters"
                  autoComplete="off"
                  maxLength={32}
                  invalid={!!byOrder.error('orderNo')}
                  onChange={(v) => byOrder.set('orderNo', v)}
                  onBlur={() => byOrder.blur('orderNo')}
                />
              </FormField>
              <FormField
                label={t('search.doc_number')}
                field="docNumber"
                error={byOrder.error('docNumber')}
                hint={t('search.doc_hint')}
              >
                <TextInput
                  field="docNumber"
                  testId="search-doc-no"
                  value={byOrder.values.docNumber}
                  autoCapitalize="characters"
                  autoComplete="off"
                  maxLength={30}
                  invalid={!!byOrder.error('docNumber')}
                  onChange={(v) => byOrder.set('docNumber', v)}
                  onBlur={() => byOrder.blur('docNumber')}
                />
              </FormField>
            </>
          ) : (
            <>
              <FormField
                label={t('order.pnr')}
                field="pnr"
                error={byPnr.error('pnr')}
                hint={t('search.pnr_hint')}
              >
                <TextInput
                  field="pnr"
                  testId="search-pnr"
                  value={byPnr.values.pnr}
                  autoCapitalize="characters"
                  autoComplete="off"
                  maxLength={6}
                  invalid={!!byPnr.error('pnr')}
                  onChange={(v) => byPnr.set('pnr', v)}
                  onBlur={() => byPnr.blur('pnr')}
                />
              </FormField>
              <FormField
                label={t('search.surname')}
                field="surname"
                error={byPnr.error('surname')}
                hint={t('person.name_hint')}
              >
                <TextInput
                  field="surname"
                  testId="search-surname"
                  value={byPnr.values.surname}
                  autoComplete="off"
                  maxLength={40}
                  invalid={!!byPnr.error('surname')}
                  onChange={(v) => byPnr.set('surname', v)}
                  onBlur={() => byPnr.blur('surname')}
                />
              </FormField>
            </>
          )}
          {notFound ? (
            <p
              className="booking-alert booking-alert-error search-not-found"
              role="alert"
              data-testid="search-not-found"
            >
              {t('order_not_found')}
              <span className="muted small search-not-found-hint">{t('search.not_found_hint')}</span>
            </p>
          ) : null}
          <SubmitButton loading={lookup.isPending} testId="search-submit">
            {t('search.submit')}
          </SubmitButton>
        </FormCard>
      </div>
    </div>
  );
}
