import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { StateView } from '../../../components/state-view';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';

/** A booking page opened without a priced offer (a new tab, or the booking was finished). */
export function NoOfferState() {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <StateView
      title={t('booking.no_offer')}
      description={t('booking.no_offer_desc')}
      testId="booking-no-offer"
      action={
        <Button color="primary" onClick={() => nav.replace(paths.book)} data-testid="booking-start-again">
          {t('results.new_search')}
        </Button>
      }
    />
  );
}

/** A booking page past passengers opened while a passenger's details are still missing. */
export function PassengersIncompleteState({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const nav = useAppNavigate();
  return (
    <StateView
      title={t('booking.review_incomplete')}
      testId={testId}
      action={
        <Button color="primary" onClick={() => nav.replace(paths.passengersInfo)}>
          {t('booking.edit_passengers')}
        </Button>
      }
    />
  );
}
