import { checkPassengerCounts, type RuleIssue } from '@wings/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Counts = [number, number, number];
const TYPES = [
  { key: 'adult', min: 1 },
  { key: 'child', min: 0 },
  { key: 'infant', min: 0 },
] as const;

interface PassengerCountersProps {
  value: Counts;
  onChange: (next: Counts) => void;
  /** Issues from the last search attempt (field "passengers"). */
  submitIssues: RuleIssue[];
}

/**
 * Adults, children and infants with +/- buttons. A change that would break a rule (9 seated,
 * infants no more than adults, one adult) is refused and the rule's message shown inline.
 */
export function PassengerCounters({ value, onChange, submitIssues }: PassengerCountersProps) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<RuleIssue[]>([]);
  const current = checkPassengerCounts(value);

  function change(index: number, delta: number) {
    const next = [...value] as Counts;
    next[index] = (next[index] ?? 0) + delta;
    if ((next[index] ?? 0) < 0) return;
    const issues = checkPassengerCounts(next);
    const known = new Set(current.map((i) => i.key));
    const fresh = issues.filter((i) => !known.has(i.key));
    if (fresh.length > 0) {
      setRefused(fresh);
      return;
    }
    setRefused([]);
    onChange(next);
  }

  const shown = dedupe([...refused, ...current, ...submitIssues]);

  return (
    <div className="pax">
      {TYPES.map((type, index) => {
        const count = value[index] ?? 0;
        const label = t(`pax.${type.key}`);
        return (
          <div className="pax-row" key={type.key}>
            <div className="pax-label">
              <span>{label}</span>
              <span className="muted small">{t(`pax.${type.key}_hint`)}</span>
            </div>
            <div className="counter">
              <button
                type="button"
                className="counter-btn"
                aria-label={t('book.remove', { type: t(`pax.${type.key}_one`) })}
                data-testid={`pax-${type.key}-minus`}
                disabled={count <= type.min}
                onClick={() => change(index, -1)}
              >
                −
              </button>
              <output className="counter-value" data-testid={`pax-${type.key}-count`} aria-live="polite">
                {count}
              </output>
              <button
                type="button"
                className="counter-btn"
                aria-label={t('book.add', { type: t(`pax.${type.key}_one`) })}
                data-testid={`pax-${type.key}-plus`}
                onClick={() => change(index, 1)}
              >
                +
              </button>
            </div>
          </div>
        );
      })}
      {shown.length > 0 ? (
        <div data-testid="field-error-passengers">
          {shown.map((issue) => (
            <p className="field-error" role="alert" key={issue.key}>
              {t(issue.key, issue.params ?? {})}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function dedupe(issues: RuleIssue[]): RuleIssue[] {
  const byKey = new Map<string, RuleIssue>();
  for (const issue of issues) if (!byKey.has(issue.key)) byKey.set(issue.key, issue);
  return [...byKey.values()];
}
