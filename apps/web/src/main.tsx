import './app/fonts.css';
import './app/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './app/i18n';
import { AppProviders, createQueryClient } from './app/providers';
import { enableAntdReact19 } from './app/react19-compat';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { setupApiClient } from './app/setup-api-client';
import { runStartup } from './app/startup';

enableAntdReact19();
initI18n();
setupApiClient();
runStartup();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
