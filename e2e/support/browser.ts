import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { repoRoot } from './server';

export const artifactsDir = path.join(repoRoot, 'e2e/artifacts');

/** Debian's Chromium, headless, with the flags this machine needs (no downloaded browser). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Content-Security-Policy violations Chromium reported on any page of any phone this run opened
 * (the app, the sandbox checkout, the sandbox sign-in): a journey ends by expecting none.
 */
export const cspViolations: string[] = [];

/** A phone: 390×844 (iPhone 12-14 class), touch, mobile user agent. */
export async function phoneContext(browser: Browser, locale = 'en-US'): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  });
  return watchCsp(context);
}

/** Records every Content-Security-Policy violation of the context's pages in `cspViolations`. */
export function watchCsp(context: BrowserContext): BrowserContext {
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) cspViolations.push(`${message.location().url}: ${text}`);
  });
  return context;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  // Page changes slide for 300 ms (spec §2); a picture mid-slide shows half of each page.
  await page.waitForTimeout(400);
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
