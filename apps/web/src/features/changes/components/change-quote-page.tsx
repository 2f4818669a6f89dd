import { isApiError } from '@wings/api-client';
import { type ChangeOrderView, ErrorCodes } from '@wings/contracts';
import type { ReactNode } from 'react';
import { useAppNavigate } from '../../../lib/navigation';
import { orderHref, paths } from '../../../lib/paths';
import { useChangeOrderDetail } from '../api/change-flow';
import { useChangeSession } from '../change-session';
import { ChangeExpired, ChangeGate, ChangeRestart } from './change-gate';

/**
 * The quote a change page after the flights is about (`?changeNo=`): read with
 * queryChangeOrderDetail; lapsed (728, or no longer quoted) it says so and sends the traveller
 * back to the flights, whose same picks then get a new quote.
 */
export function ChangeQuoteGate({
  canAsk,
  orderNo,
  changeNo,
  language,
  children,
}: {
  canAsk: boolean;
  orderNo: string;
  changeNo: string;
  language: string;
  children: (view: ChangeOrderView) => ReactNode;
}) {
  const nav = useAppNavigate();
  const renewKey = useChangeSession((s) => s.renewKey);
  const detail = useChangeOrderDetail(canAsk ? changeNo : '', orderNo, language);
  const again = () => {
    renewKey();
    nav.replace(orderHref(paths.changeDateFlight, orderNo));
  };
  if (canAsk && !changeNo) return <ChangeRestart orderNo={orderNo} />;
  if (isApiError(detail.error) && detail.error.code === ErrorCodes.changeQuoteExpired.code) {
    return <ChangeExpired message={detail.error.message} onAgain={again} />;
  }
  return (
    <ChangeGate canAsk={canAsk} orderNo={orderNo} read={detail}>
      {(view) => (view.status === 'expired' ? <ChangeExpired onAgain={again} /> : children(view))}
    </ChangeGate>
  );
}
