// @ts-check
// The embed's status at the end of a game under other rules says what
// the end means, as the page's does: for Brussels Sprouts that every game
// of n crosses lasts 5n − 2 moves (issue 37). A plain Sprouts game's end
// keeps its own words. On the page at phone size a cross's two centre
// spots (one dot) show one number. Needs `scripts/build-wasm.sh`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';

const site = useSite();
const SHOTS = process.env.VARIANT_SHOTS ?? '';

/**
 * Puts one `<sprouts-board>` filling the page, with these attributes, and
 * waits for its game.
 * @param {import('playwright-core').Page} page @param {{ width: number, height: number }} size @param {Record<string, string>} attrs
 */
async function embed(page, size, attrs) {
  await page.evaluate(({ size, attrs }) => {
    document.body.replaceChildren();
    for (const e of [document.documentElement, document.body]) {
      e.style.margin = '0';
      e.style.padding = '0';
    }
    const el = document.createElement('sprouts-board');
    el.id = 'end';
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.style.width = `${size.width}px`;
    el.style.height = `${size.height}px`;
    el.style.margin = '0'; // embed-demo.css gives boards a margin
    document.body.append(el);
  }, { size, attrs });
  await page.waitForFunction(() => !!(/** @type {any} */ (document.getElementById('end'))?.game), null, { timeout: 20000 });
}

/**
 * Plays the game to its end through the element's `play`, each time the
 * first move the engine lists between two live spots; the moves played.
 * @param {import('playwright-core').Page} page
 */
async function playToTheEnd(page) {
  return page.evaluate(() => {
    const el = /** @type {any} */ (document.getElementById('end'));
    let played = 0;
    while (!el.status.over && played < 40) {
      const g = el.game;
      const live = g.spotList().filter((/** @type {any} */ s) => s.lives > 0).map((/** @type {any} */ s) => s.n);
      let move = null;
      for (const a of live) for (const b of live) if (!move && b >= a) move = g.movesBetween(a, b, 1)[0] ?? null;
      if (!move) throw new Error(`no move listed at move ${played + 1}, but the game is not over`);
      el.play(move);
      played++;
    }
    return played;
  });
}

for (const size of [{ width: 480, height: 320 }, { width: 320, height: 240 }]) {
  test(`the embed at ${size.width}x${size.height}: a finished Brussels Sprouts game says 5n − 2`, async () => {
    const { page, errors } = await site.open('embed.html', { ...size, waitReady: false });
    await embed(page, size, { rules: 'brussels', spots: '1' });
    const status = page.locator('#end .status');
    assert.doesNotMatch(String(await status.textContent()), /5n − 2/, 'not before the end');
    const played = await playToTheEnd(page);
    assert.equal(played, 3, 'one cross: 5n − 2 = 3 moves');
    const text = String(await status.textContent());
    assert.match(text, /^Player 1 wins: Player 1 made the last move \(the last move wins\)\./);
    assert.match(text, /It lasted 3 moves, as every Brussels Sprouts game of 1 cross does: 5n − 2 = 3\.$/);
    // The whole sentence stays inside the element.
    const bar = await status.boundingBox();
    const host = await page.locator('#end').boundingBox();
    assert.ok(bar && host && bar.y + bar.height <= host.y + host.height + 0.5, `the status fits (${JSON.stringify({ bar, host })})`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/embed-brussels-end-${size.width}.png` });
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('the embed: dots-or-crosses says its bounds at the end, plain Sprouts keeps its words', async () => {
  const size = { width: 480, height: 320 };
  const { page, errors } = await site.open('embed.html', { ...size, waitReady: false });
  await embed(page, size, { rules: 'dots-or-crosses', spots: '1' });
  const played = await playToTheEnd(page);
  const status = page.locator('#end .status');
  assert.match(String(await status.textContent()), new RegExp(`It lasted ${played} moves?; a game of 1 lasts 2 to 3\\.$`));
  await embed(page, size, { spots: '1' });
  assert.equal(await playToTheEnd(page), 2);
  const plain = String(await status.textContent());
  assert.equal(plain, 'Player 2 wins: Player 2 made the last move (the last move wins).');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a cross on the page at 390x844 shows one number for its two centre spots, and its numbers do not overlap', async () => {
  const { page, errors } = await site.open('', { width: 390, height: 844 });
  await page.locator('#setup-box').evaluate((d) => { /** @type {HTMLDetailsElement} */ (d).open = true; });
  await page.selectOption('#rules-kind', 'brussels');
  await page.fill('#spots', '2');
  await page.click('#new-game');
  await page.waitForFunction(() => /** @type {any} */ (globalThis).sprouts.game?.rulesName === 'brussels');
  await page.locator('#setup-box').evaluate((d) => { /** @type {HTMLDetailsElement} */ (d).open = false; });
  // Spots: tips 1–8, centres 9–12 (two a cross, a hair apart: crosses.rs).
  await page.waitForFunction(() => /** @type {any} */ (globalThis).sprouts.board.shown().numbers.places.length === 24, null, { timeout: 10000 });
  const numbers = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.board.shown().numbers);
  assert.deepEqual(numbers.hidden, [10, 12], 'the second centre of each cross has no number of its own');
  // The numbers drawn (centres in board units, fonts in CSS px) keep apart.
  const k = 1 / numbers.scale; // board units per CSS px
  const boxes = [];
  for (let i = 0; i < 12; i++) {
    if (numbers.hidden.includes(i + 1)) continue;
    const [x, y] = [numbers.places[2 * i], numbers.places[2 * i + 1]];
    const half = { w: (String(i + 1).length * 7 * numbers.fonts[i]) / 12 / 2 * k, h: numbers.fonts[i] / 2 * k };
    boxes.push({ n: i + 1, x0: x - half.w, x1: x + half.w, y0: y - half.h, y1: y + half.h });
  }
  for (const a of boxes) for (const b of boxes) {
    if (a.n < b.n) assert.ok(a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0, `numbers ${a.n} and ${b.n} overlap`);
  }
  // A plain Sprouts game hides none.
  await page.locator('#setup-box').evaluate((d) => { /** @type {HTMLDetailsElement} */ (d).open = true; });
  await page.selectOption('#rules-kind', 'sprouts');
  await page.fill('#spots', '3');
  await page.click('#new-game');
  await page.waitForFunction(() => /** @type {any} */ (globalThis).sprouts.game?.rulesName === 'sprouts');
  await page.fill('#move-input', '1(4)2');
  await page.press('#move-input', 'Enter');
  // (The computer may answer at once.)
  await page.waitForFunction(() => /** @type {any} */ (globalThis).sprouts.game.moveCount >= 1);
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.board.shown().numbers.hidden), []);
  assert.deepEqual(errors, []);
  await page.close();
});
