import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeFindings } from './axe';
import { artifactsDir, screenshot, watchCsp } from './browser';
import { layoutFindings } from './layout';

export type Lang = 'km' | 'zh' | 'en';

/**
 * The smallest phone the app is made for: 320×640 (iPhone SE 1st generation, small Androids),
 * touch, a mobile user agent; motion reduced so a page is measured where it stops, not mid-slide.
 */
export async function smallPhoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 320, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    reducedMotion: 'reduce',
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  });
  return watchCsp(context);
}

/** Switches the app's language the way a returning traveller has it: stored, then a reload. */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
  await page.waitForFunction((l) => document.documentElement.lang.startsWith(l), lang);
}

/** Both phone widths of the page (390 then 320 px): screenshots and layout checks, then back to 390. */
export async function atBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await screenshot(page, `${name}-${width}`);
    expect(await layoutFindings(page), `${name} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/**
 * Measures the page as it is now (layout, fonts and axe-core), keeps a full-page screenshot as
 * e2e/artifacts/layout-<name>-<lang>-320.png and adds what it found, prefixed with where, to
 * `findings`.
 */
export async function inspectPage(page: Page, name: string, lang: Lang, findings: string[]): Promise<void> {
  await mkdir(artifactsDir, { recursive: true });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Nothing still loading: the page's own spinners and antd-mobile's.
  await page
    .locator('.page-loading, .adm-skeleton, .adm-spin-loading')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  const where = `${name} (${lang})`;
  for (const line of await layoutFindings(page)) findings.push(`${where}: ${line}`);
  for (const line of await axeFindings(page)) findings.push(`${where}: axe ${line}`);
  await page.screenshot({ path: path.join(artifactsDir, `layout-${name}-${lang}-320.png`), fullPage: true });
}

/** Measures the toast on screen once it has faded in (antd-mobile animates its opacity). */
export async function inspectToast(page: Page, name: string, lang: Lang, findings: string[]): Promise<void> {
  await page.locator('.adm-toast-main').waitFor();
  await page.waitForFunction(() => {
    const mask = document.querySelector('.adm-toast-mask');
    return mask !== null && getComputedStyle(mask).opacity === '1';
  });
  for (const line of await layoutFindings(page)) findings.push(`${name} (${lang}): ${line}`);
  await page.screenshot({ path: path.join(artifactsDir, `layout-${name}-${lang}-320.png`) });
  // Gone before the next page is measured, so it is not taken for part of that page.
  await page.locator('.adm-toast-mask').waitFor({ state: 'hidden', timeout: 10_000 });
}

/**
 * Passes when nothing was found; otherwise keeps the whole list in
 * e2e/artifacts/layout-findings-<part>.txt and fails with it.
 */
export async function expectNoFindings(part: string, findings: string[]): Promise<void> {
  const file = path.join(artifactsDir, `layout-findings-${part}.txt`);
  await writeFile(file, findings.length ? `${findings.join('\n')}\n` : '');
  expect(findings, `${findings.length} layout or accessibility findings, listed in ${file}`).toEqual([]);
}

/**
 * The checks checked: with `css` added to the page (the rule a fixed mistake had), the check
 * reports a finding matching `finding`; the page is as it was afterwards. The CSS goes in as a
 * constructed style sheet, which the app's Content-Security-Policy allows (no inline <style>).
 */
export async function expectCaught(
  page: Page,
  css: string,
  finding: RegExp,
  check: 'layout' | 'axe' = 'layout',
): Promise<void> {
  await page.evaluate((rules) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(rules);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, css);
  try {
    const lines = check === 'axe' ? await axeFindings(page) : await layoutFindings(page);
    if (!lines.some((line) => finding.test(line))) {
      await page.screenshot({ path: path.join(artifactsDir, 'layout-not-caught.png'), fullPage: true });
    }
    expect(
      lines.some((line) => finding.test(line)),
      `with ${css} the ${check} check should report ${finding}; it reported:\n${lines.join('\n')}`,
    ).toBe(true);
  } finally {
    await page.evaluate(() => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1);
    });
  }
}
