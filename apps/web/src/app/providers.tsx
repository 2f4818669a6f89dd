import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ANTD_LOCALES } from './antd-locale';
import { isLanguageTag } from './i18n';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = isLanguageTag(i18n.language) ? i18n.language : 'zh';
  return <ConfigProvider locale={ANTD_LOCALES[lang]}>{children}</ConfigProvider>;
}

/** Server state, the UI kit's locale; i18next is initialised before rendering (main.tsx). */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <LocaleProvider>{children}</LocaleProvider>
    </QueryClientProvider>
  );
}
