// @ts-check
// The analysis panel answers as it proves: the outcome the moment it is
// known, then the winning moves and the nimber; Stop keeps what was shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';
import { newGame, nodeEngine } from './helpers.mjs';

const site = useSite();

/**
 * Clicks Analyse and records, in the page, when the outcome first appears
 * and in which state the panel was then.
 * @param {import('playwright-core').Page} page
 */
async function analyse(page) {
  await page.evaluate(() => {
    const box = /** @type {HTMLElement} */ (document.getElementById('analysis-result'));
    const w = /** @type {any} */ (globalThis);
    w.seen = { start: performance.now(), outcome: null, stateAtOutcome: null, done: null };
    new MutationObserver(() => {
      const now = performance.now();
      if (w.seen.outcome === null && box.querySelector('.outcome')) {
        w.seen.outcome = now;
        w.seen.stateAtOutcome = box.dataset.state;
      }
      if (w.seen.done === null && box.dataset.state !== 'solving' && box.dataset.state) w.seen.done = now;
    }).observe(box, { childList: true, subtree: true, attributes: true });
  });
  await page.click('#analyse');
}

test('11-spot start: the outcome appears while solving, long before the full analysis', async () => {
  const { page, errors } = await site.open();
  await newGame(page, { spots: 11 });
  await analyse(page);
  // The full analysis took 76 s beside the native tests (session 28's CI);
  // the limit is for a hung worker, not a speed check.
  await page.waitForSelector('#analysis-result[data-state=done]', { timeout: 300000 });
  const seen = await page.evaluate(() => /** @type {any} */ (globalThis).seen);
  assert.equal(seen.stateAtOutcome, 'solving', 'the outcome is shown before the analysis ends');
  assert.ok(seen.outcome < seen.done, `outcome at ${seen.outcome - seen.start} ms, done at ${seen.done - seen.start} ms`);
  // 11 spots is a first-player win (Applegate, Jacobson and Sleator);
  // the nimber and the winning moves are the engine's run in node.
  assert.equal(await page.getAttribute('#analysis-result .outcome', 'data-outcome'), 'win');
  const solver = (await nodeEngine()).analyse('11+', undefined, undefined);
  assert.match(await page.textContent('#analysis-result') ?? '', new RegExp(`Nimber: \\*${solver.nimber}\\.`));
  const shown = (await page.locator('.win-move').allTextContents()).sort();
  assert.deepEqual(shown, solver.winningMoves.map((/** @type {any} */ m) => m.move).sort());
  assert.deepEqual(errors, []);
  await page.close();
});

test('Stop after the outcome keeps the outcome and the moves found so far', async () => {
  const { page, errors } = await site.open();
  await newGame(page, { spots: 11 });
  // Stop is pressed in the page the moment the outcome is shown: a click
  // sent from the test could arrive after the whole analysis had ended on a
  // busy machine (it did, under the test command's overlapped steps).
  await page.evaluate(() => {
    const box = document.getElementById('analysis-result');
    if (!box) throw new Error('no #analysis-result');
    const seen = new MutationObserver(() => {
      if (!box.querySelector('.outcome')) return;
      seen.disconnect();
      document.getElementById('solve-cancel')?.click();
    });
    seen.observe(box, { childList: true, subtree: true });
  });
  await analyse(page);
  await page.waitForSelector('#analysis-result[data-state=stopped]', { timeout: 60000 });
  assert.equal(await page.getAttribute('#analysis-result .outcome', 'data-outcome'), 'win');
  const text = await page.textContent('#analysis-result') ?? '';
  assert.match(text, /Analysis stopped; what is shown was proved/);
  // The moves found before the stop are kept: the list so far (maybe
  // empty), or the whole list when the worker finished it before the
  // click arrived (a busy machine delays the click; the nimber, the last
  // part, is then still missing, so the analysis did stop).
  assert.match(text, /Winning moves found so far|Winning moves \(\d+ of the \d+ moves/);
  assert.doesNotMatch(text, /Nimber/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a misère analysis shows its outcome first, then ends without a nimber', async () => {
  const { page, errors } = await site.open();
  // Misère 6 spots is a first-player win, 7 a loss (OEIS A164950).
  for (const [n, outcome] of /** @type {const} */ ([[6, 'win'], [7, 'loss']])) {
    await newGame(page, { spots: n, misere: true });
    await analyse(page);
    await page.waitForSelector('#analysis-result[data-state=done]', { timeout: 120000 });
    const seen = await page.evaluate(() => /** @type {any} */ (globalThis).seen);
    assert.ok(seen.outcome <= seen.done);
    assert.equal(await page.getAttribute('#analysis-result .outcome', 'data-outcome'), outcome);
    const text = await page.textContent('#analysis-result') ?? '';
    assert.match(text, /\(misère\)/);
    assert.doesNotMatch(text, /Nimber/);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
