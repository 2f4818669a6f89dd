import type { OrderInsurance } from '@wings/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { orderHref, paths } from '../../../app/paths';
import { NavBar } from '../../../components/nav-bar';
import { StateView } from '../../../components/state-view';
import { useSessionStore } from '../../../features/account/session-store';
import { OrderGate } from '../../../features/orders/components/order-gate';
import { useOrderView } from '../../../features/orders/use-order-view';
import '../../../features/orders/orders.css';
import '../../../features/insurance/insurance.css';

/** How long the insurer's page may take before the traveller is told it did not load. */
export const EXTERNAL_LOAD_TIMEOUT_MS = 15_000;

/** The insurer's page as an absolute http(s) address, or null for anything else (never a script URL). */
export function safeExternalUrl(url: string | null | undefined, base = window.location.href): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Whether a loaded frame shows the page asked for. A page of this site that the browser refused to
 * frame (or an error page in its place) cannot be read; the insurer's own site never can be, so
 * for it a load is taken as shown.
 */
function frameShowsPage(frame: HTMLIFrameElement, url: URL): boolean {
  if (url.origin !== window.location.origin) return true;
  try {
    const href = frame.contentWindow?.location.href;
    return Boolean(href) && href !== 'about:blank';
  } catch {
    return false;
  }
}

function InsurerFrame({ policy }: { policy: OrderInsurance }) {
  const { t } = useTranslation();
  const url = safeExternalUrl(policy.externalUrl);
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');

  useEffect(() => {
    if (!url || state !== 'loading') return;
    const timer = setTimeout(() => setState('failed'), EXTERNAL_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [url, state]);

  if (!url) {
    return <StateView tone="info" title={t('insurance.external.none')} testId="insurance-external-none" />;
  }
  const openLink = (testId: string) => (
    <a href={url.href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {t('insurance.external.open')}
    </a>
  );
  return (
    <div className="ins-external">
      <div className="ins-external-bar">
        <span className="muted small">
          {policy.policyNo ? t('insurance.external.policy', { no: policy.policyNo }) : null}
        </span>
        {openLink('insurance-external-open')}
      </div>
      {state === 'failed' ? (
        <StateView
          tone="error"
          testId="insurance-external-failed"
          title={t('insurance.external.failed')}
          description={t('insurance.external.failed_desc')}
          action={openLink('insurance-external-open-failed')}
        />
      ) : (
        <>
          {state === 'loading' ? (
            <p className="muted small order-note" role="status" data-testid="insurance-external-loading">
              {t('common.loading')}
            </p>
          ) : null}
          <iframe
            ref={frame}
            src={url.href}
            title={t('insurance.external.frame_title')}
            data-testid="insurance-external-frame"
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox allow-same-origin"
            onLoad={() => setState(frame.current && frameShowsPage(frame.current, url) ? 'shown' : 'failed')}
          />
        </>
      )}
    </div>
  );
}

/**
 * insurance-detail-external (after-sales §2; `?orderNo=&seq=`): the insurer's own page of a
 * policy (`externalUrl`) inside the app, with an "open in browser" link; when it does not load
 * (offline, refused to be framed, too slow) the page says so and offers the link.
 */
export default function InsuranceDetailExternalPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = (params.get('orderNo') ?? '').trim().toUpperCase();
  const seqText = params.get('seq') ?? '';
  const loggedIn = useSessionStore((s) => s.loggedIn);
  const view = useOrderView(orderNo, loggedIn);
  return (
    <div className="order-page" data-testid="insurance-detail-external-page">
      <NavBar
        title={t('insurance.external.title')}
        back={orderHref(paths.insuranceDetail, orderNo, { seq: seqText })}
      />
      <OrderGate view={view} orderNo={orderNo}>
        {(order) => {
          const policy = order.insurance?.find((p) => seqText !== '' && p.passengerSeq === Number(seqText));
          return policy ? (
            <InsurerFrame policy={policy} />
          ) : (
            <StateView tone="info" title={t('insurance.detail.none')} testId="insurance-none" />
          );
        }}
      </OrderGate>
    </div>
  );
}
