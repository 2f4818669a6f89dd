import '@wings/browser-kit/khmer-font.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/console-app';
import { initI18n } from './app/i18n';

initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
