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

/**
 * Drags the mouse through the points, holding Shift with `shift`.
 * The Chrome DevTools Protocol's mouse events, as Playwright's page.mouse
 * sends them (the same trusted events, one per point), but without its
 * drag-and-drop interception: with a button down, each page.mouse.move
 * ran a script in every frame and turned drag interception on and off
 * around the event, five round trips instead of one (the pages use
 * pointer events, never HTML drag and drop).
 * `perFrame` events are sent at once, as a quick hand's come: Chromium
 * hands a frame's moves to the page as one pointermove whose
 * getCoalescedEvents() lists every point, in order (checked: 150 of 150),
 * and the plane board (www/board.js) reads them all, so it checks and
 * draws the stroke once per frame instead of once per point (a 2-spot
 * game drawn by hand: 30 s to 7 s); so does the surface board
 * (www/surface-input.js). `perFrame: 1` sends one point per frame.
 * @param {Page} page @param {{x: number, y: number}[]} points
 * @param {{ shift?: boolean, perFrame?: number }} [opts]
 */
export async function mouseDraw(page, points, opts = {}) {
  const cdp = await page.context().newCDPSession(page);
  const modifiers = opts.shift ? 8 : 0;
  const send = (/** @type {string} */ type, /** @type {{x: number, y: number}} */ p, /** @type {number} */ buttons) => cdp.send('Input.dispatchMouseEvent', {
    // @ts-ignore: the protocol's string enums
    type, x: p.x, y: p.y, modifiers, buttons,
    // @ts-ignore
    button: type === 'mouseMoved' && !buttons ? 'none' : 'left',
    clickCount: type === 'mouseMoved' ? 0 : 1,
    force: buttons ? 0.5 : 0,
  });
  await send('mouseMoved', points[0], 0);
  await send('mousePressed', points[0], 1);
  const rest = points.slice(1);
  const batch = opts.perFrame ?? 8;
  for (let i = 0; i < rest.length; i += batch) await Promise.all(rest.slice(i, i + batch).map((p) => send('mouseMoved', p, 1)));
  await send('mouseReleased', points[points.length - 1], 0);
  await cdp.detach();
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

/**
 * The embed test page: `embed.html` emptied (its demo boards removed),
 * then one `<sprouts-board id="b">` with these attributes filling a box
 * (`#box`) of `size` at `pad` px from the page's corner; resolves once the
 * board is ready (`ready: false`: once it is in the page). Errors the
 * board reports (`sprouts-error`) collect in `window.sproutsErrors`. The
 * page is `page`, or a new one from `open` (a useSite()'s `open`) with room
 * around the box. One helper for the embed, embed-fit, surface and
 * variants tests, which each set this page up.
 * @param {Page | ((path: string, size: object) => Promise<{ page: Page, errors: string[] }>)} pageOrOpen
 * @param {{ width: number, height: number }} size @param {Record<string, string>} attrs
 * @param {{ pad?: number, ready?: boolean }} [opts]
 * @returns {Promise<{ page: Page, errors: string[] }>}
 */
export async function embedBoard(pageOrOpen, size, attrs, opts = {}) {
  const pad = opts.pad ?? 0;
  /** @type {{ page: Page, errors: string[] }} */
  const opened = typeof pageOrOpen === 'function'
    ? await pageOrOpen('embed.html', { waitReady: false, width: size.width + 2 * pad + 40, height: size.height + 2 * pad + 40 })
    : { page: pageOrOpen, errors: [] };
  await opened.page.evaluate(async ({ size, attrs, pad, ready }) => {
    await customElements.whenDefined('sprouts-board');
    document.body.replaceChildren();
    for (const e of [document.documentElement, document.body]) e.style.margin = '0';
    document.body.style.padding = `${pad}px`;
    const box = document.createElement('div');
    box.id = 'box';
    box.style.width = `${size.width}px`;
    box.style.height = `${size.height}px`;
    const el = /** @type {any} */ (document.createElement('sprouts-board'));
    el.id = 'b';
    el.style.width = '100%';
    el.style.height = '100%';
    el.style.margin = '0'; // embed-demo.css gives boards a margin
    /** @type {string[]} */
    const seen = [];
    el.addEventListener('sprouts-error', (/** @type {CustomEvent} */ e) => seen.push(e.detail.message));
    /** @type {any} */ (window).sproutsErrors = seen;
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    box.append(el);
    document.body.append(box);
    if (ready) await el.ready;
  }, { size, attrs, pad, ready: opts.ready ?? true });
  return opened;
}
