import type { ReactNode } from 'react';

/** A small coloured label for an order or ticket status. */
export function StatusBadge({
  tone,
  testId,
  children,
}: {
  tone: 'wait' | 'ok' | 'off' | 'bad';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <span className={`status-badge status-badge-${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
