import type { ReactNode } from 'react';

type Tone = 'empty' | 'error' | 'info';

const ICONS: Record<Tone, ReactNode> = {
  empty: (
    <path
      d="M4 17l6-1.5L16.5 4a1.6 1.6 0 012.3 0 1.6 1.6 0 010 2.3L8.5 13l-1.5 6M3 21h18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
  error: (
    <path
      d="M12 3l9.5 17h-19L12 3zm0 6v5m0 3v.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
  info: (
    <path
      d="M12 21a9 9 0 100-18 9 9 0 000 18zm0-11v6m0-9v.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
    />
  ),
};

/** A designed empty, error or info state: icon, title, explanation and an action. */
export function StateView({
  tone = 'info',
  title,
  description,
  action,
  testId,
}: {
  tone?: Tone;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`state-view state-view-${tone}`} data-testid={testId}>
      <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true" className="state-view-icon">
        {ICONS[tone]}
      </svg>
      <div className="state-view-title">{title}</div>
      {description ? <div className="state-view-desc">{description}</div> : null}
      {action ? <div className="state-view-action">{action}</div> : null}
    </div>
  );
}
