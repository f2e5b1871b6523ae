// @ts-check
// Shared set-up for browser tests: a static server for www/ on a free loopback
// port, and Debian's Chromium (Playwright's own browser download is not
// reachable here) launched headless through playwright-core.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

export function startSite() {
  return startServer({ root: fileURLToPath(new URL('../../www', import.meta.url)), port: 0 });
}

/**
 * Headless Chromium with a fresh profile (deleted on close). Playwright refuses
 * a --user-data-dir argument, so the persistent-context API passes it for us.
 * The network flags stop Chromium calling home, which this machine's closed
 * network refuses noisily.
 * @returns {Promise<import('playwright-core').BrowserContext>}
 */
export async function launchBrowser() {
  const profile = await mkdtemp(join(tmpdir(), 'sprouts-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  context.on('close', () => { rm(profile, { recursive: true, force: true }).catch(() => {}); });
  return context;
}
