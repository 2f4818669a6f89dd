import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';

/** Renders pages inside the app's providers with an in-memory router starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, client };
}

/** Renders the whole app (layout, guard, lazy pages) at `path`. */
export async function renderApp(path: string) {
  const { routes } = await import('../app/router');
  return renderRoutes(routes, path);
}
