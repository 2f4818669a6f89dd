import type { BrowserContext, Page } from 'playwright-core';

/** One layout shift as the browser reported it: its score and what moved, from where to where. */
export interface Shift {
  value: number;
  sources: string[];
}

/** The Layout Instability API's entry (not in TypeScript's DOM library). */
interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

interface ShiftWindow {
  wingsShifts: Shift[];
  wingsShiftObserver: PerformanceObserver;
  wingsRecordShifts: (entries: PerformanceEntryList) => void;
}

/**
 * Records, in every page of `context` from its first paint, each layout shift not caused by the
 * traveller's own input: what Cumulative Layout Shift adds up. Call before opening the page.
 */
export async function watchLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as ShiftWindow;
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return node?.nodeName ?? '(gone)';
      const id = node.getAttribute('data-testid');
      const classes = Array.from(node.classList).slice(0, 2).join('.');
      return `${node.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${classes ? `.${classes}` : ''}`;
    };
    const box = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    w.wingsShifts = [];
    w.wingsRecordShifts = (entries) => {
      for (const entry of entries as LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        w.wingsShifts.push({
          value: entry.value,
          sources: entry.sources.map(
            (s) => `${describe(s.node)} ${box(s.previousRect)} -> ${box(s.currentRect)}`,
          ),
        });
      }
    };
    w.wingsShiftObserver = new PerformanceObserver((list) => w.wingsRecordShifts(list.getEntries()));
    w.wingsShiftObserver.observe({ type: 'layout-shift', buffered: true });
  });
}

/** Lets the page draw two more frames, so a change just made has been painted (and measured). */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The shifts of the page so far, with those of the last frames drawn. */
export async function layoutShifts(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  await nextFrames(page);
  const shifts = await page.evaluate(() => {
    const w = window as unknown as ShiftWindow;
    w.wingsRecordShifts(w.wingsShiftObserver.takeRecords());
    return w.wingsShifts;
  });
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

/**
 * Holds the replies of requests matching `url` until `release` is called: a test can let a page
 * draw its skeleton and then swap in the content, as on a slow network, without waiting on time.
 */
export async function holdReplies(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
