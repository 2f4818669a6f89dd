import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureClientHooks } from '@wings/api-client';
import type { LanguageTag } from '@wings/contracts';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import kmKH from 'antd/locale/km_KH';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useNavigate } from 'react-router';
import { currentLanguage, i18n, isLanguageTag } from './i18n';
import { ConsoleRoutes } from './routes';
import { ME_KEY, signInPath } from './session';

const ANTD_LOCALE: Record<LanguageTag, Locale> = { zh: zhCN, en: enUS, km: kmKH };

/** Where the shell shows a failed change: set by `MessageBridge` once antd's App is mounted. */
let showError: (text: string) => void = () => {};

/** The console's query client: a failed change shows its message unless the page handles it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 600 or 403 does not get better by asking again.
        retry: (count, error) => count < 1 && !(error as { code?: string }).code?.match(/^(600|403)$/),
        refetchOnWindowFocus: false,
      },
    },
    mutationCache: new MutationCache({
      onError: (error, _vars, _context, mutation) => {
        if (mutation.options.onError) return;
        showError(error.message);
      },
    }),
  });
}

/** Wires the shared client's hooks to this console: language, texts, going back to sign-in. */
function ClientBridge({ client }: { client: QueryClient }) {
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  useEffect(() => {
    showError = (text) => void message.error(text);
    configureClientHooks({
      language: currentLanguage,
      translate: (key, params) => i18n.t(key, params ?? {}),
      toast: (text) => void message.error(text),
      onLoginExpired: () => {
        // The session ended (expired, signed out elsewhere, account disabled): back to sign-in,
        // keeping the page the member was on.
        const here = `${window.location.pathname.replace(/^\/console/, '') || '/'}${window.location.search}`;
        if (here.startsWith('/sign-in')) return;
        navigate(signInPath(here), { replace: true });
        // Forget the member once the signed-in pages have left the screen.
        setTimeout(() => client.removeQueries({ queryKey: ME_KEY }), 0);
      },
    });
  }, [client, message, navigate]);
  return null;
}

/**
 * The console's colours: the airline's navy, and text and danger colours dark enough for WCAG AA
 * contrast on white (antd's defaults, #ff4d4f, #1677ff, 45% and 25% black, fall short: axe-core, e2e).
 */
const CONSOLE_TOKENS = {
  colorPrimary: '#13285f',
  colorLink: '#13285f',
  colorInfo: '#13285f',
  // antd derives an info alert's background from colorInfo: from the navy it comes out a mid
  // grey. A pale blue of the same hue reads as a note.
  colorInfoBg: '#eef2fb',
  colorInfoBorder: '#c3cde6',
  colorError: '#c41d1f',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  borderRadius: 6,
  fontFamily:
    "'Wings Khmer', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
};

/**
 * Components whose own colours fall short: a switch that is off draws its white label ("Closed")
 * on 25% black, 1.8:1; on 62% black it reads 4.9:1, and darker when hovered.
 */
const CONSOLE_COMPONENTS = {
  Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.62)', colorTextTertiary: 'rgba(0, 0, 0, 0.7)' },
};

/** antd in the console's language, its theme, and antd's App (messages, modals in context). */
function ThemedApp({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = isLanguageTag(instance.language) ? instance.language : 'zh';
  return (
    <ConfigProvider
      locale={ANTD_LOCALE[language]}
      theme={{ token: CONSOLE_TOKENS, components: CONSOLE_COMPONENTS }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/** The whole console: providers, router at /console, the shell's routes. */
export function ConsoleApp({
  client: given,
  basename = '/console',
}: {
  client?: QueryClient;
  basename?: string;
}) {
  const [client] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemedApp>
        <BrowserRouter basename={basename}>
          <ClientBridge client={client} />
          <ConsoleRoutes />
        </BrowserRouter>
      </ThemedApp>
    </QueryClientProvider>
  );
}
