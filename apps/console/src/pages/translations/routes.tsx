import { TranslationOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import type { ConsoleRoute } from '../../app/page-registry';

const TranslationsPage = lazy(() => import('./translations-page'));

/** The traveller app's server texts: admins and content editors edit them, auditors read them. */
export const routes: ConsoleRoute[] = [
  {
    path: 'translations',
    element: <TranslationsPage />,
    roles: ['admin', 'content_editor', 'auditor'],
    menu: { labelKey: 'menu', icon: <TranslationOutlined />, order: 60 },
  },
];
