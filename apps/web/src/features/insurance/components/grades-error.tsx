import { isApiError } from '@wings/api-client';
import { ErrorCodes } from '@wings/contracts';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { StateView } from '../../../components/state-view';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useBookingStore } from '../../booking/booking-store';

/**
 * Why the plans could not be shown, in words the traveller can act on: a trip the insurer does not
 * cover (the server's message, e.g. "Insurance covers at most 90 days; this trip is 91 days."), an
 * expired offer, the insurer unavailable now, or a failed load.
 */
export function GradesError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  const clearOffer = useBookingStore((s) => s.clearOffer);
  const backToServices = (
    <Button
      color="primary"
      data-testid="insurance-back-services"
      onClick={() => nav.back(paths.addedServices)}
    >
      {t('insurance.page.back_to_services')}
    </Button>
  );
  if (isApiError(error) && error.code === ErrorCodes.invalidRequest.code) {
    const reason = error.fields[0]?.message || error.message;
    return (
      <StateView
        tone="info"
        testId="insurance-not-for-trip"
        title={t('insurance.page.not_for_trip')}
        description={reason}
        action={backToServices}
      />
    );
  }
  if (isApiError(error) && error.code === ErrorCodes.offerExpired.code) {
    return (
      <StateView
        tone="info"
        testId="insurance-offer-expired"
        title={t('offer_expired')}
        action={
          <Button
            color="primary"
            data-testid="insurance-back-flights"
            onClick={() => {
              clearOffer();
              nav.replace(paths.flightList);
            }}
          >
            {t('booking.back_to_results')}
          </Button>
        }
      />
    );
  }
  if (isApiError(error) && error.code === ErrorCodes.insuranceAbnormal.code) {
    return (
      <StateView
        tone="info"
        testId="insurance-abnormal"
        title={t('insurance.abnormal')}
        action={
          <>
            <Button color="primary" fill="outline" onClick={retry}>
              {t('common.retry')}
            </Button>{' '}
            {backToServices}
          </>
        }
      />
    );
  }
  return (
    <StateView
      tone="error"
      testId="insurance-load-failed"
      title={t('insurance.page.load_failed')}
      action={
        <Button color="primary" fill="outline" onClick={retry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
