// @ts-check
// Puzzles on the page (the Puzzles panel) and in <sprouts-board
// mode="puzzle">: the puzzle of the day by date, a wrong move refused with
// its reason, hints (land, then spots), a solution accepted, "Show", and
// the `sprouts-puzzle` event; at 1280×800 and 390×844, with screenshots in
// target/browser-artefacts/puzzle-*.png. The wrong move is found in node,
// independently of the checking code: a legal move whose canonical child
// is not one of the puzzle file's winning children.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSite } from './harness.mjs';
import { arc, mouseDraw, nodeEngine, spotAt } from './helpers.mjs';

const site = useSite();
const ARTEFACTS = fileURLToPath(new URL('../../target/browser-artefacts/', import.meta.url));
const FILE = JSON.parse(await readFile(new URL('../../www/puzzles.json', import.meta.url), 'utf8'));
/** A small normal-play puzzle with one winning move among several. */
const PUZZLE = FILE.puzzles.find((/** @type {any} */ p) => p.convention === 'normal' && p.winningMoves === 1 && p.moves >= 4 && p.lives <= 12);

/** A legal move of the puzzle that does not win, found by the engine in node. */
async function wrongMove() {
  const e = await nodeEngine();
  const g = e.Game.fromPosition(PUZZLE.position, false, 800, 600);
  const live = g.spotList().filter((/** @type {any} */ s) => s.lives > 0).map((/** @type {any} */ s) => s.n);
  for (const a of live) {
    for (const b of live) {
      for (const m of g.movesBetween(a, b, 8)) {
        g.playText(m);
        const child = g.glop();
        g.undo();
        g.dropRedo();
        if (!PUZZLE.winningChildren.includes(child)) return m;
      }
    }
  }
  throw new Error('no wrong move');
}

/** @param {import('playwright-core').Page} page @param {string} name */
async function shot(page, name) {
  await mkdir(ARTEFACTS, { recursive: true });
  const path = join(ARTEFACTS, `puzzle-${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** The feedback line of the panel's board. @param {import('playwright-core').Page} page */
const feedback = (page) => page.evaluate(() => document.querySelector('#puzzles-box sprouts-board')?.shadowRoot?.querySelector('.feedback')?.textContent ?? '');

/** Waits for the feedback to match. @param {import('playwright-core').Page} page @param {string} re */
async function waitFeedback(page, re) {
  await page.waitForFunction((r) => new RegExp(r).test(document.querySelector('#puzzles-box sprouts-board')?.shadowRoot?.querySelector('.feedback')?.textContent ?? ''), re, { timeout: 30000 })
    .catch(async () => assert.fail(`feedback ${JSON.stringify(await feedback(page))} does not match /${re}/`));
}

/** @param {import('playwright-core').Page} page @param {string} which */
const click = (page, which) => page.evaluate((w) => /** @type {HTMLElement} */ (document.querySelector('#puzzles-box sprouts-board')?.shadowRoot?.querySelector(w))?.click(), which);

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`puzzles at ${size.width}×${size.height}: of the day, wrong, hint, solved, show, events`, async () => {
    assert.ok(PUZZLE, 'a small puzzle with one winning move in www/puzzles.json');
    const wrong = await wrongMove();
    const { page, errors } = await site.open('', size);
    await page.evaluate(() => {
      /** @type {any} */ (window).puzzleEvents = [];
      document.addEventListener('sprouts-puzzle', (e) => /** @type {any} */ (window).puzzleEvents.push(/** @type {CustomEvent} */ (e).detail));
    });
    await page.click('#puzzles-box summary');
    await waitFeedback(page, 'find a winning move');
    // The puzzle of the day: days since 1970 (UTC) modulo the count.
    const day = Math.floor(Date.now() / 86_400_000) % FILE.puzzles.length;
    assert.equal(await page.getAttribute('#puzzles-box sprouts-board', 'puzzle'), FILE.puzzles[day].id);
    assert.match(await page.textContent('#puzzles-box .puzzle-title') ?? '', /Puzzle of the day/);
    await page.locator('#puzzles-box sprouts-board').scrollIntoViewIfNeeded();
    console.log(`screenshot ${await shot(page, `day-${size.width}`)}`);

    // Another puzzle, by its attribute.
    await page.evaluate((id) => document.querySelector('#puzzles-box sprouts-board')?.setAttribute('puzzle', id), PUZZLE.id);
    await page.waitForFunction((r) => document.querySelector('#puzzles-box sprouts-board')?.getAttribute('moves') === r, PUZZLE.record);
    await waitFeedback(page, 'find a winning move');
    const count = () => page.evaluate(() => /** @type {any} */ (document.querySelector('#puzzles-box sprouts-board')).game.moveCount);
    assert.equal(await count(), PUZZLE.moveNumber);

    // A wrong move: refused, taken back, with the opponent's winning reply.
    await page.evaluate((m) => /** @type {any} */ (document.querySelector('#puzzles-box sprouts-board')).play(m), wrong);
    await waitFeedback(page, 'does not win: your opponent would win by replying \\S+');
    assert.equal(await count(), PUZZLE.moveNumber);
    assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).puzzleEvents), [{ correct: false, move: wrong }]);
    console.log(`screenshot ${await shot(page, `wrong-${size.width}`)}`);

    // Hints: the land, then the spots of a winning move.
    await click(page, '[data-puzzle=hint]');
    await waitFeedback(page, 'Hint: play in the land of spots? [\\d, and]+');
    await click(page, '[data-puzzle=hint]');
    await waitFeedback(page, 'Hint: (join spot \\d+ to spot \\d+|draw a loop from spot \\d+)');
    console.log(`screenshot ${await shot(page, `hint-${size.width}`)}`);

    // The solution: accepted, the board then read-only.
    await page.evaluate((m) => /** @type {any} */ (document.querySelector('#puzzles-box sprouts-board')).play(m), PUZZLE.solutions[0]);
    await waitFeedback(page, '^Correct: ');
    assert.equal(await count(), PUZZLE.moveNumber + 1);
    const events = await page.evaluate(() => /** @type {any} */ (window).puzzleEvents);
    assert.equal(events.length, 2);
    assert.equal(events[1].correct, true);
    console.log(`screenshot ${await shot(page, `solved-${size.width}`)}`);

    // Restart, then Show: a winning move is played, no attempt event.
    await click(page, '[data-act=reset]');
    await waitFeedback(page, 'find a winning move');
    assert.equal(await count(), PUZZLE.moveNumber);
    await click(page, '[data-puzzle=show]');
    await waitFeedback(page, '^A winning move: \\S+');
    assert.equal(await count(), PUZZLE.moveNumber + 1);
    assert.equal((await page.evaluate(() => /** @type {any} */ (window).puzzleEvents)).length, 2);
    console.log(`screenshot ${await shot(page, `show-${size.width}`)}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('the element alone: mode="puzzle" with position and misere, at 480×320 and 320×240', async () => {
  // A misère puzzle, given by its position (Hoey list) rather than its id.
  const z = FILE.puzzles.find((/** @type {any} */ p) => p.convention === 'misere' && p.lives <= 14);
  assert.ok(z, 'a small misère puzzle');
  const { page, errors } = await site.open('embed.html', { width: 480, height: 320, waitReady: false });
  await page.evaluate(({ position }) => {
    /** @type {any} */ (window).puzzleEvents = [];
    document.addEventListener('sprouts-puzzle', (e) => /** @type {any} */ (window).puzzleEvents.push(/** @type {CustomEvent} */ (e).detail));
    document.body.replaceChildren();
    const el = document.createElement('sprouts-board');
    el.id = 'solo';
    el.setAttribute('mode', 'puzzle');
    el.setAttribute('position', position);
    el.setAttribute('misere', '');
    el.style.width = '100vw';
    el.style.height = '100vh';
    document.body.style.margin = '0';
    document.body.append(el);
  }, z);
  const text = () => page.evaluate(() => document.querySelector('#solo')?.shadowRoot?.querySelector('.feedback')?.textContent ?? '');
  await page.waitForFunction(() => /misère/.test(document.querySelector('#solo')?.shadowRoot?.querySelector('.feedback')?.textContent ?? ''), null, { timeout: 30000 })
    .catch(async () => assert.fail(`feedback: ${await text()}`));
  console.log(`screenshot ${await shot(page, 'element-480')}`);
  await page.setViewportSize({ width: 320, height: 240 });
  await page.waitForTimeout(300);
  console.log(`screenshot ${await shot(page, 'element-320')}`);
  await page.evaluate((m) => /** @type {any} */ (document.querySelector('#solo')).play(m), z.solutions[z.solutions.length - 1]);
  await page.waitForFunction(() => /^Correct/.test(document.querySelector('#solo')?.shadowRoot?.querySelector('.feedback')?.textContent ?? ''), null, { timeout: 30000 })
    .catch(async () => assert.fail(`feedback: ${await text()}`));
  const events = await page.evaluate(() => /** @type {any} */ (window).puzzleEvents);
  assert.equal(events.length, 1);
  assert.equal(events[0].correct, true);
  console.log(`screenshot ${await shot(page, 'element-320-solved')}`);
  // An unknown id is said, not thrown.
  await page.evaluate(() => document.querySelector('#solo')?.setAttribute('puzzle', 'no-such-puzzle'));
  await page.waitForFunction(() => /No puzzle is called/.test(document.querySelector('#solo')?.shadowRoot?.querySelector('.feedback')?.textContent ?? ''));
  assert.deepEqual(errors, []);
  await page.close();
});

test('drawn answers on the element: a wrong stroke is taken back, then the solution is accepted', async () => {
  // The 5-spot start: only a loop around two spots wins (as the file's puzzle of that position says).
  const start = FILE.puzzles.find((/** @type {any} */ p) => p.moveNumber === 0 && p.record === '5+');
  assert.ok(start, 'the 5-spot start is a puzzle of the file');
  const { page, errors } = await site.open('embed.html', { width: 480, height: 320, waitReady: false });
  await page.evaluate(() => {
    /** @type {any} */ (window).puzzleEvents = [];
    document.addEventListener('sprouts-puzzle', (e) => /** @type {any} */ (window).puzzleEvents.push(/** @type {CustomEvent} */ (e).detail));
    document.body.replaceChildren();
    document.body.style.margin = '0';
    const el = document.createElement('sprouts-board');
    el.id = 'solo';
    el.setAttribute('mode', 'puzzle');
    el.setAttribute('position', '0*5');
    el.style.width = '100vw';
    el.style.height = '100vh';
    document.body.append(el);
  });
  const fb = () => page.evaluate(() => document.querySelector('#solo')?.shadowRoot?.querySelector('.feedback')?.textContent ?? '');
  const until = async (/** @type {string} */ re) => page.waitForFunction((r) => new RegExp(r).test(document.querySelector('#solo')?.shadowRoot?.querySelector('.feedback')?.textContent ?? ''), re, { timeout: 30000 })
    .catch(async () => assert.fail(`feedback ${JSON.stringify(await fb())} does not match /${re}/`));
  await until('find a winning move');
  // A line between two spots: never a winning move from this start.
  const a = await spotAt(page, 1, '#solo');
  const b = await spotAt(page, 2, '#solo');
  await mouseDraw(page, arc(a, b, 25));
  await until('does not win: your opponent would win by replying');
  const events = await page.evaluate(() => /** @type {any} */ (window).puzzleEvents);
  assert.equal(events.length, 1);
  assert.equal(events[0].correct, false);
  assert.match(events[0].move, /^[12]\(6\)[12]$/);
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.querySelector('#solo')).game.moveCount), 0);
  console.log(`screenshot ${await shot(page, 'drawn-wrong-480')}`);
  // The file's solution, played through the element's API.
  await page.evaluate((m) => /** @type {any} */ (document.querySelector('#solo')).play(m), start.solutions[0]);
  await until('^Correct');
  assert.equal((await page.evaluate(() => /** @type {any} */ (window).puzzleEvents))[1].correct, true);
  assert.deepEqual(errors, []);
  await page.close();
});
