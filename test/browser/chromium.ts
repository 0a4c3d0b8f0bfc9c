/**
 * A real Chromium for the page tests: Debian's `/usr/bin/chromium` driven by
 * playwright-core, headless, on a fresh profile. Where it is missing the
 * browser suites are skipped with a message saying so (CI installs it).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { BrowserContext, chromium, Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);

export const CHROMIUM_MISSING =
  `${CHROMIUM} is not installed: the browser tests are skipped. ` +
  'Install it with `apt-get install -y chromium` (CI does).';

/** Where screenshots go: `SCREENSHOTS=dir`, else a folder under the system's temp. */
export const SCREENSHOTS = process.env.SCREENSHOTS ?? join(tmpdir(), 'arbiter-screenshots');

/** `describe` when Chromium is here, `describe.skip` with a warning when not. */
export function describeWithChromium(name: string, fn: () => void): void {
  if (HAS_CHROMIUM) {
    describe(name, fn);
  } else {
    describe.skip(`${name} — SKIPPED: ${CHROMIUM_MISSING}`, fn);
    console.warn(CHROMIUM_MISSING);
  }
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Chromium, headless, with a new profile directory removed on close; `javaScript: false` for a
 * browser without scripts; `bypassCSP` lets a test put its own script into the pages (axe-core).
 */
export async function launchChromium(
  options: { javaScript?: boolean; bypassCSP?: boolean } = {},
): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'arbiter-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
    locale: 'sr-Latn-RS',
    javaScriptEnabled: options.javaScript ?? true,
    bypassCSP: options.bypassCSP ?? false,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** What went wrong on a page while it was used: console errors, failed or 4xx/5xx requests. */
export interface Trouble {
  problems: string[];
  /** Stops recording; 4xx answers the test expects (a form's error) are passed as allowed. */
  stop(): void;
}

/**
 * Records console errors, uncaught exceptions, failed requests and error
 * answers of a page. `expected(url, status)` marks answers the test provokes.
 */
export function watch(
  page: Page,
  expected: (url: string, status: number) => boolean = () => false,
): Trouble {
  const problems: string[] = [];
  const onConsole = (m: { type(): string; text(): string; location(): { url: string } }) => {
    if (m.type() !== 'error') return;
    // Chromium logs every error answer; those the test provokes are not trouble.
    const status = /status of (\d{3})/.exec(m.text());
    if (status && expected(m.location().url, Number(status[1]))) return;
    problems.push(`console: ${m.text()}`);
  };
  const onError = (e: Error) => problems.push(`page error: ${e.message}`);
  const onFailed = (r: {
    url(): string;
    failure(): { errorText: string } | null;
    resourceType(): string;
  }) => {
    // Leaving a live page ends its events stream: the browser calls that aborted.
    if (r.resourceType() === 'eventsource' && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
  };
  const onResponse = (r: { url(): string; status(): number }) => {
    if (r.status() >= 400 && !expected(r.url(), r.status()))
      problems.push(`answer ${r.status()}: ${r.url()}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onError);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  return {
    problems,
    stop() {
      page.off('console', onConsole);
      page.off('pageerror', onError);
      page.off('requestfailed', onFailed);
      page.off('response', onResponse);
    },
  };
}

/** Saves a full-page screenshot as `<name>.png`; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The page is no wider than its window (tables scroll inside their own box). */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  // A string, so that the test's TypeScript needs no DOM types.
  return page.evaluate<boolean>(
    'document.documentElement.scrollWidth > document.documentElement.clientWidth + 1',
  );
}

/**
 * Waits until an expression is true on the page, asking through the debugging
 * protocol (which the page's Content-Security-Policy allows), not by
 * `waitForFunction`'s polling, which compiles the expression inside the page
 * and is refused there (`script-src 'self'`).
 */
export async function waitUntil(page: Page, expression: string, timeoutMs = 15000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate<boolean>(`Boolean(${expression})`)) return;
    if (Date.now() > deadline)
      throw new Error(`still not true after ${timeoutMs} ms: ${expression}`);
    await page.waitForTimeout(50);
  }
}
