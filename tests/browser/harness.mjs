// @ts-check
// Shared set-up for browser tests: a static server for www/ on a free loopback
// port, and Debian's Chromium (Playwright's own browser download is not
// reachable here) launched headless through playwright-core. A test file
// calls useSite() once at its top level for both.
import { after, before } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { openPage } from './helpers.mjs';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

export function startSite() {
  return startServer({ root: fileURLToPath(new URL('../../www', import.meta.url)), port: 0 });
}

/** Each launched context's profile directory. @type {WeakMap<object, string>} */
const PROFILES = new WeakMap();
/** Each context's connection to a shared browser (closed with it). @type {WeakMap<object, import('playwright-core').Browser>} */
const SHARED = new WeakMap();

/** The flags of every Chromium the tests start. */
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * Headless Chromium with a fresh profile (closeBrowser deletes it), or a
 * fresh context in the shared one of $SPROUTS_BROWSER_WS. Playwright refuses
 * a --user-data-dir argument, so the persistent-context API passes it for us.
 * The network flags stop Chromium calling home, which this machine's closed
 * network refuses noisily.
 * @returns {Promise<import('playwright-core').BrowserContext>}
 */
export async function launchBrowser() {
  // scripts/test.sh starts one Chromium for all test files
  // (tests/browser/shared-browser.mjs): a fresh context in it (its own
  // storage, like a fresh profile) costs a tenth of a launch.
  const ws = process.env.SPROUTS_BROWSER_WS;
  if (ws) {
    const browser = await chromium.connect(ws);
    const context = await browser.newContext();
    SHARED.set(context, browser);
    return context;
  }
  const profile = await mkdtemp(join(tmpdir(), 'sprouts-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  // Deleted once closed: awaited by closeBrowser (a test run may exit
  // before a rm started from the 'close' event finishes).
  PROFILES.set(context, profile);
  return context;
}

/** Closes a context from launchBrowser and deletes its profile. @param {import('playwright-core').BrowserContext} context */
export async function closeBrowser(context) {
  await context.close();
  await SHARED.get(context)?.close();
  const profile = PROFILES.get(context);
  if (profile) await rm(profile, { recursive: true, force: true });
}

/**
 * Registers this test file's before/after hooks: the site and the browser
 * start before its first test and close after its last. The accessors are
 * for use inside tests (they throw before the site has started).
 */
export function useSite() {
  /** @type {Awaited<ReturnType<typeof startSite>> | undefined} */ let site;
  /** @type {import('playwright-core').BrowserContext | undefined} */ let browser;
  before(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  after(async () => {
    if (browser) await closeBrowser(browser);
    site?.server.close();
  });
  const started = () => {
    if (!site || !browser) throw new Error('useSite(): the site is not started (use it inside a test)');
    return { site, browser };
  };
  return {
    /** Base URL of www/, ending in a slash. */
    get url() { return started().site.url; },
    /** The headless Chromium context shared by the file's tests. */
    get browser() { return started().browser; },
    /**
     * A fresh page on `path` (relative to the base URL) through openPage:
     * empty storage, console errors collected, by default the app ready.
     * @param {string} [path] @param {Parameters<typeof openPage>[2]} [size]
     */
    open(path = '', size) {
      const { site: s, browser: b } = started();
      return openPage(b, new URL(path, s.url).href, size);
    },
  };
}
