// @ts-check
// The page loads the wasm engine in a real browser, shows its version, and
// logs no console errors. Needs `scripts/build-wasm.sh` first (scripts/test.sh does it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useSite } from './harness.mjs';

const site = useSite();

test('page shows the engine version without console errors', async () => {
  const cargo = await readFile(new URL('../../Cargo.toml', import.meta.url), 'utf8');
  const version = /^version\s*=\s*"([^"]+)"/m.exec(cargo)?.[1];
  assert.ok(version, 'version in Cargo.toml');

  const page = await site.browser.newPage();
  /** @type {string[]} */ const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));

  const res = await page.goto(site.url);
  assert.equal(res?.status(), 200);
  await page.waitForFunction(
    (v) => document.getElementById('engine-version')?.textContent === v,
    version,
    { timeout: 15000 },
  ).catch(() => {}); // the assertion below reports what was shown instead
  assert.equal(await page.textContent('#engine-version'), version);
  assert.deepEqual(errors, []);
  await page.close();
});
