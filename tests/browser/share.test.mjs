// @ts-check
// What leaves the page and comes back: the PNG picture, share links (and
// hostile ones), the game file. Needs `scripts/build-wasm.sh` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';
import { downloadBytes, movesShown, nodeEngine } from './helpers.mjs';
import { LONG_RECORD, openRecord, replayState } from './records.mjs';

const site = useSite();

/** Okabe–Ito colours of 1, 2 and 3 lives (board.js). */
const LIFE_RGB = [null, [0xcc, 0x79, 0xa7], [0xe6, 0x9f, 0x00], [0x00, 0x72, 0xb2]];

/**
 * The picture a button saves of the long record after move 12.
 * @param {import('playwright-core').Page} page @param {string} selector
 */
async function pictureAtMove12(page, selector) {
  await openRecord(page, LONG_RECORD);
  await page.click('#moves li[data-n="12"]');
  return downloaded(page, selector);
}

/** @param {import('playwright-core').Page} page @param {string} selector */
async function downloaded(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: file.suggestedFilename(), bytes: await downloadBytes(file) };
}

test('the PNG picture: twice the board\'s size, every live spot in its colour (faded where no move is left)', async () => {
  const { page, errors } = await site.open();
  const png = await pictureAtMove12(page, '#export-png');
  assert.equal(png.name, 'sprouts-8-move-12.png');
  assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
  const width = png.bytes.readUInt32BE(16);
  const height = png.bytes.readUInt32BE(20);
  // The picture's pixel at each spot's centre, read back in the browser.
  const r = await page.evaluate(async (data) => {
    const s = /** @type {any} */ (globalThis).sprouts;
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
    ctx.drawImage(img, 0, 0);
    const e = s.game.extent();
    const spots = s.game.spotList().map((/** @type {any} */ p) => ({
      lives: p.lives,
      idle: p.idle,
      rgb: [...ctx.getImageData(Math.round(2 * (p.x - e.minX + 24)), Math.round(2 * (p.y - e.minY + 24)), 1, 1).data].slice(0, 3),
    }));
    return { extent: e, spots };
  }, png.bytes.toString('base64'));
  assert.equal(width, Math.round(2 * (r.extent.maxX - r.extent.minX + 48)));
  assert.equal(height, Math.round(2 * (r.extent.maxY - r.extent.minY + 48)));
  const live = r.spots.filter((s) => s.lives > 0);
  assert.equal(r.spots.length, 8 + 12);
  assert.ok(live.some((s) => !s.idle));
  for (const s of live) {
    const want = /** @type {number[]} */ (LIFE_RGB[s.lives]);
    const close = s.rgb.every((v, i) => Math.abs(v - want[i]) <= 8);
    // A spot where no move is left is drawn faded (half transparent).
    if (s.idle) assert.ok(!close, `an idle spot with ${s.lives} lives is faded, not ${s.rgb}`);
    else assert.ok(close, `a spot with ${s.lives} lives is ${want}, not ${s.rgb}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the SVG picture (drawn by the engine): it parses, one mark per spot with its lives', async () => {
  const { page, errors } = await site.open();
  const svg = await pictureAtMove12(page, '#export-svg');
  assert.equal(svg.name, 'sprouts-8-move-12.svg');
  const r = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const marks = [...doc.querySelectorAll('[data-spot]')].map((e) => ({
      n: Number(e.getAttribute('data-spot')), lives: Number(e.getAttribute('data-lives')), live: e.classList.contains('spot'),
    }));
    const spots = /** @type {any} */ (globalThis).sprouts.game.spotList().map((/** @type {any} */ s) => ({ n: s.n, lives: s.lives }));
    return { root: doc.documentElement.nodeName, broken: doc.querySelector('parsererror') !== null, marks, spots,
      legend: doc.querySelectorAll('[data-legend]').length };
  }, svg.bytes.toString('utf8'));
  assert.equal(r.broken, false, 'the SVG parses as XML');
  assert.equal(r.root, 'svg');
  assert.equal(r.marks.length, 8 + 12, 'one mark per spot');
  assert.deepEqual(r.marks.map((m) => ({ n: m.n, lives: m.lives })), r.spots);
  assert.equal(r.marks.filter((m) => m.live).length, r.spots.filter((s) => s.lives > 0).length);
  assert.equal(r.legend, 4, 'a key to the four shapes');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a share link opens the same game at the same move, read-only until one plays on', async () => {
  const { page, errors } = await site.open();
  await openRecord(page, LONG_RECORD);
  await page.click('#moves li[data-n="7"]');
  const total = (await movesShown(page)).length + (await page.locator('#moves-later li').count());
  const glop = await page.inputValue('#glop');
  // The link carries the moves, not the drawing (both pages tidy the
  // drawing the engine made, each at its own view's scale): the same
  // labelled position, spot numbers and all.
  const hoey = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.hoey());
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  // The fragment holds the whole record (URL-encoded) and the move shown.
  assert.equal(url.slice(url.indexOf('#')), `#r=${encodeURIComponent(LONG_RECORD)}&m=7`);
  await page.close();

  const other = await site.open(url.slice(url.indexOf('#')));
  assert.deepEqual(await replayState(other.page), { shown: 7, later: total - 7 });
  assert.equal(await other.page.inputValue('#glop'), glop);
  assert.equal(await other.page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.hoey()), hoey);
  assert.match(await other.page.textContent('#status') ?? '', /^Replaying: Player 2 to move \(7 moves played,/);
  // The fragment is read once: a reload shows the saved game, not the link.
  assert.equal(await other.page.evaluate(() => location.hash), '');
  await other.page.click('#continue');
  await other.page.click('#continue-yes');
  assert.deepEqual(await replayState(other.page), { shown: 7, later: 0 });
  assert.deepEqual(errors, []);
  assert.deepEqual(other.errors, []);
  await other.page.close();
});

test('a hostile or broken link shows an error and a fresh board, and nothing in it runs', async () => {
  const hostile = [
    ['#r=%3Cimg%20src%3Dx%20onerror%3D%22window.pwned%3D1%22%3E&m=1', /not a game record/],
    ['#r=<img src=x onerror=window.pwned=1>', /not a game record/],
    ['#m=2&r=2%2B%201(3)2', /shows move 2, but the game has 1 move(?!s)/],
    ['#r=2%2B%201(3)2&m=<script>window.pwned=1</script>', /move number/],
    ['#r=%E0%A4%A', /not URL-encoded/],
    ['#p=%3Csvg%20onload%3Dwindow.pwned%3D1%3E', /position/],
    [`#r=${'1'.repeat(30000)}`, /too long/],
  ];
  for (const [hash, why] of hostile) {
    const { page, errors } = await site.open(/** @type {string} */ (hash));
    const msg = await page.textContent('#open-error') ?? '';
    assert.match(msg, /** @type {RegExp} */ (why), `${hash}: ${msg}`);
    const status = await page.textContent('#status') ?? '';
    assert.match(status, /could not be opened \(/);
    // The reason in the status too, where the player looks (the Open box may be off screen).
    assert.match(status, /** @type {RegExp} */ (why), `${hash}: the status says why: ${status}`);
    assert.equal(await page.locator('#board [data-spot]').count(), 3, 'a fresh board');
    assert.deepEqual(await movesShown(page), []);
    assert.equal(await page.isVisible('#replay-note'), false);
    assert.equal(await page.evaluate(() => /** @type {any} */ (window).pwned), undefined);
    assert.equal(await page.locator('img, #open-error *').count(), 0, 'no element came from the link');
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('*')].some((e) => [...e.attributes].some((a) => a.name.startsWith('on')))),
      false, 'no element has an event handler attribute');
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the game file: saved, opened again to the same drawing; a broken file changes nothing', async () => {
  const engine = await nodeEngine();
  const { page, errors } = await site.open();
  await openRecord(page, LONG_RECORD);
  await page.click('#moves li[data-n="11"]');
  const before = await page.evaluate(() => {
    const g = /** @type {any} */ (globalThis).sprouts.game;
    return { spots: JSON.stringify(g.spotList()), json: g.toJson() };
  });
  const finalEdges = await page.evaluate(() => {
    const g = /** @type {any} */ (globalThis).sprouts.game;
    const k = g.moveCount;
    while (g.redo());
    const edges = JSON.stringify(g.edgeList());
    while (g.moveCount > k) g.undo();
    return edges;
  });
  const file = await downloaded(page, '#file-save');
  assert.equal(file.name, 'sprouts-8-move-11.sprouts.json');
  // The file is the engine's own game file (format 1), the same text the
  // page keeps in localStorage, and reads back in node too.
  assert.equal(file.bytes.toString('utf8'), before.json);
  assert.equal(JSON.parse(before.json).format, 1);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('sprouts:game:v1') ?? '{}').game);
  assert.equal(stored, before.json);
  const copy = engine.Game.fromJson(file.bytes.toString('utf8'));
  assert.equal(copy.moveCount, 11);
  copy.free();

  // Something else on the board, then the file again.
  await page.fill('#spots', '5');
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-spot]').length === 5);
  await page.setInputFiles('#file-input', { name: file.name, mimeType: 'application/json', buffer: file.bytes });
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 11);
  const after = await page.evaluate(() => {
    const g = /** @type {any} */ (globalThis).sprouts.game;
    return { spots: JSON.stringify(g.spotList()), json: g.toJson() };
  });
  assert.equal(after.json, before.json);
  assert.equal(after.spots, before.spots);
  assert.equal(await page.isVisible('#replay-note'), true);
  // The file keeps the drawing after the last move (earlier ones are its
  // prefixes): there the two drawings are the same line for line.
  await page.click('#replay-last');
  assert.equal(await page.evaluate(() => JSON.stringify(/** @type {any} */ (globalThis).sprouts.game.edgeList())), finalEdges);

  // A broken file: its reason, and the game stays as it was.
  const shown = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.toJson());
  const broken = JSON.parse(before.json);
  broken.moves[3] = '1(99)1';
  for (const [name, text, why] of [
    ['cut.sprouts.json', before.json.slice(0, 100), /JSON/],
    ['edited.sprouts.json', JSON.stringify(broken), /move 4|1\(99\)1/],
  ]) {
    await page.setInputFiles('#file-input', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.waitForFunction((n) => (document.getElementById('open-error')?.textContent ?? '').startsWith(n), name);
    assert.match(await page.textContent('#open-error') ?? '', why);
    assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.toJson()), shown);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
