// @ts-check
// The page fits the game, on a desktop (1280×800) and a phone (390×844):
// during a whole 20-spot computer-against-computer game the status and the
// last move stay on screen; Play again and Swap sides; the opponent chosen
// beside the board; zoom and pan (buttons, wheel, drag, pinch, double
// click) with strokes still played as drawn; the computer's move drawn in.
// Screenshots go to $SPROUTS_ARTEFACTS (default: sprouts-artefacts in the
// system's temporary folder), never into the repository.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useSite } from './harness.mjs';
import { arc, mouseDraw, movesShown, newGame, spotAt, tidied, touchDraw } from './helpers.mjs';
import { LONG_RECORD, openRecord, replayState } from './records.mjs';

const site = useSite();
const ARTEFACTS = process.env.SPROUTS_ARTEFACTS ?? join(tmpdir(), 'sprouts-artefacts');
const SIZES = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];

/**
 * The board element `sprouts bench layout` assumes at this page size
 * (`PageSize::ALL` in src/board/legible.rs), in CSS px.
 * @param {{ width: number, height: number }} size
 */
function benchElement(size) {
  const m = BENCH_SOURCE.match(new RegExp(`PageSize \\{ width: ${size.width}\\.0, height: ${size.height}\\.0, element: \\(([\\d.]+), ([\\d.]+)\\) \\}`));
  assert.ok(m, `no PageSize for ${size.width}×${size.height} in src/board/legible.rs`);
  return [Number(m[1]), Number(m[2])];
}
const BENCH_SOURCE = await readFile(new URL('../../src/board/legible.rs', import.meta.url), 'utf8');

/** @param {import('playwright-core').Page} page @param {string} name */
async function shot(page, name) {
  await mkdir(ARTEFACTS, { recursive: true });
  const path = join(ARTEFACTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * Watches the page: after every change of the move list, whether the
 * status and the last move shown are inside the viewport, and the last
 * move inside the list's visible box. Read back with `watched(page)`.
 * @param {import('playwright-core').Page} page
 */
async function watch(page) {
  await page.evaluate(() => {
    /** @type {{ move: number, status: boolean, last: boolean, board: number, over: boolean, why: string }[]} */
    const log = [];
    /** @param {DOMRect} r @param {{ left: number, top: number, right: number, bottom: number }} box */
    const inside = (r, box) => r.left >= box.left - 0.5 && r.top >= box.top - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
    const check = () => {
      const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      const status = /** @type {HTMLElement} */ (document.getElementById('status')).getBoundingClientRect();
      const grid = /** @type {HTMLElement} */ (document.getElementById('move-grid'));
      const items = document.querySelectorAll('#moves li');
      const lastLi = items[items.length - 1];
      const g = grid.getBoundingClientRect();
      const visible = { left: g.left + grid.clientLeft, top: g.top + grid.clientTop,
        right: g.left + grid.clientLeft + grid.clientWidth, bottom: g.top + grid.clientTop + grid.clientHeight };
      const r = lastLi?.getBoundingClientRect();
      const last = !r || (inside(r, visible) && inside(r, screen));
      const board = /** @type {HTMLElement} */ (document.getElementById('board')).getBoundingClientRect().top;
      const over = /Game over/.test(document.getElementById('status')?.textContent ?? '');
      // `stale`: a move of the game shown before the New game click (its
      // computers may move while the form, scrolled into view, is filled in).
      const w = /** @type {any} */ (globalThis);
      const stale = w.gameBefore !== undefined && w.sprouts.game === w.gameBefore;
      log.push({ move: items.length, status: inside(status, screen), last, board, over, stale,
        why: `status ${JSON.stringify(status)} "${document.getElementById('status')?.textContent}", last ${JSON.stringify(r)} in ${JSON.stringify(visible)}, screen ${innerWidth}×${innerHeight}, scrollY ${scrollY}` });
    };
    new MutationObserver(() => requestAnimationFrame(check)).observe(/** @type {HTMLElement} */ (document.getElementById('moves')), { childList: true });
    /** @type {any} */ (globalThis).layoutLog = log;
    check();
  });
}

/** @param {import('playwright-core').Page} page */
async function watched(page) {
  return /** @type {{ move: number, status: boolean, last: boolean, board: number, over: boolean, stale: boolean, why: string }[]} */ (await page.evaluate(() => /** @type {any} */ (globalThis).layoutLog));
}

/**
 * Where spot `n` is when the move that adds it is played, before the
 * drawing tidies itself (the stroke's own drawing): read with `playedAt(page)`.
 * @param {import('playwright-core').Page} page @param {number} n
 */
async function watchNewSpot(page, n) {
  await page.evaluate((n) => {
    const s = /** @type {any} */ (globalThis).sprouts;
    s.app.addEventListener('change', () => {
      const p = s.game.spotList().find((/** @type {any} */ q) => q.n === n);
      if (p && !(/** @type {any} */ (globalThis).playedAt)) {
        const [x, y] = s.board.toClient(p.x, p.y);
        /** @type {any} */ (globalThis).playedAt = { x, y };
      }
    });
  }, n);
}

/** @param {import('playwright-core').Page} page @returns {Promise<{ x: number, y: number }>} */
const playedAt = (page) => page.evaluate(() => /** @type {any} */ (globalThis).playedAt);

/** @param {import('playwright-core').Page} page */
const moveCount = (page) => page.evaluate(() => document.querySelectorAll('#moves li').length);

for (const size of SIZES) {
  test(`${size.width}×${size.height}: a 20-spot computer game keeps the status and the last move on screen; Play again keeps the settings`, async () => {
    const { page, errors } = await site.open('', size);
    // The page waits 400 ms between the computers' moves for a person to
    // follow them; 150 ms still lets newGame see the start and leaves
    // frames for the check after each move.
    await page.evaluate(() => { /** @type {any} */ (globalThis).sprouts.app.pace = 150; });
    // The game shown now: its moves are not this test's (see `stale`).
    await page.evaluate(() => { const w = /** @type {any} */ (globalThis); w.gameBefore = w.sprouts.game; });
    await watch(page);
    // New game (the form is below the board on a phone) must not leave the status off screen.
    await newGame(page, { spots: 20, player1: 'random', player2: 'random' });
    // `sprouts bench layout` measures the drawing on this board element.
    const el = await page.evaluate(() => { const r = /** @type {HTMLElement} */ (document.getElementById('board')).getBoundingClientRect(); return [r.width, r.height]; });
    const bench = benchElement(size);
    assert.ok(Math.abs(el[0] - bench[0]) < 2 && Math.abs(el[1] - bench[1]) < 2, `the board element is ${el.join('×')} px; PageSize::ALL in src/board/legible.rs says ${bench.join('×')}`);
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 23, null, { timeout: 120000 });
    const mid = await shot(page, `game-${size.width}x${size.height}-middle`);
    await page.waitForFunction(() => /Game over/.test(document.getElementById('status')?.textContent ?? ''), null, { timeout: 180000 });
    // The last render's check.
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const end = await shot(page, `game-${size.width}x${size.height}-end`);
    // The drawing tidies itself after the last move too: the settled look.
    const t0 = Date.now();
    // Long tasks (over 50 ms) on the page while the last tidy runs: printed, not asserted (they depend on the machine).
    await page.evaluate(() => {
      const long = /** @type {number[]} */ ([]);
      new PerformanceObserver((l) => { for (const e of l.getEntries()) long.push(e.duration); }).observe({ type: 'longtask' });
      /** @type {any} */ (globalThis).longTasks = long;
    });
    // Up to 360 sweeps of up to 200 ms each (src/board/tidy.rs): 13-36 s on
    // an idle 2-core machine, past 60 s beside the native tests.
    await tidied(page, 180000);
    const settled = (Date.now() - t0) / 1000;
    const long = /** @type {number[]} */ (await page.evaluate(() => /** @type {any} */ (globalThis).longTasks));
    await shot(page, `game-${size.width}x${size.height}-end-tidied`);
    // The zoom buttons sit in the line kept free above the fitted drawing:
    // no spot or number of the last, most crowded drawing is under them.
    const under = await page.evaluate(() => {
      const b = /** @type {any} */ (globalThis).sprouts.board;
      const r = /** @type {HTMLElement} */ (document.getElementById('board')).getBoundingClientRect();
      const bar = /** @type {HTMLElement} */ (document.querySelector('#board .sb-zoom')).getBoundingClientRect();
      const hit = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ pad) => x + pad > bar.left && x - pad < bar.right && y + pad > bar.top && y - pad < bar.bottom;
      const spots = [...document.querySelectorAll('#board [data-spot]')].map((e) => e.getBoundingClientRect()).filter((s) => hit(s.x + s.width / 2, s.y + s.height / 2, 3));
      const p = b.shown().numbers.places;
      const numbers = [];
      for (let i = 0; i < p.length; i += 2) {
        const [x, y] = b.toClient(p[i], p[i + 1]);
        if (hit(x, y, 6)) numbers.push(i / 2 + 1);
      }
      return { zoom: b.zoom(), band: bar.bottom - r.top, spots: spots.length, numbers };
    });
    assert.equal(under.zoom, 1, 'fitted');
    assert.ok(under.band <= 30, `the zoom buttons reach ${under.band} px into the board, below the line kept for them`);
    assert.deepEqual([under.spots, under.numbers], [0, []], 'spots and numbers under the zoom buttons');
    const moves = await moveCount(page);
    // The board area was chosen to fill the board element when fitted
    // (800 units wide plus 24 of margin each side, below the 30 px line of message).
    const fit = await page.evaluate(() => {
      const d = JSON.parse(JSON.parse(localStorage.getItem('sprouts:game:v1') ?? '{}').game).drawing;
      const r = /** @type {HTMLElement} */ (document.getElementById('board')).getBoundingClientRect();
      return { across: r.width / (d.width + 48), down: (r.height - Math.min(30, r.height / 4)) / (d.height + 48), d: `${d.width}×${d.height}` };
    });
    assert.ok(Math.abs(fit.across / fit.down - 1) < 0.02, `board ${fit.d}: ${fit.across.toFixed(3)} px per unit across, ${fit.down.toFixed(3)} down`);
    // A 20-spot game lasts between 2n = 40 and 3n − 1 = 59 moves.
    assert.ok(moves >= 40 && moves <= 59, `${moves} moves`);
    const log = (await watched(page)).filter((l) => !l.stale);
    const seen = new Set(log.map((l) => l.move));
    assert.ok(seen.size >= moves * 0.9, `checked after ${seen.size} of ${moves} moves`);
    const bad = log.filter((l) => !l.status || !l.last);
    assert.deepEqual(bad, [], `status or last move off screen (${log.length} checks)`);
    // The board does not move while the game goes on (the end's longer status may push it).
    const during = log.filter((l) => l.move > 0 && !l.over);
    const moved = during.filter((l) => l.board !== during[0].board);
    assert.deepEqual(moved.map((l) => `move ${l.move}: board at ${l.board}, not ${during[0].board}; ${l.why}`), []);
    const status = await page.textContent('#status') ?? '';
    assert.match(status, /^Game over: Player [12] \(computer, random\) wins\. .* \d+ spots? survives?\./);
    assert.doesNotMatch(status, /\b1 spots|spots survives/);
    // The winner is named once.
    assert.equal(status.match(/Player \d/g)?.length, /They made/.test(status) ? 1 : 2, status);
    // The end's buttons are on screen too.
    const again = await page.locator('#play-again').boundingBox();
    assert.ok(again && again.y >= 0 && again.y + again.height <= size.height, 'Play again on screen');
    console.log(`${size.width}×${size.height}: ${moves} moves, ${log.length} checks, the last tidy settled ${settled.toFixed(1)} s after the end with ${long.length} long tasks (longest ${Math.max(0, ...long).toFixed(0)} ms); screenshots ${mid}, ${end}`);

    await page.click('#play-again');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length >= 1, null, { timeout: 30000 });
    assert.equal(await page.locator('#board [data-spot]').count() >= 20, true);
    const record = await page.inputValue('#record');
    assert.match(record, /^20\+ /, 'same spots and convention');
    assert.equal(await page.inputValue('#player1'), 'random');
    assert.equal(await page.inputValue('#player2'), 'random');
    assert.equal(await page.inputValue('#opponent'), 'both');
    assert.equal(await page.isVisible('#play-again'), false);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('Swap sides after a game against the computer; the opponent chosen beside the board', async () => {
  for (const size of SIZES) {
    const { page, errors } = await site.open('', size);
    await newGame(page, { spots: 1 });
    await page.selectOption('#opponent', 'random');
    assert.equal(await page.inputValue('#player2'), 'random', 'the opponent takes the side that is not the player\'s');
    assert.equal(await page.inputValue('#player1'), 'human');
    // 1 spot: the loop, the answer, and the game is over (2 moves, normal play).
    await page.fill('#move-input', '1(2)1');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => /Game over/.test(document.getElementById('status')?.textContent ?? ''), null, { timeout: 30000 });
    assert.match(await page.textContent('#status') ?? '', /^Game over: the computer wins\. It made the last move, and in normal play the last move wins\. 1 spot survives\./);
    await shot(page, `swap-${size.width}x${size.height}-over`);
    await page.click('#swap-sides');
    // The computer now moves first, and the player answers.
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1, null, { timeout: 30000 });
    assert.equal(await page.inputValue('#player1'), 'random');
    assert.equal(await page.inputValue('#player2'), 'human');
    assert.equal(await page.inputValue('#opponent'), 'random');
    assert.match(await page.textContent('#status') ?? '', /^Your move \(1 move played, 2 lives left\)\. Last move: \d/);
    // Against a person again: nobody moves for the player.
    await page.selectOption('#opponent', 'human');
    assert.equal(await page.inputValue('#player1'), 'human');
    assert.equal(await page.inputValue('#player2'), 'human');
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the move list: each move numbered, a click jumps to a move, the keys step', async () => {
  const { page, errors } = await site.open();
  await openRecord(page, LONG_RECORD);
  const rows = await page.locator('#move-grid li').evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    // The number drawn before the move (CSS content from data-n).
    const before = getComputedStyle(e, '::before').content;
    return { n: /** @type {HTMLElement} */ (e).dataset.n ?? '', before, top: Math.round(r.top), left: Math.round(r.left) };
  }));
  assert.equal(rows.length, 19);
  // Numbered one by one, as records number moves (and the status counts them).
  assert.deepEqual(rows.map((r) => r.n), Array.from({ length: 19 }, (_, i) => String(i + 1)));
  assert.ok(rows.every((r) => r.before !== 'none' && r.before !== ''), `every move shows its number: ${rows[0].before}`);
  // Player 1's move and player 2's side by side, the next two below.
  assert.equal(rows[0].top, rows[1].top);
  assert.ok(rows[1].left > rows[0].left);
  assert.ok(rows[2].top > rows[0].top);
  assert.equal(rows[2].left, rows[0].left);
  await page.click('#moves li[data-n="2"]');
  assert.deepEqual(await replayState(page), { shown: 2, later: 17 });
  assert.match(await page.textContent('#status') ?? '', /\(2 moves played, .*\)\. Last move: 1\(10\)4\./);
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await replayState(page), { shown: 3, later: 16 });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await replayState(page), { shown: 1, later: 18 });
  // The list follows the move shown: the last one, after End.
  await page.keyboard.press('End');
  const inList = await page.evaluate(() => {
    const grid = /** @type {HTMLElement} */ (document.getElementById('move-grid'));
    const g = grid.getBoundingClientRect();
    const r = /** @type {HTMLElement} */ (document.querySelector('#moves li:last-child')).getBoundingClientRect();
    return r.top >= g.top && r.bottom <= g.top + grid.clientTop + grid.clientHeight + 0.5;
  });
  assert.ok(inList, 'the last move is in the list\'s visible box');
  assert.deepEqual(errors, []);
  await page.close();
});

/** The board's zoom and scale, and a spot's centre. @param {import('playwright-core').Page} page */
const view = (page) => page.evaluate(() => {
  const b = /** @type {any} */ (globalThis).sprouts.board;
  return { zoom: b.zoom(), scale: b.scale(), fitScale: b.fitScale() };
});

/**
 * The distance (CSS px) from a point to a polyline.
 * @param {{x: number, y: number}} p @param {{x: number, y: number}[]} line
 */
function distance(p, line) {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1], b = line[i];
    const dx = b.x - a.x, dy = b.y - a.y;
    const u = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(p.x - a.x - u * dx, p.y - a.y - u * dy));
  }
  return best;
}

test('zoom and pan with the mouse: buttons, wheel around the cursor, Shift-drag, double click; a stroke drawn zoomed in is played as drawn', async () => {
  const { page, errors } = await site.open('', { width: 1280, height: 800 });
  const fit = await view(page);
  assert.equal(fit.zoom, 1);
  // While the zoom changes the numbers stay beside their spots (read in the
  // frame that draws the zoom); they are placed again (by the engine) once it rests.
  const during = await page.evaluate(() => new Promise((ok) => {
    /** @type {HTMLElement} */ (document.querySelector('#board [data-zoom=in]')).click();
    requestAnimationFrame(() => ok(/** @type {any} */ (globalThis).sprouts.board.shown().numbers.from));
  }));
  assert.equal(during, 'zooming');
  await page.waitForFunction(() => { const b = /** @type {any} */ (globalThis).sprouts.board; const n = b.shown().numbers; return n.from === 'given' && Math.abs(n.scale - b.scale()) < 1e-9; });
  assert.ok(Math.abs((await view(page)).zoom - 1.5) < 1e-9);
  await page.click('#board [data-zoom=out]');
  assert.ok(Math.abs((await view(page)).zoom - 1) < 1e-9);
  // The keys, with the focus on the board: + zooms in, 0 fits.
  await page.focus('#board [data-spot="1"]');
  await page.keyboard.press('+');
  assert.ok(Math.abs((await view(page)).zoom - 1.5) < 1e-9);
  await page.keyboard.press('0');
  assert.equal((await view(page)).zoom, 1);
  // The wheel zooms around the cursor: the point under it stays put.
  const a0 = await spotAt(page, 1);
  const b0 = await spotAt(page, 2);
  // Whole px: the wheel event's position is rounded.
  const mid = { x: Math.round((a0.x + b0.x) / 2), y: Math.round((a0.y + b0.y) / 2) };
  const under = await page.evaluate(({ x, y }) => /** @type {any} */ (globalThis).sprouts.board.toBoard(x, y), mid);
  await page.mouse.move(mid.x, mid.y);
  await page.mouse.wheel(0, -250);
  await page.waitForFunction(() => /** @type {any} */ (globalThis).sprouts.board.zoom() > 1.3);
  const back = await page.evaluate(([x, y]) => /** @type {any} */ (globalThis).sprouts.board.toClient(x, y), under);
  assert.ok(Math.hypot(back[0] - mid.x, back[1] - mid.y) < 0.5, `the point under the cursor moved to ${back}`);
  const zoomed = await view(page);
  assert.ok(Math.abs(zoomed.scale / fit.scale - zoomed.zoom) < 1e-9);
  assert.equal(zoomed.fitScale, fit.scale);
  const a = await spotAt(page, 1);
  const b = await spotAt(page, 2);
  const spread = Math.hypot(b.x - a.x, b.y - a.y) / Math.hypot(b0.x - a0.x, b0.y - a0.y);
  assert.ok(Math.abs(spread - zoomed.zoom) < 0.01, `the spots spread apart ${spread} times`);
  await shot(page, 'zoom-1280x800-before-stroke');
  // A stroke drawn zoomed in: the move it draws, its new spot on the line drawn.
  const stroke = arc(a, b, 70);
  await watchNewSpot(page, 4);
  await mouseDraw(page, stroke);
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  assert.deepEqual(await movesShown(page), ['1(4)2']);
  // Where the stroke put it (the tidy after the move then moves it on).
  const s4 = await playedAt(page);
  assert.ok(distance(s4, stroke) < 6, `the new spot is ${distance(s4, stroke).toFixed(1)} px from the stroke`);
  assert.equal((await view(page)).zoom, zoomed.zoom, 'a move keeps the zoom');
  await shot(page, 'zoom-1280x800-after-stroke');
  // Shift-drag pans by as much as the mouse moved.
  const s1 = await spotAt(page, 1);
  await page.keyboard.down('Shift');
  await mouseDraw(page, [{ x: 640, y: 400 }, { x: 690, y: 420 }, { x: 740, y: 450 }], { shift: true });
  await page.keyboard.up('Shift');
  const s1moved = await spotAt(page, 1);
  assert.ok(Math.abs(s1moved.x - s1.x - 100) < 1 && Math.abs(s1moved.y - s1.y - 50) < 1, `panned by ${s1moved.x - s1.x}, ${s1moved.y - s1.y}`);
  assert.equal((await movesShown(page)).length, 1, 'panning plays nothing');
  // A resize (a phone turned) keeps the board point at the centre, and the zoom.
  const centre = () => page.evaluate(() => {
    const r = /** @type {HTMLElement} */ (document.querySelector('#board .sb-board')).getBoundingClientRect();
    return /** @type {any} */ (globalThis).sprouts.board.toBoard(r.left + r.width / 2, r.top + r.height / 2);
  });
  const c0 = await centre();
  const z0 = (await view(page)).zoom;
  await page.setViewportSize({ width: 1100, height: 760 });
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  const c1 = await centre();
  assert.ok(Math.hypot(c1[0] - c0[0], c1[1] - c0[1]) < 0.5, `the centre moved from ${c0} to ${c1}`);
  assert.equal((await view(page)).zoom, z0);
  // A double click fits the drawing again.
  await page.mouse.dblclick(400, 300);
  await page.waitForFunction(() => /** @type {any} */ (globalThis).sprouts.board.zoom() === 1);
  const fitted = await view(page);
  assert.equal(fitted.scale, fitted.fitScale);
  assert.equal((await movesShown(page)).length, 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a phone: two fingers zoom and pan, one finger then draws a move', async () => {
  const { page, errors } = await site.open('', { width: 390, height: 844 });
  const a0 = await spotAt(page, 1);
  const b0 = await spotAt(page, 2);
  const c = { x: Math.round((a0.x + b0.x) / 2), y: Math.round((a0.y + b0.y) / 2) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 2 });
  const two = (/** @type {number} */ d, /** @type {number} */ shift) => [
    { x: c.x - d, y: c.y + shift, id: 1, radiusX: 2, radiusY: 2, force: 1 },
    { x: c.x + d, y: c.y + shift, id: 2, radiusX: 2, radiusY: 2, force: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: two(30, 0) });
  for (let k = 1; k <= 10; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: two(30 + 1.5 * k, 2 * k) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  const z = (await view(page)).zoom;
  // Spread from 60 to 90 px apart: 1.5 times the zoom.
  assert.ok(Math.abs(z - 1.5) < 0.02, `zoom ${z}`);
  assert.equal((await movesShown(page)).length, 0, 'a pinch plays nothing');
  const a = await spotAt(page, 1);
  const b = await spotAt(page, 2);
  // The centre between the fingers moved down 20 px and stayed under them.
  assert.ok(Math.abs((a.x + b.x) / 2 - c.x) < 1.5 && Math.abs((a.y + b.y) / 2 - c.y - 20) < 1.5, `centre at ${(a.x + b.x) / 2}, ${(a.y + b.y) / 2} (fingers from ${c.x}, ${c.y})`);
  const stroke = arc(a, b, 50, 40);
  await watchNewSpot(page, 4);
  await touchDraw(page, stroke);
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  assert.deepEqual(await movesShown(page), ['1(4)2']);
  await shot(page, 'zoom-390x844-pinched');
  // Where the stroke put it (the tidy after the move then moves it on).
  const d = distance(await playedAt(page), stroke);
  assert.ok(d < 6, `the new spot is ${d.toFixed(1)} px from the stroke`);
  // A double tap fits the drawing again.
  const taps = await page.context().newCDPSession(page);
  const at = [{ x: c.x, y: c.y + 150, id: 1, radiusX: 2, radiusY: 2, force: 1 }];
  // The page takes two taps within 400 ms (by its clock when it handles
  // them): on a machine busy with the native tests the second came later
  // (session 29's CI), so up to three double taps, each given 5 s.
  let fitted = false;
  for (let attempt = 0; attempt < 3 && !fitted; attempt++) {
    for (let k = 0; k < 2; k++) {
      await taps.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at });
      await taps.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    }
    fitted = await page.waitForFunction(() => /** @type {any} */ (globalThis).sprouts.board.zoom() === 1, null, { timeout: 5000 }).then(() => true, () => false);
  }
  await taps.detach();
  assert.ok(fitted, 'a double tap fits the drawing again');
  assert.deepEqual(await movesShown(page), ['1(4)2']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a phone: a move typed below the board brings the board back into view', async () => {
  const { page, errors } = await site.open('', { width: 390, height: 844 });
  await page.fill('#move-input', '1(4)2'); // scrolls the field into view
  assert.ok(await page.evaluate(() => scrollY > 0), 'the field is below the first screen');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  await page.waitForFunction(() => scrollY === 0);
  const box = await page.locator('#board').boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `board at ${JSON.stringify(box)}`);
  assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'move-input', 'the field lets go (the keyboard goes away)');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the computer\'s move draws itself along its curve, and not under reduced motion', async () => {
  for (const reduced of [false, true]) {
    const { page, errors } = await site.open();
    await page.emulateMedia({ reducedMotion: reduced ? 'reduce' : 'no-preference' });
    await page.selectOption('#opponent', 'random');
    // Whether the board animates right after each move is listed.
    await page.evaluate(() => {
      /** @type {boolean[]} */ const seen = [];
      new MutationObserver(() => seen.push(/** @type {any} */ (globalThis).sprouts.board.shown().animating))
        .observe(/** @type {HTMLElement} */ (document.getElementById('moves')), { childList: true });
      /** @type {any} */ (globalThis).animations = seen;
    });
    await mouseDraw(page, arc(await spotAt(page, 1), await spotAt(page, 2), 50));
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2, null, { timeout: 30000 });
    const seen = await page.evaluate(() => /** @type {any} */ (globalThis).animations);
    // The player's own stroke is not replayed; the computer's is, unless reduced.
    assert.deepEqual(seen, [false, !reduced]);
    // And it ends.
    await page.waitForFunction(() => !(/** @type {any} */ (globalThis).sprouts.board.shown().animating), null, { timeout: 2000 });
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('Play again on a game opened from a position starts from that position', async () => {
  const { page, errors } = await site.open();
  await page.click('#open-box summary');
  await page.fill('#open-text', '0*2.AB.}AB.}]!');
  await page.click('#open-submit');
  await page.waitForFunction(() => /laid out/.test(document.getElementById('status')?.textContent ?? ''));
  const start = await page.inputValue('#glop');
  await page.fill('#move-input', '1(5)2');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  assert.notEqual(await page.inputValue('#glop'), start);
  const again = await page.evaluate(() => {
    const app = /** @type {any} */ (globalThis).sprouts.app;
    const g = app.again();
    const out = { glop: g.glop(), moves: g.moveCount, start: g.startPosition(), was: app.game.startPosition() };
    g.free();
    return out;
  });
  assert.deepEqual(again, { glop: start, moves: 0, start: again.was, was: again.was });
  assert.ok(again.was, 'the opened game remembers its start');
  assert.deepEqual(errors, []);
  await page.close();
});
