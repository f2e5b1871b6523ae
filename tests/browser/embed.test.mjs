// @ts-check
// The embeddable board's attributes (docs/embed.md), each at the two embed
// sizes 480×320 and 320×240: the replay bar (buttons and keys, `move`),
// records as written (header, written moves, the result by the record),
// the computer opponent, the analysis, the dark theme, misère in the
// status, filling the container at a ratio and redrawing on resize, and
// the snippet of docs/embed.md run as written. Screenshots of the 14- and
// 26-spot records go to $SPROUTS_ARTEFACTS (default $TMPDIR/sprouts-artefacts).
// Needs `scripts/build-wasm.sh` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSite } from './harness.mjs';
import { embedBoard, openPage } from './helpers.mjs';
import { startServer } from '../../scripts/serve.mjs';

const site = useSite();
const SIZES = [{ width: 480, height: 320 }, { width: 320, height: 240 }];
const ARTEFACTS = process.env.SPROUTS_ARTEFACTS ?? join(tmpdir(), 'sprouts-artefacts');

/** The first record line of a file in tests/data/records. @param {string} name */
async function record(name) {
  const text = await readFile(new URL(`../data/records/${name}`, import.meta.url), 'utf8');
  return /** @type {string} */ (text.split('\n').find((l) => l.trim() && !l.startsWith('#'))).trim();
}
const R14 = await record('wgosa-2006-recent-game.txt');
const R26 = await record('wgosa-2006-auntbeast-khorkov-game2.txt');

/**
 * The embed page of each size, kept open for that size's tests (`shared`):
 * each of them empties it and makes a board of its own, as a page that
 * changes its boards does, instead of loading the page, the engine and
 * its workers again (16 loads fewer took this file from 31 to 19 s of
 * CPU, docs/contributing.md). Its errors are every error since it opened,
 * so a test still fails on an error an earlier board left behind.
 * @type {Map<string, Promise<{ page: import('playwright-core').Page, errors: string[] }>>}
 */
const pages = new Map();

/**
 * The embed page emptied, then one board with these attributes in a box of
 * `size`; resolves once the board is ready. With `shared`, on the page
 * kept for this size (the test must not close it); else on a page of its own.
 * @param {{ width: number, height: number }} size @param {Record<string, string>} attrs
 * @param {{ shared?: boolean }} [opts]
 */
async function board(size, attrs, opts = {}) {
  const open = () => site.open('embed.html', { waitReady: false, width: size.width + 40, height: size.height + 40 });
  const key = `${size.width}x${size.height}`;
  if (opts.shared && !pages.has(key)) pages.set(key, open());
  if (!opts.shared) return embedBoard(site.open, size, attrs);
  // The shared page's errors: every error since it opened.
  const shared = /** @type {Awaited<ReturnType<typeof open>>} */ (await pages.get(key));
  await embedBoard(shared.page, size, attrs);
  return shared;
}

/** Text of a part of the board's shadow root. @param {import('playwright-core').Page} page @param {string} sel */
const text = (page, sel) => page.evaluate((s) => document.getElementById('b')?.shadowRoot?.querySelector(s)?.textContent ?? null, sel);
/** Whether a part of the board is shown. @param {import('playwright-core').Page} page @param {string} sel */
const shown = (page, sel) => page.evaluate((s) => {
  const e = /** @type {HTMLElement | null | undefined} */ (document.getElementById('b')?.shadowRoot?.querySelector(s));
  return !!e && e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none';
}, sel);
/** The move shown. @param {import('playwright-core').Page} page */
const at = (page) => page.evaluate(() => /** @type {any} */ (document.getElementById('b')).moveShown);

for (const size of SIZES) {
  const tag = `${size.width}x${size.height}`;

  test(`${tag}: the replay bar steps with its buttons and keys from move="k"; moves as written; the record's result at its end`, async () => {
    const { page, errors } = await board(size, { moves: R26, readonly: '', controls: 'replay', move: '4' }, { shared: true });
    assert.equal(await at(page), 4);
    assert.match(await text(page, '.replay .at') ?? '', /^move 4 of 20: 16\(30\)16\[17,18\]/);
    const step = (/** @type {string} */ s) => page.locator('#b').locator(`[data-step=${s}]`).click();
    await step('forward');
    assert.equal(await at(page), 5);
    // Move 5 as the record wrote it, the engine's form beside it (hidden where narrow).
    assert.equal(await text(page, '.replay .written'), '30(31)19');
    assert.equal(await text(page, '.replay .engine'), ' (engine: 19(31)30)');
    await step('back');
    await step('back');
    assert.equal(await at(page), 3);
    await step('first');
    assert.equal(await at(page), 0);
    assert.match(await text(page, '.replay .at') ?? '', /start of 20 moves/);
    // Keys, with the focus on the element.
    await page.focus('#b');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await at(page), 2);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await at(page), 1);
    await page.keyboard.press('End');
    assert.equal(await at(page), 20);
    assert.equal(await text(page, '.replay .written'), '11(46)11[12-15]');
    // The end: who won by the record (II: player 2, Khorkov), the header, no Undo/Redo.
    assert.match(await text(page, '.status') ?? '', /^Khorkov \(player 2\) won by the record \(II, .*misère/);
    assert.match(await text(page, '.head') ?? '', /AuntBeast \(1\) – Khorkov\* \(2\).*26 spots, misère.*result II/);
    for (const b of ['undo', 'redo', 'reset']) assert.equal(await shown(page, `[data-act=${b}]`), false, b);
    assert.equal(await page.evaluate(() => document.getElementById('b')?.shadowRoot?.querySelector('.status')?.getAttribute('aria-live')), 'polite');
    await page.keyboard.press('Home');
    assert.equal(await at(page), 0);
    assert.match(await text(page, '.status') ?? '', /AuntBeast \(player 1\) to move\. Misère: the last move loses\./);
    // Every button has a name for a screen reader.
    const unnamed = await page.evaluate(() => [...(document.getElementById('b')?.shadowRoot?.querySelectorAll('button') ?? [])]
      .filter((b) => b.getClientRects().length && !(b.getAttribute('aria-label') || b.textContent?.trim())).length);
    assert.equal(unnamed, 0);
    assert.deepEqual(errors, []);
  });

  test(`${tag}: a finished read-only game says who won and shows no Undo/Redo; misère in the status`, async () => {
    const { page, errors } = await board(size, { moves: '2+ 1(3)2 1(4)2 1(5)4 2(6)3', readonly: '' }, { shared: true });
    assert.match(await text(page, '.status') ?? '', /^Player 2 wins: Player 2 made the last move \(the last move wins\)\./);
    for (const b of ['undo', 'redo', 'reset']) assert.equal(await shown(page, `[data-act=${b}]`), false, b);
    await page.evaluate(() => document.getElementById('b')?.setAttribute('moves', '2- 1(3)2'));
    await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).ready);
    assert.match(await text(page, '.status') ?? '', /Player 2 to move\. Misère: the last move loses\./);
    // Nor while the game is being read: a new read-only board, looked at in
    // the same task it is added in (before the engine or the worker answers).
    const early = await page.evaluate(() => {
      const el = document.createElement('sprouts-board');
      el.setAttribute('moves', '2+ 1(3)2 1(4)2 1(5)4 2(6)3');
      el.setAttribute('readonly', '');
      el.setAttribute('controls', 'replay');
      document.body.append(el);
      const shownNow = [...(el.shadowRoot?.querySelectorAll('[data-act]') ?? [])]
        .filter((b) => b.getClientRects().length > 0).map((b) => b.getAttribute('data-act'));
      el.remove();
      return shownNow;
    });
    assert.deepEqual(early, [], 'no Undo/Redo/Restart on a read-only board before it is read');
    assert.deepEqual(errors, []);
  });

  test(`${tag}: opponent="random" side="2" answers a move; the board waits meanwhile`, async () => {
    const { page, errors } = await board(size, { spots: '3', opponent: 'random', side: '2' }, { shared: true });
    // A student's first sight: how to move, in the board's band (gone once a
    // move is played); a short board (under 280 px) has no band: nothing over its spots.
    const band = () => page.evaluate(() => document.getElementById('b')?.shadowRoot?.querySelector('.sb-msg')?.textContent ?? '');
    assert.equal(await band(), size.height < 280 ? '' : 'Draw a line from a spot to another spot, or back to itself');
    const { moves, waiting } = await page.evaluate(() => new Promise((ok) => {
      const el = /** @type {any} */ (document.getElementById('b'));
      /** @type {string[]} */ const seen = [];
      /** @type {any} */ let waiting = null;
      el.addEventListener('sprouts-move', (/** @type {any} */ e) => { seen.push(e.detail.move); if (seen.length === 2) ok({ moves: seen, waiting }); });
      el.play('1(4)2');
      // The computer's answer comes from the worker: meanwhile the board takes no move.
      waiting = { canPlay: el.canPlay(), status: el.shadowRoot.querySelector('.status').textContent };
    }));
    assert.equal(moves[0], '1(4)2');
    assert.deepEqual(waiting, { canPlay: false, status: 'The computer is thinking… (player 2)' });
    assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).status.moveNumber), 2);
    assert.match(await text(page, '.status') ?? '', /^Your move \(player 1\)\./);
    assert.doesNotMatch(await band(), /Draw a line/);
    // Undo takes back the computer's move and the player's: the player's turn again.
    await page.locator('#b').locator('[data-act=undo]').click();
    assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).status.moveNumber), 0);
    // The computer moving first: side="1".
    await page.evaluate(() => { const el = document.getElementById('b'); el?.setAttribute('side', '1'); el?.setAttribute('spots', '2'); });
    await page.waitForFunction(() => /** @type {any} */ (document.getElementById('b')).status?.moveNumber === 1);
    assert.deepEqual(errors, []);
  });

  test(`${tag}: analysis shows the outcome and the winning moves`, async () => {
    // Normal play from n spots is a first-player win exactly when n mod 6 is 3, 4 or 5.
    const { page, errors } = await board(size, { spots: '3', analysis: '' }, { shared: true });
    await page.locator('#b').locator('[data-act=analyse]').click();
    await page.waitForFunction(() => document.getElementById('b')?.shadowRoot?.querySelector('.panel')?.getAttribute('data-state') === 'done', null, { timeout: 30000 });
    assert.match(await text(page, '.panel .outcome') ?? '', /^Win for player 1/);
    const wins = await page.evaluate(() => document.getElementById('b')?.shadowRoot?.querySelectorAll('.win-move').length);
    assert.ok(wins && wins > 0);
    // A winning move played from the list; the analysis goes with the position.
    await page.locator('#b').locator('.win-move').first().click();
    assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).status.moveNumber), 1);
    assert.equal(await shown(page, '.panel'), false);
    await page.evaluate(() => document.getElementById('b')?.setAttribute('spots', '6'));
    await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).ready);
    await page.locator('#b').locator('[data-act=analyse]').click();
    await page.waitForFunction(() => document.getElementById('b')?.shadowRoot?.querySelector('.panel')?.getAttribute('data-state') === 'done', null, { timeout: 60000 });
    assert.match(await text(page, '.panel .outcome') ?? '', /^Loss for player 1/);
    assert.deepEqual(errors, []);
  });

  // A game from a position: the 4-spot game after 1(5)2, as a labelled Hoey
  // list. `sprouts solve "4+ 1(5)2"` (the CLI, from the record): a win for
  // the player to move, with 3 winning moves (3(6)!5, 1(6)2[4], 3(6)4).
  const FROM = '1,5,2,5;3;4';

  test(`${tag}: position="…" with opponent="perfect" answers a move (screenshot)`, async () => {
    await mkdir(ARTEFACTS, { recursive: true });
    const { page, errors } = await board(size, { position: FROM, opponent: 'perfect', side: '2' }, { shared: true });
    const moves = await page.evaluate(() => new Promise((ok) => {
      const el = /** @type {any} */ (document.getElementById('b'));
      /** @type {string[]} */ const seen = [];
      el.addEventListener('sprouts-move', (/** @type {any} */ e) => { seen.push(e.detail.move); if (seen.length === 2) ok(seen); });
      el.play('3(6)4');
    }));
    assert.equal(moves[0], '3(6)4');
    assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).status.moveNumber), 2);
    assert.doesNotMatch(await text(page, '.status') ?? '', /only games from n spots|could not move/);
    await page.screenshot({ path: join(ARTEFACTS, `embed-position-opponent-${tag}.png`), clip: { x: 0, y: 0, ...size } });
    assert.deepEqual(errors, []);
  });

  test(`${tag}: analysis of a game from a position shows its outcome and winning moves`, async () => {
    const { page, errors } = await board(size, { position: FROM, analysis: '' }, { shared: true });
    await page.locator('#b').locator('[data-act=analyse]').click();
    await page.waitForFunction(() => document.getElementById('b')?.shadowRoot?.querySelector('.panel')?.getAttribute('data-state') === 'done', null, { timeout: 30000 });
    assert.match(await text(page, '.panel .outcome') ?? '', /^Win for player 1/);
    const wins = await page.evaluate(() => [...(document.getElementById('b')?.shadowRoot?.querySelectorAll('.win-move') ?? [])].map((b) => b.textContent));
    assert.equal(wins.length, 3, wins.join(' '));
    // The moves name the spots as drawn: each one plays on this board.
    await page.locator('#b').locator('.win-move').first().click();
    assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).status.moveNumber), 1);
    assert.deepEqual(errors, []);
  });

  test(`${tag}: theme="dark"`, async () => {
    const { page, errors } = await board(size, { spots: '4', theme: 'dark' }, { shared: true });
    const look = await page.evaluate(() => {
      const el = /** @type {HTMLElement} */ (document.getElementById('b'));
      const area = /** @type {HTMLElement} */ (el.shadowRoot?.querySelector('.sb-board'));
      return { bg: getComputedStyle(el).backgroundColor, fg: getComputedStyle(el).color, filter: getComputedStyle(area).filter };
    });
    const lum = (/** @type {string} */ c) => (c.match(/\d+/g) ?? []).slice(0, 3).map(Number).reduce((a, b) => a + b, 0) / 3;
    assert.ok(lum(look.bg) < 60, look.bg);
    assert.ok(lum(look.fg) > 180, look.fg);
    assert.match(look.filter, /invert/);
    await page.screenshot({ path: join(ARTEFACTS, `embed-dark-${tag}.png`) });
    assert.deepEqual(errors, []);
  });

  test(`${tag}: the 14- and 26-spot records, read-only with the replay bar (screenshots)`, async () => {
    await mkdir(ARTEFACTS, { recursive: true });
    for (const [name, rec] of [['14', R14], ['26', R26]]) {
      const { page, errors } = await board(size, { moves: rec, readonly: '', controls: 'replay' }, { shared: true });
      // The numbers placed in the drawing worker, as the page places them.
      await page.waitForFunction(() => /** @type {any} */ (document.getElementById('b')).board.shown().numbers.from === 'given', null, { timeout: 30000 });
      await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).board.redraw());
      await page.screenshot({ path: join(ARTEFACTS, `embed-record-${name}-${tag}.png`), clip: { x: 0, y: 0, ...size } });
      // Every number shown is nearer its own spot than any other
      // (docs/labels.md); where no place beside a spot reads, the number
      // is on the spot itself.
      const { spots, places } = await page.evaluate(() => {
        const el = /** @type {any} */ (document.getElementById('b'));
        return { spots: el.game.drawing().spots, places: el.board.shown().numbers.places };
      });
      assert.equal(places.length, 2 * spots.length);
      let onSpot = 0;
      spots.forEach((/** @type {number[]} */ s, /** @type {number} */ i) => {
        const [x, y] = [places[2 * i], places[2 * i + 1]];
        const d = (/** @type {number[]} */ q) => Math.hypot(q[0] - x, q[1] - y);
        if (d(s) === 0) onSpot += 1;
        const nearer = spots.findIndex((/** @type {number[]} */ q, /** @type {number} */ j) => j !== i && d(q) < d(s));
        assert.equal(nearer, -1, `${name} at ${tag}: spot ${i + 1}'s number is nearer spot ${nearer + 1}`);
      });
      if (name === '26' && size.width === 320) assert.ok(onSpot > 0, 'no number on its spot in the crowded 26-spot end at 320×240');
      assert.deepEqual(errors, []);
      }
  });
}

test('the keyboard: Tab to a spot, Enter, then the other spot plays the move joining them; sprouts-step on goTo', async () => {
  const { page, errors } = await board({ width: 480, height: 320 }, { spots: '2' });
  await page.locator('#b [data-spot="1"]').focus();
  await page.keyboard.press('Enter');
  assert.match(await page.evaluate(() => document.getElementById('b')?.shadowRoot?.querySelector('.sb-msg')?.textContent ?? ''), /Spot 1 chosen/);
  await page.locator('#b [data-spot="2"]').focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).record), '2+ 1(3)2');
  assert.equal(await page.getAttribute('#b [data-spot="1"]', 'aria-label'), 'Spot 1, 2 lives');
  const step = await page.evaluate(() => new Promise((ok) => {
    const el = /** @type {any} */ (document.getElementById('b'));
    el.addEventListener('sprouts-step', (/** @type {any} */ e) => ok(e.detail));
    el.goTo(0);
  }));
  assert.deepEqual(step, { move: 0, record: '2+' });
  assert.deepEqual(errors, []);
  await page.close();
});

test('odd attribute values are ignored or clamped, never thrown', async () => {
  const { page, errors } = await board({ width: 320, height: 240 }, { spots: '2', moves: '1(3)2 1(4)2' });
  const seen = await page.evaluate(async () => {
    const el = /** @type {any} */ (document.getElementById('b'));
    const out = [];
    for (const [k, v] of [['move', 'abc'], ['move', '-4'], ['move', '99'], ['move', '1e400'], ['side', '7'], ['opponent', '<img src=x>'],
      ['aspect', '1/0'], ['aspect', '-2'], ['theme', 'neon'], ['controls', 'replay'], ['analysis', 'x'], ['mode', 'no-such-mode'], ['mode', '__proto__']]) {
      el.setAttribute(k, v);
      await el.ready;
      out.push([k, v, el.moveShown, el.shadowRoot.querySelector('.status').textContent]);
    }
    return out;
  });
  // move="abc" or past the end shows the last move; "-4" the start.
  assert.deepEqual(seen.filter(([k]) => k === 'move').map((r) => r[2]), [2, 0, 2, 2]);
  for (const [k, v, , status] of seen) assert.match(status, /to move/, `${k}=${v}`);
  assert.equal(await page.locator('img').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('aspect="3/2" and --sprouts-aspect fill the container at that ratio; a resize redraws the board', async () => {
  const { page, errors } = await board({ width: 480, height: 320 }, { spots: '5' });
  const measure = () => page.evaluate(() => {
    const el = /** @type {HTMLElement} */ (document.getElementById('b'));
    const canvas = /** @type {HTMLCanvasElement} */ (el.shadowRoot?.querySelector('canvas'));
    const r = el.getBoundingClientRect();
    return { w: r.width, h: r.height, canvas: canvas.width };
  });
  await page.evaluate(() => {
    const el = /** @type {HTMLElement} */ (document.getElementById('b'));
    el.style.removeProperty('width');
    el.style.removeProperty('height');
    /** @type {HTMLElement} */ (document.getElementById('box')).style.height = 'auto';
    el.setAttribute('aspect', '3/2');
  });
  await page.waitForTimeout(100);
  const a = await measure();
  assert.equal(a.w, 480);
  assert.ok(Math.abs(a.h - 320) <= 2, `${a.h}`);
  // The container grows: the board follows and the canvas is redrawn at the new size.
  await page.evaluate(() => { /** @type {HTMLElement} */ (document.getElementById('box')).style.width = '300px'; });
  await page.waitForFunction((w) => {
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById('b')?.shadowRoot?.querySelector('canvas'));
    return c.width < w;
  }, a.canvas);
  const b = await measure();
  assert.equal(b.w, 300);
  assert.ok(Math.abs(b.h - 200) <= 2, `${b.h}`);
  // The CSS custom property, where the attribute is absent.
  await page.evaluate(() => {
    const el = /** @type {HTMLElement} */ (document.getElementById('b'));
    el.removeAttribute('aspect');
    el.style.setProperty('--sprouts-aspect', '1');
    el.setAttribute('theme', 'light'); // any change of look checks the ratio again
  });
  await page.waitForTimeout(100);
  const c = await measure();
  assert.ok(Math.abs(c.h - 300) <= 2, `${c.h}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the snippet of docs/embed.md runs as written', async () => {
  const doc = await readFile(new URL('../../docs/embed.md', import.meta.url), 'utf8');
  const snippet = /```html\n([\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(snippet, 'docs/embed.md has an html snippet');
  // The teacher's folder: the lesson page, and the board's files in sprouts/.
  const dir = await mkdtemp(join(tmpdir(), 'sprouts-lesson-'));
  await writeFile(join(dir, 'lesson.html'), `<!doctype html><meta charset="utf-8"><title>Lesson</title><link rel="icon" href="data:,">\n${snippet}`);
  await symlink(fileURLToPath(new URL('../../www', import.meta.url)), join(dir, 'sprouts'));
  const lesson = await startServer({ root: dir, port: 0 });
  try {
    const { page, errors } = await openPage(site.browser, `${lesson.url}lesson.html`, { waitReady: false });
    const boards = await page.evaluate(async () => {
      await customElements.whenDefined('sprouts-board');
      const all = /** @type {any[]} */ ([...document.querySelectorAll('sprouts-board')]);
      await Promise.all(all.map((el) => el.ready));
      return all.map((el) => ({ position: el.position, moves: el.status?.moveNumber, replay: !el.shadowRoot.querySelector('.replay').hidden }));
    });
    assert.ok(boards.length >= 3, JSON.stringify(boards));
    assert.ok(boards.some((b) => b.replay), 'a board with the replay bar');
    assert.ok(boards.every((b) => b.position !== ''), JSON.stringify(boards));
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    lesson.server.close();
    await rm(dir, { recursive: true, force: true });
  }
});
