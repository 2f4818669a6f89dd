import type { LanguageTag, RefundTimelineStep } from '@wings/contracts';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../../lib/format';
import { refundStepKey } from '../labels';

/**
 * A refund's timeline (after-sales §4: application, audit, ticket refund accepted, money
 * processing, money refunded; or rejected): each step done with its date, the next with the date
 * it is promised by, the rest still to come. Dates are the traveller's own clock (no airport's).
 */
export function RefundTimeline({
  steps,
  next,
  lang,
}: {
  steps: readonly RefundTimelineStep[];
  next: RefundTimelineStep | null;
  lang: LanguageTag;
}) {
  const { t } = useTranslation();
  return (
    <ol className="refund-timeline" data-testid="refund-timeline">
      {steps.map((s) => {
        const isNext = next !== null && s.at === null && s.step === next.step;
        const state = s.at ? 'done' : isNext ? 'next' : 'todo';
        return (
          <li
            key={s.step}
            className={`refund-step refund-step-${state}${s.step === 'rejected' ? ' refund-step-rejected' : ''}`}
            data-testid={`refund-step-${s.step}`}
            data-state={state}
          >
            <span className="refund-step-dot" aria-hidden="true" />
            <span className="refund-step-body">
              <strong>{t(refundStepKey(s.step))}</strong>
              <span className="muted small">
                {s.at
                  ? t('refunds.timeline.done_at', { date: formatInstant(s.at, lang) })
                  : s.expectedBy
                    ? t('refunds.timeline.expected_by', { date: formatInstant(s.expectedBy, lang) })
                    : t('refunds.timeline.to_come')}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The next step and when it is expected, in one line (result page, list rows). */
export function NextStep({
  next,
  lang,
  testId,
}: {
  next: RefundTimelineStep | null;
  lang: LanguageTag;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!next) return null;
  return (
    <p className="refund-next small" data-testid={testId}>
      {next.expectedBy
        ? t('refunds.next_expected', {
            step: t(refundStepKey(next.step)),
            date: formatInstant(next.expectedBy, lang),
          })
        : t('refunds.next_only', { step: t(refundStepKey(next.step)) })}
    </p>
  );
}
