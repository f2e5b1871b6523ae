// @ts-check
// A position on the page: pasted (GLOP, spots dialect, Hoey list), laid out
// by the engine, played on; a bad one explained; shared by a link; in the
// embeddable board. Needs `scripts/build-wasm.sh` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { useSite } from './harness.mjs';
import { drawnOrRefused, movesShown, nodeEngine, routedPath, typeMove } from './helpers.mjs';
import { CARD_HOEY, openRecord, replayState } from './records.mjs';

const site = useSite();

/** One position in each notation (the card's after move 2, and a GLOP with two lands). */
const POSITIONS = ['0*2.AB.}AB.}]!', '0*18|1a1a', CARD_HOEY[1]];

/**
 * Pastes a position into the Open box; waits until the page shows it.
 * @param {import('playwright-core').Page} page @param {string} text
 */
async function openPosition(page, text) {
  if (!(await page.isVisible('#open-text'))) await page.click('#open-box summary');
  await page.fill('#open-text', text);
  await page.click('#open-submit');
  await page.waitForFunction(() => /laid out/.test(document.getElementById('status')?.textContent ?? ''));
}

/**
 * Asserts that the page's main thread is free: 20 animation frames come
 * less than 1 s apart (a blocked main thread would not even answer
 * page.evaluate until it is free).
 * @param {import('playwright-core').Page} page
 */
async function framesKeepComing(page) {
  const gaps = await page.evaluate(async () => {
    const out = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await new Promise((ok) => requestAnimationFrame(() => ok(undefined)));
      out.push(performance.now() - t0);
    }
    return out;
  });
  assert.ok(Math.max(...gaps) < 1000, `frames ${gaps.map((g) => g.toFixed(0)).join(' ')} ms apart`);
}

test('a pasted position is laid out so that it traces to that position, and a drawn move plays on it', async () => {
  const engine = await nodeEngine();
  const { page, errors } = await site.open();
  for (const text of POSITIONS) {
    await openPosition(page, text);
    await page.waitForFunction((want) => /** @type {HTMLInputElement} */ (document.getElementById('glop')).value === want, engine.canonical(text));
    assert.equal(await page.textContent('#open-error'), '');
    assert.equal(await page.isVisible('#replay-note'), false, 'a position is played on at once');
    assert.deepEqual(await movesShown(page), []);
  }
  // Play a move on the last one by drawing it along the engine's route
  // (the stroke checker straightens a stroke near its ends, which can make
  // a route that bends there cross a line: then another move is tried).
  const moves = await page.evaluate(() => {
    const g = /** @type {any} */ (globalThis).sprouts.game;
    const live = g.spotList().filter((/** @type {any} */ s) => s.lives > 0).map((/** @type {any} */ s) => s.n);
    /** @type {string[]} */ const all = [];
    // Only the first 8 are tried below.
    for (const a of live) for (const b of live) if (a <= b && all.length < 8) all.push(...g.movesBetween(a, b, 4));
    return all;
  });
  let drawn = false;
  for (const move of moves.slice(0, 8)) {
    drawn = await drawnOrRefused(page, await routedPath(page, move), 1);
    if (drawn) break;
  }
  assert.ok(drawn, `one of ${moves.length} moves was drawn`);
  assert.match(await page.textContent('#status') ?? '', /^Player 2 to move/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Open box reads a text as the engine and `sprouts draw` do: a record when it is one, else a position', async () => {
  const engine = await nodeEngine();
  const { page, errors } = await site.open();
  // A record: replayed, its moves listed.
  assert.equal(engine.readingOf('2+ 1(3)2 1(4)2'), 'record');
  await openRecord(page, '2+ 1(3)2 1(4)2');
  assert.deepEqual(await replayState(page), { shown: 2, later: 0 });
  assert.equal(await page.textContent('#open-error'), '');
  // A GLOP position, and `0+12`: starts like a record header but is none
  // (a game has at least one spot), so it is the two lands of the spots
  // dialect, as for `sprouts draw "0+12"`.
  for (const text of ['0*2.AB.}AB.}]!', '0+12']) {
    assert.equal(engine.readingOf(text), 'position', text);
    await openPosition(page, text);
    await page.waitForFunction((want) => /** @type {HTMLInputElement} */ (document.getElementById('glop')).value === want, engine.canonical(text));
    assert.equal(await page.textContent('#open-error'), '', text);
    assert.equal(await page.isVisible('#replay-note'), false, `${text} is played on at once`);
    assert.deepEqual(await movesShown(page), [], text);
  }
  // Neither: the error names both readings, and the game shown stays.
  const glop = await page.inputValue('#glop');
  await openRecord(page, '2+ 1(3)2 x', false);
  assert.match(await page.textContent('#open-error') ?? '', /neither a game record \(.*\) nor a position \(/);
  assert.equal(await page.inputValue('#glop'), glop);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a finished position opens as a game over that says who cannot move', async () => {
  const { page, errors } = await site.open();
  // The end of 1+ 1(2)1 1(3)2: no move is left.
  await openPosition(page, '1,2/1,2,3/1,3,2');
  const status = await page.textContent('#status') ?? '';
  assert.match(status, /^Game over: Player 2 wins\. Player 1 cannot move at the start, and in normal play the last move wins\. 1 spot survives\./);
  assert.doesNotMatch(status, /null|undefined/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a game from a position, shared by a link, opens at the same move in its convention', async () => {
  const { page, errors } = await site.open();
  if (!(await page.isVisible('#open-text'))) await page.click('#open-box summary');
  await page.check('#open-misere');
  await openPosition(page, POSITIONS[0]);
  for (let k = 1; k <= 3; k++) {
    const m = await page.evaluate(() => {
      const g = /** @type {any} */ (globalThis).sprouts.game;
      const live = g.spotList().filter((/** @type {any} */ s) => s.lives > 0).map((/** @type {any} */ s) => s.n);
      for (const a of live) for (const b of live) { const ms = g.movesBetween(a, b, 4); if (ms.length) return ms[0]; }
      return null;
    });
    if (!m) break;
    await typeMove(page, m, k);
  }
  const n = (await movesShown(page)).length;
  await page.click('#replay-back');
  const glop = await page.inputValue('#glop');
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  assert.match(url, /#p=.*&c=misere&r=.*&m=\d+$/);
  const other = await site.open(url.slice(url.indexOf('#')));
  assert.deepEqual(await replayState(other.page), { shown: n - 1, later: 1 });
  assert.equal(await other.page.inputValue('#glop'), glop);
  assert.equal(await other.page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.misere), true);
  assert.deepEqual(errors, []);
  assert.deepEqual(other.errors, []);
  await page.close();
  await other.page.close();
});

test('a position that takes long to lay out leaves the page usable, and pasting another drops it', async () => {
  // Found by fuzzing: its routing passes the mesh limit and it is refused
  // only after 20 s natively (tests/data/fuzz/glop/); it used to freeze the
  // page as long.
  const slow = (await readFile(new URL('../data/fuzz/glop/canon-hang-1b919c18.txt', import.meta.url), 'utf8')).trim();
  const { page, errors } = await site.open();
  const before = await page.inputValue('#glop');
  if (!(await page.isVisible('#open-text'))) await page.click('#open-box summary');
  await page.fill('#open-text', slow);
  await page.click('#open-submit');
  await page.waitForFunction(() => /Laying out the position/.test(document.getElementById('status')?.textContent ?? ''));
  // Frames keep coming while the worker lays it out.
  await framesKeepComing(page);
  assert.equal(await page.inputValue('#glop'), before, 'the game shown is unchanged while it is read');
  // Another text: the slow one is dropped, this one opens at once.
  await openPosition(page, POSITIONS[0]);
  assert.equal(await page.textContent('#open-error'), '');
  const engine = await nodeEngine();
  assert.equal(await page.inputValue('#glop'), engine.canonical(POSITIONS[0]));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a share link to a position that takes long to lay out is read without freezing the page', async () => {
  const slow = (await readFile(new URL('../data/fuzz/glop/canon-hang-1b919c18.txt', import.meta.url), 'utf8')).trim();
  const { page, errors } = await site.open(`#p=${encodeURIComponent(slow)}&c=normal&r=`, { width: 1280, height: 800, waitReady: false });
  await page.waitForFunction(() => /Opening the link/.test(document.getElementById('status')?.textContent ?? ''), null, { timeout: 20000 });
  await framesKeepComing(page);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the embeddable board reads its game in the drawing worker: a slow position leaves the host page usable', async () => {
  const slow = (await readFile(new URL('../data/fuzz/glop/canon-hang-1b919c18.txt', import.meta.url), 'utf8')).trim();
  const { page, errors } = await site.open('embed.html', { waitReady: false });
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('two'))?.status?.toMove === 1);
  await page.evaluate((text) => {
    const el = document.createElement('sprouts-board');
    el.id = 'slow';
    el.setAttribute('position', text);
    document.body.append(el);
  }, slow);
  await page.waitForFunction(() => /Reading the game/.test(document.getElementById('slow')?.shadowRoot?.querySelector('.sb-msg')?.textContent ?? ''), null, { timeout: 20000 });
  // Read on the main thread, it blocked the page for half a minute.
  await framesKeepComing(page);
  // The other boards still play.
  const played = await page.evaluate(() => /** @type {any} */ (document.getElementById('two')).play('1(3)2'));
  assert.equal(played, '1(3)2');
  assert.deepEqual(errors, []);
  await page.close();
});

/**
 * A teaching page on another origin that loads embed.js from this site,
 * served with the Content-Security-Policy `policy` (its own origin as
 * `site0`). localhost is another origin than 127.0.0.1, and a loopback
 * one: Chromium keeps other address spaces from loopback servers.
 * @param {string} boards the page's <sprouts-board> elements
 * @param {(site0: string) => string} policy
 * @returns {Promise<{ host: string, site0: string, server: import('node:http').Server }>}
 */
async function hostPage(boards, policy) {
  const site0 = new URL(site.url).origin;
  const html = `<!doctype html><meta charset="utf-8"><title>host</title>
    <script type="module" src="${site.url}embed.js"></script>
    ${boards}`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': policy(site0) });
    res.end(html);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(undefined)));
  server.unref();
  return { host: `http://localhost:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`, site0, server };
}

test('embedded from another site: the boards read their games in a worker started from a blob', async () => {
  const slow = (await readFile(new URL('../data/fuzz/glop/canon-hang-1b919c18.txt', import.meta.url), 'utf8')).trim();
  // With the policy the README asks of such a page.
  const { host, site0, server } = await hostPage(`<sprouts-board id="card" moves="2+ 1(3)2 1(4)2 1(5)4 2(6)3"></sprouts-board>
    <sprouts-board id="slow" position="${slow}"></sprouts-board>`, (site0) => `script-src ${site0} 'wasm-unsafe-eval'; worker-src blob: ${site0}`);
  const page = await site.browser.newPage();
  const errors = /** @type {string[]} */ ([]);
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  const workers = /** @type {string[]} */ ([]);
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(host);
  const t0 = Date.now();
  const record = await page.evaluate(async () => {
    await customElements.whenDefined('sprouts-board');
    const el = /** @type {any} */ (document.getElementById('card'));
    await el.ready;
    return el.record;
  });
  console.log(`record read in ${Date.now() - t0} ms`);
  assert.equal(record, '2+ 1(3)2 1(4)2 1(5)4 2(6)3 II');
  // The slow one is read in the worker: the host page keeps drawing frames.
  await page.waitForFunction(() => /Reading the game/.test(document.getElementById('slow')?.shadowRoot?.querySelector('.sb-msg')?.textContent ?? ''), null, { timeout: 20000 });
  await framesKeepComing(page);
  assert.notEqual(await page.evaluate(() => location.origin), site0);
  assert.ok(workers.some((u) => u.startsWith('blob:')), `workers: ${workers.join(', ')}`);
  assert.deepEqual(errors, []);
  await page.close();
  server.close();
});

test('embedded under a policy that refuses workers: the boards read on the page and place their numbers there as the page does (not by corners), at any zoom', async () => {
  const { host, server } = await hostPage('<sprouts-board id="card" moves="2+ 1(3)2 1(4)2 1(5)4 2(6)3"></sprouts-board>', (site0) => `script-src ${site0} 'wasm-unsafe-eval'; worker-src 'none'`);
  const page = await site.browser.newPage();
  const errors = /** @type {string[]} */ ([]);
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(host);
  const record = await page.evaluate(async () => {
    await customElements.whenDefined('sprouts-board');
    const el = /** @type {any} */ (document.getElementById('card'));
    await el.ready;
    return el.record;
  });
  assert.equal(record, '2+ 1(3)2 1(4)2 1(5)4 2(6)3 II');
  const numbers = () => page.evaluate(() => /** @type {any} */ (document.getElementById('card')).board.shown().numbers);
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('card')).board.shown().numbers.from === 'host');
  // Zoomed in, they are placed again for the new scale (not kept waiting for a worker that never answers).
  await page.evaluate(() => /** @type {any} */ (document.getElementById('card')).board.zoomBy(1.5));
  await page.waitForFunction(() => { const b = /** @type {any} */ (document.getElementById('card')).board; const n = b.shown().numbers; return n.from === 'host' && Math.abs(n.scale - b.scale()) < 1e-9; });
  assert.equal((await numbers()).places.length, 12);
  assert.deepEqual(errors, []);
  await page.close();
  server.close();
});
