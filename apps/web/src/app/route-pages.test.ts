import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { paths } from './paths';
import { routeMetaOf } from './route-meta';
import { pageSource, ROUTE_PAGES } from './route-pages';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('routes and pages', () => {
  test('every page file has a route, and every route a page file', () => {
    const files = readdirSync(path.join(src, 'pages'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('-page.tsx'))
      .map((file) => `pages/${file.split(path.sep).join('/')}`)
      .sort();
    expect(Object.values(ROUTE_PAGES).map(pageSource).sort()).toEqual(files);
  });

  test('the guard knows a login-only page whatever the case of its path or a trailing slash', () => {
    expect(routeMetaOf(paths.passengerList)).toEqual({ requiresLogin: true });
    expect(routeMetaOf(`${paths.passengerList.toUpperCase()}/`)).toEqual({ requiresLogin: true });
    expect(routeMetaOf(paths.home)).toEqual({});
  });
});
