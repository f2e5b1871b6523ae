// @ts-check
// Games under other rules on the page (issue 37): a Brussels Sprouts game
// drawn to its end in 5n − 2 moves, a dots-or-crosses move with each
// choice, the rules kept by the saved game and by a share link, and a bad
// `rules` attribute refused by the embed; the status and the rules box
// saying the variant's own words; the computer and the analysis in a
// variant; the embed's dot/cross choice from the keyboard. Needs
// `scripts/build-wasm.sh`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';
import { drawnOrRefused, embedBoard, mouseDraw, routedPath, tidied } from './helpers.mjs';

const site = useSite();
const SHOTS = process.env.VARIANT_SHOTS ?? '';

/**
 * Starts a game from the New game form.
 * @param {import('playwright-core').Page} page @param {string} rules @param {number} n @param {string} [start]
 */
async function newVariant(page, rules, n, start) {
  await page.locator('#setup-box').evaluate((d) => { /** @type {HTMLDetailsElement} */ (d).open = true; });
  await page.selectOption('#rules-kind', rules);
  if (start) await page.selectOption('#start-kind', start);
  await page.fill('#spots', String(n));
  await page.click('#new-game');
  await page.waitForFunction((r) => /** @type {any} */ (globalThis).sprouts.game?.rulesName === r, rules);
}

/**
 * Draws one legal move by hand, along the curve the engine routes for it:
 * the first candidate (pairs of live spots) whose routed curve the page's
 * stroke rules take (they keep more room round spots than the router).
 * @param {import('playwright-core').Page} page
 */
async function drawSomeMove(page) {
  await tidied(page);
  const candidates = await page.evaluate(() => {
    const g = /** @type {any} */ (globalThis).sprouts.game;
    const live = g.spotList().filter((/** @type {any} */ s) => s.lives > 0).map((/** @type {any} */ s) => s.n);
    const out = [];
    // The first 12 are all that is tried: routing the moves of every pair
    // took most of this file's time.
    for (const a of live) for (const b of live) if (b >= a && out.length < 12) out.push(...g.movesBetween(a, b, 50));
    return out;
  });
  assert.ok(candidates.length, 'a move is left');
  const before = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.moveCount);
  const listed = await page.locator('#moves li').count();
  /** @type {string[]} */
  const said = [];
  for (const text of candidates.slice(0, 12)) {
    const played = await drawnOrRefused(page, await routedPath(page, text), listed + 1, 3000);
    if (played) {
      // The computer may have answered already.
      assert.ok(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.moveCount) >= before + 1);
      return text;
    }
    said.push(`${text}: ${await page.locator('#board .sb-msg').textContent()}`);
  }
  // Late in a game the router may pass closer to an arm's tip than a
  // hand-drawn line may (its room round spots is smaller than the page's
  // stroke rules): the move is typed then, as a player would.
  await page.fill('#move-input', candidates[0]);
  await page.press('#move-input', 'Enter');
  await page.waitForFunction((k) => /** @type {any} */ (globalThis).sprouts.game.moveCount >= k + 1, before, { timeout: 10000 });
  return `${candidates[0]} (typed: ${said.join('; ')})`;
}

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`Brussels Sprouts at ${size.width}x${size.height}: drawn to its end in 5n − 2 = 8 moves, the status says who won`, async () => {
    const { page, errors } = await site.open('', size);
    await newVariant(page, 'brussels', 2);
    assert.equal(await page.locator('#board [data-spot]').count(), 12, 'two crosses: 8 tips and 4 centre spots');
    // The rules box says Brussels Sprouts' rules, not plain Sprouts'.
    const rulesBox = await page.locator('#rules p').textContent();
    assert.match(String(rulesBox), /free arms/);
    assert.match(String(rulesBox), /5n − 2/);
    assert.doesNotMatch(String(rulesBox), /new spot appears/);
    let drawn = 0;
    /** @type {string[]} */
    const typed = [];
    for (let k = 0; k < 8; k++) {
      assert.ok(!(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.isOver())), `not over before move ${k + 1}`);
      const how = await drawSomeMove(page);
      if (how.includes('(typed')) typed.push(how);
      else drawn++;
      if (k === 2 && SHOTS) await page.screenshot({ path: `${SHOTS}/brussels-${size.width}-mid.png` });
    }
    assert.ok(drawn >= 6, `most moves drawn by hand (${drawn} of 8): ${typed.join(' | ')}`);
    const st = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.status());
    assert.equal(st.over, true);
    assert.equal(st.winner, 2, 'the second player made the 8th, last move');
    await page.waitForFunction(() => /player 2/i.test(document.getElementById('status')?.textContent ?? ''));
    const status = String(await page.locator('#status').textContent());
    assert.match(status, /Player 2 wins/);
    assert.match(status, /No two free arms can be joined/);
    assert.match(status, /lasted 8 moves.*5n − 2 = 8/);
    assert.doesNotMatch(status, /spots? survive/, 'no Sprouts survivors under crosses');
    const record = await page.inputValue('#record');
    assert.match(record, /^\{brussels\} 2\+ (\S+ ){8}II$/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/brussels-${size.width}-end.png` });

    // The saved-game file keeps the rules (read back by the page's engine).
    const file = await page.evaluate(() => {
      const s = /** @type {any} */ (globalThis).sprouts;
      const json = s.game.toJson();
      return { json, record: s.game.constructor.fromJson(json).record() };
    });
    assert.match(file.json, /"rules":"brussels"/);
    assert.match(file.json, /"crosses":2/);
    assert.equal(file.record, record);

    // A share link: the record in r= carries the rules' tag.
    const link = `#r=${encodeURIComponent(record)}`;
    const other = await site.open(link, size);
    await other.page.waitForFunction(() => /** @type {any} */ (globalThis).sprouts.game?.rulesName === 'brussels');
    assert.equal(await other.page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.record()), record);
    assert.deepEqual(errors, []);
    assert.deepEqual(other.errors, []);
    await other.page.close();
    await page.close();
  });
}

test('dots-or-crosses: one move with a cross-bar, one with a dot, chosen with the buttons under the board', async () => {
  const { page, errors } = await site.open('', { width: 390, height: 844 });
  await newVariant(page, 'dots-or-crosses', 2, 'dots');
  const bar = page.locator('#variant-bar');
  await bar.waitFor({ state: 'visible' });
  const cross = bar.locator('button[data-new-spot=cross]');
  const box = await cross.boundingBox();
  assert.ok(box && box.height >= 44 && box.width >= 44, 'a touch-sized button');
  await cross.click();
  assert.equal(await cross.getAttribute('aria-pressed'), 'true');
  await drawSomeMove(page);
  let rec = await page.inputValue('#record');
  assert.match(rec, /^\{dots-or-crosses\} 2\+ \S+x$/, 'a cross-bar move is marked x');
  assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.spotList().length), 6, 'a cross-bar adds 4 spots');
  await bar.locator('button[data-new-spot=dot]').click();
  await drawSomeMove(page);
  rec = await page.inputValue('#record');
  assert.match(rec, /^\{dots-or-crosses\} 2\+ \S+x \S*\d$/, 'a dot move is unmarked');
  assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.spotList().length), 7);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dots-or-crosses-390.png` });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the embed: rules="brussels" draws crosses, a bad rules attribute is refused with a clear message', async () => {
  const { page, errors } = await site.open('lessons/brussels.html', { width: 480, height: 320, waitReady: false });
  const board = page.locator('#rules-board');
  await page.waitForFunction(() => {
    const el = /** @type {any} */ (document.getElementById('rules-board'));
    return el?.game?.rulesName === 'brussels';
  }, null, { timeout: 20000 });
  assert.equal(await board.evaluate((el) => /** @type {any} */ (el).game.spotList().length), 12);
  if (SHOTS) await board.screenshot({ path: `${SHOTS}/embed-brussels-480.png` });
  // The lesson's counter uses Brussels Sprouts' own bound: exactly 5n − 2.
  const maths = page.locator('#counter-board .sb-maths');
  await page.waitForFunction(() => /exactly 8 more moves/.test(document.getElementById('counter-board')?.shadowRoot?.querySelector('.sb-maths')?.textContent ?? ''), null, { timeout: 20000 });
  assert.match(String(await maths.textContent()), /5n − 2 = 8/);
  assert.doesNotMatch(String(await maths.textContent()), /lasts 4 to 5 moves/);
  if (SHOTS) await page.locator('#counter-board').screenshot({ path: `${SHOTS}/embed-counter-480.png` });
  const message = await page.evaluate(async () => {
    const el = document.createElement('sprouts-board');
    el.setAttribute('rules', 'brusels');
    const got = new Promise((resolve) => el.addEventListener('sprouts-error', (e) => resolve(/** @type {CustomEvent} */ (e).detail.message)));
    document.body.append(el);
    return got;
  });
  assert.match(String(message), /unknown rules "brusels"/);
  assert.deepEqual(errors.filter((e) => !/unknown rules/.test(e)), []);
  await page.close();
});

/**
 * Opens the Analyse panel and waits for the outcome.
 * @param {import('playwright-core').Page} page
 */
async function analyse(page) {
  await page.click('#analyse');
  await page.waitForFunction(() => document.getElementById('analysis-result')?.dataset.state === 'done', null, { timeout: 60000 });
  return String(await page.locator('#analysis-result').textContent());
}

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`the computer and the analysis in a variant at ${size.width}x${size.height}`, async () => {
    const { page, errors } = await site.open('', size);
    // Brussels Sprouts of 2 crosses: 8 moves, so player 1 loses whatever.
    await newVariant(page, 'brussels', 2);
    let text = await analyse(page);
    assert.match(text, /Loss for Player 1/);
    assert.match(text, /Every move loses/);
    // Dots-or-crosses from 2 crosses: a first-player win (docs/variants.md),
    // with winning moves that play.
    await newVariant(page, 'dots-or-crosses', 2, 'crosses');
    text = await analyse(page);
    assert.match(text, /Win for Player 1/);
    const moves = page.locator('#analysis-result .win-move');
    assert.ok((await moves.count()) >= 1, 'winning moves listed');
    await moves.first().click();
    await page.waitForFunction(() => /** @type {any} */ (globalThis).sprouts.game.moveCount === 1);
    text = await analyse(page);
    assert.match(text, /Loss for Player 2/, 'after a winning move the opponent loses');

    // The computer answers a move drawn by hand (Weeds, 3 dots, player 2 perfect).
    await page.locator('#setup-box').evaluate((d) => { /** @type {HTMLDetailsElement} */ (d).open = true; });
    await page.selectOption('#player2', 'perfect');
    await newVariant(page, 'weeds', 3);
    assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.app.players[2]), 'perfect', 'the computer is kept under other rules');
    await drawSomeMove(page);
    await page.waitForFunction(() => /** @type {any} */ (globalThis).sprouts.game.moveCount === 2, null, { timeout: 30000 });
    const rec = await page.inputValue('#record');
    assert.match(rec, /^\{weeds\} 3\+ \S+ \S+$/);
    // After the computer's line has been drawn in (the board animates it).
    if (SHOTS) await page.waitForTimeout(1500).then(() => page.screenshot({ path: `${SHOTS}/weeds-computer-${size.width}.png` }));
    assert.deepEqual(errors, []);
    await page.close();
  });
}

for (const size of [{ width: 480, height: 320 }, { width: 320, height: 240 }]) {
  test(`the embed at ${size.width}x${size.height}: the dot/cross choice of dots-or-crosses, from the keyboard`, async () => {
    const { page, errors } = await embedBoard(site.open, size, { rules: 'dots-or-crosses', spots: '2' }, { ready: false });
    await page.waitForFunction(() => /** @type {any} */ (document.getElementById('b'))?.game?.rulesName === 'dots-or-crosses', null, { timeout: 20000 });
    const el = page.locator('#b');
    const row = el.locator('.newspot');
    await row.waitFor({ state: 'visible' });
    assert.deepEqual(await row.locator('button').allTextContents(), ['Dot', 'Cross-bar']);
    assert.equal(await row.locator('[data-new-spot=dot]').getAttribute('aria-pressed'), 'true');
    // Tab reaches the buttons; Space presses one.
    let found = false;
    for (let k = 0; k < 8 && !found; k++) {
      await page.keyboard.press('Tab');
      found = await el.evaluate((e) => /** @type {HTMLElement | null} */ (e.shadowRoot?.activeElement ?? null)?.dataset?.newSpot === 'cross');
    }
    assert.ok(found, 'the Cross-bar button is reached by Tab');
    await page.keyboard.press('Space');
    assert.equal(await row.locator('[data-new-spot=cross]').getAttribute('aria-pressed'), 'true');
    const box = await row.locator('[data-new-spot=cross]').boundingBox();
    assert.ok(box, 'the choice is shown');
    // The status line under it still fits in the element.
    const bar = await el.locator('.status').boundingBox();
    const host = await el.boundingBox();
    assert.ok(bar && host && bar.y + bar.height <= host.y + host.height + 0.5, `the status line fits (${JSON.stringify({ bar, host })})`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/embed-choice-${size.width}.png` });
    // A stroke drawn on the embed now puts a cross-bar on its line.
    const move = await el.evaluate((e) => /** @type {any} */ (e).game.movesBetween(1, 2, 4)[0]);
    const path = await routedPath(page, move, '#b');
    await mouseDraw(page, path);
    await page.waitForFunction(() => /** @type {any} */ (document.getElementById('b')).game.moveCount === 1);
    assert.match(await el.evaluate((e) => /** @type {any} */ (e).record), /^\{dots-or-crosses\} 2\+ \S+x$/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/embed-cross-${size.width}.png` });
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('a long Brussels Sprouts game at 390x844 is tidied: its spot numbers do not cover each other', async () => {
  const { page, errors } = await site.open('', { width: 390, height: 844 });
  await newVariant(page, 'brussels', 3);
  // 5n − 2 = 13 typed moves (routed by the engine, so crowded where a
  // player's strokes would not be); each tidied as it is played.
  for (let k = 0; k < 13; k++) {
    const text = await page.evaluate(() => {
      const g = /** @type {any} */ (globalThis).sprouts.game;
      const live = g.spotList().filter((/** @type {any} */ s) => s.lives > 0).map((/** @type {any} */ s) => s.n);
      for (const a of live) for (const b of live) if (b >= a) { const m = g.movesBetween(a, b, 50); if (m.length) return m[m.length > 1 ? 1 : 0]; }
      return null;
    });
    assert.ok(text, `move ${k + 1} of 13 is left`);
    await page.fill('#move-input', String(text));
    await page.press('#move-input', 'Enter');
    await page.waitForFunction((n) => /** @type {any} */ (globalThis).sprouts.game.moveCount >= n, k + 1, { timeout: 10000 });
    await tidied(page, 60000);
  }
  assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.moveCount), 13);
  const numbers = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.board.shown().numbers);
  const spots = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.spotList().map((/** @type {any} */ s) => s.n));
  // Boxes in CSS px: about 0.6 em a digit wide, 1 em high.
  const boxes = spots.map((/** @type {number} */ n, /** @type {number} */ i) => ({
    n, x: numbers.places[2 * i] * numbers.scale, y: numbers.places[2 * i + 1] * numbers.scale,
    w: 0.6 * numbers.fonts[i] * String(n).length, h: numbers.fonts[i],
  })).filter((/** @type {any} */ b) => !numbers.hidden.includes(b.n));
  const covered = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      if (Math.abs(a.x - b.x) < (a.w + b.w) / 2 && Math.abs(a.y - b.y) < (a.h + b.h) / 2) covered.push(`${a.n}/${b.n}`);
    }
  }
  assert.deepEqual(covered, [], 'numbers covering each other');
  if (SHOTS) await page.locator('#board').screenshot({ path: `${SHOTS}/brussels-3-long-390.png` });
  assert.deepEqual(errors, []);
  await page.close();
});
