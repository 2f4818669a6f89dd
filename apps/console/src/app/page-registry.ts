import type { StaffRole } from '@wings/contracts';
import type { ReactNode } from 'react';

/**
 * The console's pages, collected from the areas' folders: each `pages/<area>/routes.tsx` exports
 * `routes: ConsoleRoute[]`, and each `pages/<area>/texts.ts` exports `texts: { zh, en, km }`, the
 * i18next namespace named after the area. Adding an area is adding its folder; no shell file
 * changes (apps/console/README.md).
 */
export interface ConsoleRoute {
  /** Below /console, without a leading slash: `orders`, `orders/:orderNo`. */
  path: string;
  /** The page (usually `lazy(() => import('./orders-page'))`, rendered inside the shell's Suspense). */
  element: ReactNode;
  /** The roles that may open it (and see its menu entry); `admin` is not implied. */
  roles: readonly StaffRole[];
  /** Its entry in the side menu, if it has one. */
  menu?: {
    /** A key of the area's namespace: `menu.orders` is `t('<area>:menu.orders')`. */
    labelKey: string;
    icon?: ReactNode;
    /** Sort order in the menu, lowest first (the shell's pages use 100 and above). */
    order?: number;
  };
}

/** An area's texts: one i18next namespace per area, in the three languages. */
export interface AreaTexts {
  zh: Record<string, unknown>;
  en: Record<string, unknown>;
  km: Record<string, unknown>;
}

/** A route with the area it came from. */
export interface RegisteredRoute extends ConsoleRoute {
  area: string;
}

/** `pages/<area>/...` → `<area>`. */
export function areaOf(file: string): string {
  const match = /pages\/([^/]+)\//.exec(file);
  if (!match?.[1]) throw new Error(`not a page area file: ${file}`);
  return match[1];
}

/** Every area's routes, with its area name, from the modules `import.meta.glob` found. */
export function collectRoutes(modules: Record<string, { routes?: ConsoleRoute[] }>): RegisteredRoute[] {
  const all: RegisteredRoute[] = [];
  for (const [file, mod] of Object.entries(modules)) {
    if (!Array.isArray(mod.routes)) throw new Error(`${file} must export \`routes: ConsoleRoute[]\``);
    for (const route of mod.routes) all.push({ ...route, area: areaOf(file) });
  }
  return all;
}

/** Every area's texts by namespace. */
export function collectTexts(modules: Record<string, { texts?: AreaTexts }>): Record<string, AreaTexts> {
  const all: Record<string, AreaTexts> = {};
  for (const [file, mod] of Object.entries(modules)) {
    if (!mod.texts) throw new Error(`${file} must export \`texts: { zh, en, km }\``);
    all[areaOf(file)] = mod.texts;
  }
  return all;
}

/** Whether a member holding `roles` may open a route meant for `allowed`. */
export function allows(roles: readonly StaffRole[], allowed: readonly StaffRole[]): boolean {
  return roles.some((role) => allowed.includes(role));
}

/** The side menu of a member: the entries of the routes their roles allow, in order. */
export function menuFor(routes: readonly RegisteredRoute[], roles: readonly StaffRole[]): RegisteredRoute[] {
  return routes
    .filter((route) => route.menu && allows(roles, route.roles))
    .sort((a, b) => (a.menu?.order ?? 50) - (b.menu?.order ?? 50));
}

// The areas, found at build time: a new folder with these two files is a new area.
const routeModules = import.meta.glob<{ routes?: ConsoleRoute[] }>('../pages/*/routes.tsx', { eager: true });
const textModules = import.meta.glob<{ texts?: AreaTexts }>('../pages/*/texts.ts', { eager: true });

/** Every page of the console. */
export const consoleRoutes: RegisteredRoute[] = collectRoutes(routeModules);
/** Every area's texts, by namespace. */
export const areaTexts: Record<string, AreaTexts> = collectTexts(textModules);
