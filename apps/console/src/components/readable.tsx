import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * Link buttons and placeholders dark enough for WCAG AA contrast on white (antd's #1677ff links
 * and 25% black placeholders fall short: axe-core, e2e/console-fares.journey.test.ts). Inherits
 * the console's theme and adds only these. The fares, taxes, promo codes and translations pages
 * are wrapped in it.
 */
export const READABLE_TOKENS = {
  colorLink: '#13285f',
  colorLinkHover: '#2a4a9b',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
};

export function Readable({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={{ token: READABLE_TOKENS }}>{children}</ConfigProvider>;
}
