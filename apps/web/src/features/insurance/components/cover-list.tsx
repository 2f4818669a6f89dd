import type { Money } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/format';

/** A plan's cover items, each with its limit (after-sales §5: insurance information). */
export function CoverList({
  coverage,
  testId,
}: {
  coverage: readonly { item: string; limit: Money }[];
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="ins-cover" data-testid={testId}>
      {coverage.map((c) => (
        <li key={c.item} data-testid={testId ? `${testId}-${c.item}` : undefined}>
          <span>{i18n.exists(`insurance.cover.${c.item}`) ? t(`insurance.cover.${c.item}`) : c.item}</span>{' '}
          <span>{t('insurance.page.up_to', { amount: money(c.limit) })}</span>
        </li>
      ))}
    </ul>
  );
}
