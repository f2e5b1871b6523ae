// @ts-check
// Helpers for the page tests: opening the page with a clean slate, finding
// spots through their focusable overlay buttons, drawing with the mouse or a
// finger, and the engine in node (for checking the page's answers).
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').BrowserContext} BrowserContext */

/**
 * A new page on `url` with empty storage, collecting console errors (CSP
 * violations among them).
 * @param {BrowserContext} browser @param {string} url
 * @param {{ width?: number, height?: number, waitReady?: boolean }} [size]
 */
export async function openPage(browser, url, size = {}) {
  const page = await browser.newPage();
  await page.setViewportSize({ width: size.width ?? 1200, height: size.height ?? 820 });
  /** @type {string[]} */
  const errors = [];
  // An engine that trapped (a Rust panic) is restarted with only a
  // warning on the page; for a test it is an error.
  page.on('console', (m) => {
    if (m.type() === 'error' || (m.type() === 'warning' && m.text().startsWith('the engine crashed'))) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  // A CSP violation becomes a console error, so every test that checks
  // `errors` checks that the page keeps to its content security policy.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  // Empty storage on the first load of this tab only (reloads keep it).
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('sprouts-test')) {
      localStorage.clear();
      // Not a first visit: a person plays each side, as the tests expect
      // (a first visit plays the computer; teach.test.mjs removes this).
      localStorage.setItem('sprouts:visited', '1');
      sessionStorage.setItem('sprouts-test', '1');
    }
  });
  await page.goto(url);
  if (size.waitReady !== false) await ready(page);
  return { page, errors };
}

/** Waits until the page has loaded the engine and drawn the game. @param {Page} page */
export async function ready(page) {
  await page.waitForSelector('html[data-ready=true]', { timeout: 20000 });
}

/**
 * Starts a new game through the set-up form.
 * @param {Page} page
 * @param {{ spots: number, misere?: boolean, player1?: string, player2?: string }} opts
 */
export async function newGame(page, opts) {
  await page.fill('#spots', String(opts.spots));
  await page.check(`input[name=convention][value=${opts.misere ? 'misere' : 'normal'}]`);
  await page.selectOption('#player1', opts.player1 ?? 'human');
  await page.selectOption('#player2', opts.player2 ?? 'human');
  // A computer may move at once: a new game (not the one before it) with
  // at least its spots, rather than exactly its spots at some frame.
  await page.evaluate(() => { const w = /** @type {any} */ (globalThis); w.gameBefore = w.sprouts.game; });
  await page.click('#new-game');
  await page.waitForFunction((n) => {
    const w = /** @type {any} */ (globalThis);
    return w.sprouts.game !== w.gameBefore && document.querySelectorAll('#board [data-spot]').length >= n;
  }, opts.spots);
}

/** Centre of spot n, from its focusable overlay button (viewport px). */
/** @param {Page} page @param {number} n @param {string} [root] */
export async function spotAt(page, n, root = '#board') {
  await page.locator(root).scrollIntoViewIfNeeded();
  const b = await page.locator(`${root} [data-spot="${n}"]`).boundingBox();
  assert.ok(b, `spot ${n} has a button`);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** The points of a curve bulging sideways by `bulge` px, `steps` pieces. */
/** @param {{x: number, y: number}} a @param {{x: number, y: number}} b @param {number} bulge @param {number} [steps] */
export function arc(a, b, bulge, steps = 30) {
  const dx = b.x - a.x, dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const nx = -dy / len, ny = dx / len;
  const out = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const s = bulge * Math.sin(Math.PI * t);
    out.push({ x: a.x + dx * t + nx * s, y: a.y + dy * t + ny * s });
  }
  return out;
}

/** Drags the mouse through the points. @param {Page} page @param {{x: number, y: number}[]} points */
export async function mouseDraw(page, points) {
  await page.mouse.move(points[0].x, points[0].y);
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(p.x, p.y);
  await page.mouse.up();
}

/**
 * Draws with one finger through the points (Chrome DevTools Protocol touch
 * events, with touch emulation on, as on a phone).
 * @param {Page} page @param {{x: number, y: number}[]} points
 */
export async function touchDraw(page, points) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const at = (/** @type {{x: number, y: number}} */ p) => [{ x: p.x, y: p.y, id: 1, radiusX: 2, radiusY: 2, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(points[0]) });
  for (const p of points.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(p) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Draws the stroke through `points` with the mouse; true once the page
 * lists `count` moves or more, false once it says the stroke is not a move (or
 * after `timeout` ms without either).
 * @param {Page} page @param {{x: number, y: number}[]} points @param {number} count @param {number} [timeout]
 */
export async function drawnOrRefused(page, points, count, timeout = 2000) {
  // The board's message line says "Not a move: …" for a refused stroke;
  // emptied first, so that an earlier refusal does not count.
  await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.board.message(''));
  await mouseDraw(page, points);
  const handle = await page.waitForFunction((n) => {
    // At least: a computer may have answered already.
    if (document.querySelectorAll('#moves li').length >= n) return 'drawn';
    return /^Not a move/.test(document.querySelector('#board .sb-msg')?.textContent ?? '') ? 'refused' : false;
  }, count, { timeout }).catch(() => null);
  return (await handle?.jsonValue()) === 'drawn';
}

/**
 * The curve the engine routes for a move, in viewport px, sampled every
 * few px: drawing it by hand makes exactly that move. `host`: a CSS
 * selector of an embedded board to draw on instead of the page's.
 * @param {Page} page @param {string} move @param {string} [host]
 */
export async function routedPath(page, move, host) {
  return page.evaluate(([m, h]) => {
    // The page's game and board, or those of a `<sprouts-board>` element.
    const s = /** @type {any} */ (h ? document.querySelector(h) : globalThis.sprouts);
    const prev = s.game.previewText(m);
    const pts = [];
    for (let i = 0; i < prev.points.length; i += 2) {
      const [x, y] = s.board.toClient(prev.points[i], prev.points[i + 1]);
      pts.push({ x, y });
    }
    // Every point of the route, and between two far apart more on the
    // straight line joining them, at most 3 px apart as a hand's pointer
    // events come. The page smooths what it captures, so sparser events
    // (8 px) drew a different line: a Brussels game at 1280x800 then had 3
    // of its 8 routed strokes refused for touching a spot.
    const out = [pts[0]];
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1], b = pts[i];
      const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 3));
      for (let k = 1; k <= n; k++) out.push({ x: a.x + (b.x - a.x) * k / n, y: a.y + (b.y - a.y) * k / n });
    }
    return out;
  }, [move, host]);
}

/**
 * Types a move into the move field and waits until the list shows `count` moves.
 * @param {Page} page @param {string} move @param {number} count
 */
export async function typeMove(page, move, count) {
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n, count);
  await tidied(page);
}

/**
 * Waits until the drawing has stopped tidying itself (the page tidies after
 * every move; the game's drawing changes until then).
 * @param {Page} page @param {number} [timeout] ms
 */
export async function tidied(page, timeout = 30000) {
  await page.waitForFunction(() => !(/** @type {any} */ (globalThis).sprouts?.tidy?.running()), null, { timeout });
}

/** The moves listed on the page. @param {Page} page */
export async function movesShown(page) {
  return page.locator('#moves li').allTextContents();
}

/**
 * The bytes of a download (through its stream: a browser shared over a
 * connection, as scripts/test.sh runs them, gives no local path).
 * @param {import('playwright-core').Download} download
 */
export async function downloadBytes(download) {
  const stream = await download.createReadStream();
  const chunks = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}

/** The engine, loaded in node from the built package (www/pkg). */
export async function nodeEngine() {
  // The glue is an ES module in a folder without package.json: node 20
  // would read it as CommonJS, so import a copy named .mjs.
  const glue = await readFile(new URL('../../www/pkg/sprouts.js', import.meta.url), 'utf8');
  const dir = await mkdtemp(join(tmpdir(), 'sprouts-glue-'));
  const file = join(dir, 'sprouts.mjs');
  await writeFile(file, glue);
  const mod = await import(pathToFileURL(file).href);
  await rm(dir, { recursive: true, force: true });
  const bytes = await readFile(new URL('../../www/pkg/sprouts_bg.wasm', import.meta.url));
  mod.initSync({ module: bytes });
  return mod;
}
