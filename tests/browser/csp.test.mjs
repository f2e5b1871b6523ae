// @ts-check
// The site's security headers (scripts/serve.mjs): every response carries a
// strict content security policy, nosniff and no-referrer; the pages carry
// the same policy in a <meta> tag and have no inline script or style; and
// the page and the embed page do everything under it — play by stroke and
// by text, analyse in the worker (wasm under 'wasm-unsafe-eval'), save both
// pictures, open a share link — with 0 violations. Needs
// `scripts/build-wasm.sh` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useSite } from './harness.mjs';
import { arc, downloadBytes, mouseDraw, newGame, spotAt, typeMove } from './helpers.mjs';
import { CSP, SECURITY_HEADERS } from '../../scripts/serve.mjs';

const site = useSite();

/** @param {string[]} errors */
const violations = (errors) => errors.filter((e) => e.startsWith('CSP violation'));

test('every response carries the security headers, 404s too', async () => {
  assert.match(CSP, /default-src 'self'; script-src 'self' 'wasm-unsafe-eval'/);
  for (const path of ['', 'index.html', 'embed.html', 'app.js', 'worker.js', 'draw-worker.js', 'style.css', 'pkg/sprouts_bg.wasm', 'no-such-file', '..%2fCargo.toml']) {
    const res = await fetch(new URL(path, site.url));
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      assert.equal(res.headers.get(name), value, `${name} of /${path} (${res.status})`);
    }
    await res.arrayBuffer();
  }
});

test('the pages: the policy in a <meta> tag, no inline script, style or handler', async () => {
  for (const name of ['index.html', 'embed.html']) {
    const html = await readFile(new URL(`../../www/${name}`, import.meta.url), 'utf8');
    const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/);
    assert.equal(meta?.[1], CSP, `${name}: the <meta> policy is the server's`);
    assert.match(html, /<meta name="referrer" content="no-referrer">/, name);
    for (const tag of html.matchAll(/<script\b[^>]*>/g)) assert.match(tag[0], /\ssrc="/, `${name}: inline ${tag[0]}`);
    assert.doesNotMatch(html, /<style\b/, `${name}: a <style> element`);
    assert.doesNotMatch(html, /<[^>]+\sstyle="/, `${name}: a style attribute`);
    assert.doesNotMatch(html, /<[^>]+\son[a-z]+=/, `${name}: an event handler attribute`);
  }
});

test('a violation would be seen: inline style injected into the page is counted, once per policy (header and <meta>)', async () => {
  const { page, errors } = await site.open();
  await page.evaluate(() => {
    const s = document.createElement('style');
    s.textContent = 'body { color: red }';
    document.head.append(s);
  });
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(violations(errors).length, 2, errors.join('\n'));
  await page.close();
});

test('the page under its CSP: play, analyse, both pictures, a share link: 0 violations', async () => {
  const { page, errors } = await site.open();
  await newGame(page, { spots: 3 });
  await mouseDraw(page, arc(await spotAt(page, 1), await spotAt(page, 2), 40));
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  await typeMove(page, '2(5)3', 2);
  await page.click('#analyse');
  await page.waitForSelector('#analysis-result[data-state=done]', { timeout: 60000 });
  assert.match(await page.textContent('#analysis-result') ?? '', /win|los/i);
  for (const [button, type] of [['#export-png', 'png'], ['#export-svg', 'svg']]) {
    const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
    assert.match(file.suggestedFilename(), new RegExp(`\\.${type}$`));
    assert.ok((await downloadBytes(file)).length > 100, `${type}: a picture`);
  }
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  assert.deepEqual(violations(errors), []);
  assert.deepEqual(errors, []);
  await page.close();

  const shared = await site.open(url.slice(url.indexOf('#')));
  assert.equal(await shared.page.locator('#moves li').count(), 2);
  assert.deepEqual(violations(shared.errors), []);
  assert.deepEqual(shared.errors, []);
  await shared.page.close();
});

test('the embed page under its CSP: boards drawn, a stroke played, the demo script runs: 0 violations', async () => {
  const { page, errors } = await site.open('embed.html', { waitReady: false });
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('two'))?.status?.toMove === 1);
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('card'))?.record?.startsWith('2+ 1(3)2'));
  await mouseDraw(page, arc(await spotAt(page, 1, '#two'), await spotAt(page, 2, '#two'), 40));
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('two')).record === '2+ 1(3)2');
  assert.match(await page.textContent('#log') ?? '', /Last move: 1\(3\)2/);
  // The board's styles apply (a constructed sheet): the drawing area has its border.
  const border = await page.evaluate(() => {
    const area = document.getElementById('two')?.shadowRoot?.querySelector('.area');
    return area ? getComputedStyle(area).borderTopWidth : '';
  });
  assert.equal(border, '1px');
  assert.equal(await page.evaluate(() => getComputedStyle(/** @type {Element} */ (document.getElementById('card'))).height), '220px');
  assert.deepEqual(violations(errors), []);
  assert.deepEqual(errors, []);
  await page.close();
});
