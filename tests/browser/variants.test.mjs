// @ts-check
// Games under other rules on the page (issue 37): a Brussels Sprouts game
// drawn to its end in 5n − 2 moves, a dots-or-crosses move with each
// choice, the rules kept by the saved game and by a share link, and a bad
// `rules` attribute refused by the embed. Needs `scripts/build-wasm.sh`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';
import { drawnOrRefused, routedPath, tidied } from './helpers.mjs';

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
      assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.moveCount), before + 1);
      return text;
    }
    said.push(`${text}: ${await page.locator('#board .sb-msg').textContent()}`);
  }
  // Late in a game the router may pass closer to an arm's tip than a
  // hand-drawn line may (its room round spots is smaller than the page's
  // stroke rules): the move is typed then, as a player would.
  await page.fill('#move-input', candidates[0]);
  await page.press('#move-input', 'Enter');
  await page.waitForFunction((k) => /** @type {any} */ (globalThis).sprouts.game.moveCount === k + 1, before, { timeout: 10000 });
  return `${candidates[0]} (typed: ${said.join('; ')})`;
}

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`Brussels Sprouts at ${size.width}x${size.height}: drawn to its end in 5n − 2 = 8 moves, the status says who won`, async () => {
    const { page, errors } = await site.open('', size);
    await newVariant(page, 'brussels', 2);
    assert.equal(await page.locator('#board [data-spot]').count(), 12, 'two crosses: 8 tips and 4 centre spots');
    let drawn = 0;
    for (let k = 0; k < 8; k++) {
      assert.ok(!(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.isOver())), `not over before move ${k + 1}`);
      if (!(await drawSomeMove(page)).includes('(typed')) drawn++;
      if (k === 2 && SHOTS) await page.screenshot({ path: `${SHOTS}/brussels-${size.width}-mid.png` });
    }
    assert.ok(drawn >= 6, `most moves drawn by hand (${drawn} of 8)`);
    const st = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.status());
    assert.equal(st.over, true);
    assert.equal(st.winner, 2, 'the second player made the 8th, last move');
    await page.waitForFunction(() => /player 2/i.test(document.getElementById('status')?.textContent ?? ''));
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
