import '@wings/browser-kit/khmer-font.css';
import './app/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './app/i18n';
import { currentAppPath } from './app/navigation';
import { AppProviders, createQueryClient } from './app/providers';
import { enableAntdReact19 } from './app/react19-compat';
import { prefetchRouteData } from './app/route-data';
import { AppRouter } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { setupApiClient } from './app/setup-api-client';
import { runStartup } from './app/startup';

// The traveller's texts (preloaded by index.html) load while the access token, the server's
// translations and the first page's data are asked for: the first paint waits for none of them.
const texts = initI18n();
enableAntdReact19();
setupApiClient();
void runStartup();
registerServiceWorker();

const client = createQueryClient();
prefetchRouteData(client, currentAppPath());

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

function render(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <AppProviders client={client}>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}

// The first paint is in the traveller's language: render once its texts are in (a failed load
// still renders, and the page shows what it can).
void texts.finally(() => render(root));
