import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../app/navigation';
import { paths } from '../../../app/paths';
import { StateView } from '../../../components/state-view';

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
