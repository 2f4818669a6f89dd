import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The member page's way to the member's miles and ledger (issue 18). */
export function MileageLink({ memberId }: { memberId: string }) {
  const { t } = useTranslation('mileage');
  return (
    <Link to={`/members/${memberId}/mileage`} data-testid="member-mileage-link">
      {t('common.link')}
    </Link>
  );
}
