// @ts-check
// Teaching (issue 35): what a first visitor is told, the game-tree
// explorer, and the mathematics on the board, at a desktop's and a phone's
// size. Screenshots go to target/screenshots/teach-*.png (not committed)
// to be looked at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { useSite } from './harness.mjs';
import { openPage, ready, newGame } from './helpers.mjs';

const site = useSite();
const SHOTS = fileURLToPath(new URL('../../target/screenshots/', import.meta.url));
const SIZES = [{ width: 1280, height: 800, name: 'desktop' }, { width: 390, height: 844, name: 'phone' }];

/** @param {import('playwright-core').Page} page @param {string} name */
async function shot(page, name) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}teach-${name}.png` });
}

for (const size of SIZES) {
  test(`a first visit is told what to do (${size.name})`, async () => {
    const { page, errors } = await openPage(site.browser, site.url, size);
    // A first visit: nothing remembered at all.
    await page.evaluate(() => localStorage.clear());
    await page.waitForLoadState("networkidle");
    await page.reload();
    await ready(page);
    const band = await page.textContent('#board .sb-msg');
    assert.equal(band, 'Draw a line from a spot to another spot, or back to itself');
    assert.equal(await page.inputValue('#opponent'), 'heuristic', 'a first visitor plays the computer');
    assert.match(await page.textContent('#status') ?? '', /^Your move \(no moves yet, 9 lives left\)/);
    // Open beside the board on a desktop; on a phone closed above the board (one tap opens them).
    const phone = size.width < 600;
    assert.equal(await page.locator('#rules').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open), !phone);
    assert.ok(await page.locator('#rules').isVisible(), 'the rules are on the first screen');
    const box = await page.locator('#rules').boundingBox();
    assert.ok(box && box.y + box.height <= size.height, 'the rules are above the fold');
    await shot(page, `first-visit-${size.name}`);
    if (phone) {
      await page.click('#rules summary');
      assert.match(await page.textContent('#rules') ?? '', /Whoever cannot move loses/);
      await shot(page, `first-visit-rules-${size.name}`);
      await page.waitForLoadState('networkidle');
      await page.reload();
      await ready(page);
      assert.equal(await page.locator('#rules').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open), true, 'opened, they stay open');
    }
    // Closed, the rules stay closed after a reload.
    await page.click('#rules summary');
    await page.waitForLoadState("networkidle");
    await page.reload();
    await ready(page);
    assert.equal(await page.locator('#rules').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open), false);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`the explorer goes down two levels and back (${size.name})`, async () => {
    const { page, errors } = await openPage(site.browser, site.url, size);
    await page.click('#explore-box summary');
    await page.click('button[data-explore="2"]');
    const kids = page.locator('#explorer .sx-kids > .sx-card');
    await kids.first().waitFor();
    assert.equal(await kids.count(), 2, '2 spots: a loop or a join');
    assert.equal(await page.getAttribute('#explorer', 'data-depth'), '0');
    // Each child is marked: 2 spots is a second-player win, so both moves lose.
    assert.deepEqual(await kids.evaluateAll((b) => b.map((e) => /** @type {HTMLElement} */ (e).dataset.win)), ['false', 'false']);
    await kids.nth(0).click();
    assert.equal(await page.getAttribute('#explorer', 'data-depth'), '1');
    const second = await kids.count();
    assert.ok(second >= 2, `${second} children at depth 2`);
    // At depth 1 some move wins (the position is a loss for... its player to move wins).
    assert.ok((await kids.evaluateAll((b) => b.filter((e) => /** @type {HTMLElement} */ (e).dataset.win === 'true').length)) >= 1);
    await kids.nth(0).click();
    assert.equal(await page.getAttribute('#explorer', 'data-depth'), '2');
    assert.equal(await page.locator('#explorer .sx-crumbs button').count(), 3);
    await page.locator('#explorer').scrollIntoViewIfNeeded();
    await shot(page, `explorer-${size.name}`);
    await page.click('#explorer .sx-crumbs button:first-child');
    assert.equal(await page.getAttribute('#explorer', 'data-depth'), '0');
    assert.equal(await kids.count(), 2);
    // Past the limit it says so and offers the analysis.
    await newGame(page, { spots: 5 });
    await page.click('button[data-explore="here"]');
    assert.match(await page.textContent('#explorer') ?? '', /too big to explore: 15 lives/i);
    assert.ok(await page.locator('#explorer button', { hasText: 'Analyse it instead' }).isVisible());
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`the counter shows V - E + F = 1 + C on a finished game (${size.name})`, async () => {
    const { page, errors } = await openPage(site.browser, site.url, size);
    await newGame(page, { spots: 3 });
    // Any moves to the end: the first move between any two spots each time.
    const moves = await page.evaluate(() => {
      const s = /** @type {any} */ (globalThis).sprouts;
      let n = 0;
      while (!s.game.isOver() && n < 20) {
        const g = s.game;
        const spots = g.spotList().filter((/** @type {any} */ p) => p.lives > 0).map((/** @type {any} */ p) => p.n);
        let played = false;
        for (const a of spots) {
          for (const b of spots) {
            const o = g.movesBetween(a, b, 1);
            if (o.length > 0 && !played) {
              s.app.playText(o[0]);
              played = true;
            }
          }
        }
        n++;
      }
      return n;
    });
    assert.ok(moves >= 6 && moves <= 8, `${moves} moves from 3 spots`);
    await page.check('#overlay-toggle');
    const maths = await page.textContent('#maths') ?? '';
    const m = /V − E \+ F = (\d+) − (\d+) \+ (\d+) = (\d+), and 1 \+ C = (\d+)/.exec(maths);
    assert.ok(m, maths);
    const [v, e, f, sum, rhs] = m.slice(1).map(Number);
    assert.equal(v, 3 + moves, 'one spot per move');
    assert.equal(e, 2 * moves, 'two lines per move');
    assert.equal(v - e + f, sum);
    assert.equal(sum, rhs, 'Euler: V - E + F = 1 + C');
    const survivors = 9 - moves;
    assert.match(maths, new RegExp(`${survivors} spots? survives?.*3 spots × 3 lives − ${survivors} = ${moves} moves`));
    assert.deepEqual((await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.board.shown().marked)).length, survivors, 'survivors circled');
    // The regions shaded one by one: F of them, then none.
    await page.click('#maths .sb-next-face');
    assert.match(await page.textContent('#maths') ?? '', new RegExp(`Region 1 of ${f} \\(the outside\\)`));
    // The regions found on the screen are the engine's F (none too thin on a finished 3-spot game).
    assert.equal(await page.getAttribute('#maths', 'data-traced'), String(f));
    await page.click('#maths .sb-next-face');
    assert.match(await page.textContent('#maths') ?? '', new RegExp(`Region 2 of ${f}`));
    await page.locator('#board').scrollIntoViewIfNeeded();
    await shot(page, `counter-${size.name}`);
    await page.locator('#maths').scrollIntoViewIfNeeded();
    await shot(page, `counter-text-${size.name}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('the replay band follows the move shown, and a stroke on a read-only board gets a word', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await newGame(page, { spots: 2 });
  await page.evaluate(() => {
    const s = /** @type {any} */ (globalThis).sprouts;
    s.app.playText('1(3)2');
    s.app.playText('1(4)2');
  });
  await page.click('#replay-back');
  assert.equal(await page.textContent('#board .sb-msg'), 'Move 1 of 2: 1(3)2');
  await page.click('#replay-first');
  assert.equal(await page.textContent('#board .sb-msg'), 'Draw a line from a spot to another spot, or back to itself');
  // An opened record is replayed read-only: a stroke there is told why nothing happens.
  await page.click('#open-box summary');
  await page.fill('#open-text', '2+ 1(3)2 1(4)2');
  await page.click('#open-submit');
  await page.waitForFunction(() => !document.getElementById('replay-note')?.hidden);
  const b = await page.locator('#board').boundingBox();
  assert.ok(b);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2 + 40, b.y + b.height / 2 + 10);
  await page.mouse.up();
  assert.match(await page.textContent('#board .sb-msg') ?? '', /read-only/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the glossary is reachable from the move list and the analysis', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await newGame(page, { spots: 2 });
  await page.click('#moves-h a.gloss');
  assert.equal(await page.locator('#glossary').evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open), true);
  assert.ok(await page.locator('#g-notation').isVisible());
  await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.app.playText('1(3)2'));
  await page.click('#analyse');
  await page.waitForSelector('#analysis-result[data-state=done]');
  for (const term of ['outcome', 'nimber', 'notation']) {
    assert.equal(await page.locator(`#analysis-result a.gloss[data-term=${term}]`).count(), 1, term);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

for (const size of SIZES) {
  test(`the lesson's boards load: explorers, the counter, the puzzle (${size.name})`, async () => {
    const { page, errors } = await openPage(site.browser, `${site.url}lessons/five-steps.html`, { ...size, waitReady: false });
    await page.evaluate(() => Promise.all([...document.querySelectorAll('sprouts-board')].map((b) => /** @type {any} */ (b).ready)));
    // The 1-spot tree: a lone spot, one move (the loop); down to its end and back.
    const tree = page.locator('#tree-1');
    await tree.locator('.sx-kids > .sx-card').first().waitFor();
    assert.equal(await tree.locator('.sx-kids > .sx-card').count(), 1);
    assert.equal(await tree.locator('.sx-here [data-spot]').count(), 1, 'the start is one spot');
    await tree.locator('.sx-kids > .sx-card').first().click();
    assert.equal(await tree.locator('.sx-kids > .sx-card').count(), 1, 'then one move ends the game');
    await tree.locator('.sx-crumbs button').first().click();
    assert.equal(await page.locator('#tree-2 .sx-kids > .sx-card').count(), 2);
    const counter = page.locator('#counter-board');
    await counter.scrollIntoViewIfNeeded();
    assert.match(await counter.locator('.sb-maths').textContent() ?? '', /V − E \+ F = 3 − 0 \+ 1 = 4, and 1 \+ C = 4/);
    assert.match(await counter.locator('.sb-maths').textContent() ?? '', /at least 6, at most 8 more moves/);
    await shot(page, `lesson-counter-${size.name}`);
    await page.locator('#trees').scrollIntoViewIfNeeded();
    await shot(page, `lesson-trees-${size.name}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('on touch, a winning move is previewed by a first tap and played by a second', async () => {
  const { page, errors } = await openPage(site.browser, site.url);
  await newGame(page, { spots: 2 });
  await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.app.playText('1(3)2'));
  await page.click('#analyse');
  await page.waitForSelector('#analysis-result[data-state=done]');
  const tap = () => page.evaluate(() => {
    const b = /** @type {HTMLElement} */ (document.querySelector('#analysis-result .win-move'));
    b.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true }));
    b.click();
  });
  await tap();
  assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.moveCount), 1, 'the first tap plays nothing');
  assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.board.shown().preview), true, 'it shows the move');
  assert.match(await page.textContent('#board .sb-msg') ?? '', /tap it again to play it/);
  await tap();
  assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.moveCount), 2, 'the second tap plays it');
  assert.deepEqual(errors, []);
  await page.close();
});
