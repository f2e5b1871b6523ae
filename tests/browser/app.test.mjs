// @ts-check
// The board page in headless Chromium: drawing moves with the mouse and a
// finger, refusals, a whole game, undo/redo, typed moves, reload.
// Needs `scripts/build-wasm.sh` first (scripts/test.sh does it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';
import { arc, drawnOrRefused, mouseDraw, movesShown, newGame, ready, routedPath, spotAt, touchDraw } from './helpers.mjs';

const site = useSite();

test('the page loads the engine and a board with focusable spots, without console errors', async () => {
  const { page, errors } = await site.open();
  const labels = await page.locator('#board [data-spot]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  assert.deepEqual(labels, ['Spot 1, 3 lives', 'Spot 2, 3 lives', 'Spot 3, 3 lives']);
  assert.equal(await page.inputValue('#glop'), '0*3.}]!');
  assert.match(await page.textContent('#status') ?? '', /Player 1 to move/);
  // The board does not let the page scroll while drawing.
  assert.equal(await page.locator('#board .sb-board').evaluate((e) => getComputedStyle(e).touchAction), 'none');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a mouse drag from a spot to a spot is a move, in the list and the position', async () => {
  const { page, errors } = await site.open();
  const a = await spotAt(page, 1);
  const b = await spotAt(page, 2);
  await mouseDraw(page, arc(a, b, 60));
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  assert.deepEqual(await movesShown(page), ['1(4)2']);
  assert.equal(await page.inputValue('#record'), '3+ 1(4)2');
  const glop = await page.inputValue('#glop');
  assert.equal(glop, await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.glop()));
  assert.notEqual(glop, '0*3.}]!');
  assert.equal(await page.getAttribute('#board [data-spot="4"]', 'aria-label'), 'Spot 4, 1 life');
  assert.equal(await page.getAttribute('#board [data-spot="1"]', 'aria-label'), 'Spot 1, 2 lives');
  assert.match(await page.textContent('#status') ?? '', /Player 2 to move/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a crossing stroke is refused with a message, and nothing is played', async () => {
  const { page, errors } = await site.open();
  await newGame(page, { spots: 2 });
  const a = await spotAt(page, 1);
  const b = await spotAt(page, 2);
  await mouseDraw(page, arc(a, b, 0));
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  // From 1, down across the line and up to 2.
  const mid = { x: (a.x + b.x) / 2 - 40, y: a.y };
  const way = [a, { x: mid.x, y: mid.y + 70 }, { x: mid.x + 5, y: mid.y - 70 }, b];
  const pts = [];
  for (let i = 1; i < way.length; i++) {
    for (let k = 0; k <= 20; k++) {
      const t = k / 20;
      pts.push({ x: way[i - 1].x + (way[i].x - way[i - 1].x) * t, y: way[i - 1].y + (way[i].y - way[i - 1].y) * t });
    }
  }
  // The page gives the engine each point once (beginStroke, then only the
  // new points by extendStroke), never the whole stroke again.
  await page.evaluate(() => {
    const g = /** @type {any} */ (globalThis).sprouts.game;
    const spy = { begin: 0, extend: 0, numbers: 0, whole: 0 };
    /** @type {any} */ (globalThis).spy = spy;
    const [begin, extend, check] = [g.beginStroke.bind(g), g.extendStroke.bind(g), g.checkStroke.bind(g)];
    g.beginStroke = () => { spy.begin++; return begin(); };
    g.extendStroke = (/** @type {Float64Array} */ p) => { spy.extend++; spy.numbers += p.length; return extend(p); };
    g.checkStroke = (/** @type {Float64Array} */ p) => { spy.whole++; return check(p); };
  });
  // While drawing, the crossing is reported at once.
  await page.mouse.move(pts[0].x, pts[0].y);
  await page.mouse.down();
  for (const p of pts.slice(0, 35)) await page.mouse.move(p.x, p.y);
  await page.waitForFunction(() => /crosses/.test(document.querySelector('#board .sb-msg')?.textContent ?? ''));
  for (const p of pts.slice(35)) await page.mouse.move(p.x, p.y);
  await page.mouse.up();
  await page.waitForFunction(() => /Not a move: the line crosses another line/.test(document.querySelector('#board .sb-msg')?.textContent ?? ''));
  // The message and the zoom buttons share the top line without overlapping.
  const [msg, bar] = await page.evaluate(() => ['.sb-msg', '.sb-zoom'].map((c) => { const r = /** @type {HTMLElement} */ (document.querySelector(`#board ${c}`)).getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; }));
  assert.ok(msg.right <= bar.left || msg.top >= bar.bottom, `message ${JSON.stringify(msg)} over the zoom buttons ${JSON.stringify(bar)}`);
  const spy = await page.evaluate(() => /** @type {any} */ (globalThis).spy);
  assert.equal(spy.begin, 1);
  assert.equal(spy.whole, 0);
  assert.ok(spy.extend >= 2, `${spy.extend} checks while drawing`);
  assert.ok(spy.numbers <= 2 * (pts.length + 1), `${spy.numbers} numbers sent for ${pts.length} points`);
  assert.deepEqual(await movesShown(page), ['1(3)2']);
  // A stroke to a spot with no lives left is refused too.
  assert.deepEqual(errors, []);
  await page.close();
});

test('a whole 2-spot game drawn by hand ends with the right winner', async () => {
  for (const misere of [false, true]) {
    const { page, errors } = await site.open();
    await newGame(page, { spots: 2, misere });
    for (let k = 0, seed = misere ? 5 : 1; k < 6; k++) {
      const over = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.isOver());
      if (over) break;
      // A random legal move (from the engine), drawn along its routed curve:
      // the drawing must come out as that move. The stroke checker
      // straightens the stroke near its ends, which can make a routed curve
      // that bends there cross a line; then another move is tried.
      let drawn = false;
      for (let attempt = 0; attempt < 6 && !drawn; attempt++, seed += 7) {
        const { move, expected } = await page.evaluate(async (seed) => {
          const s = /** @type {any} */ (globalThis).sprouts;
          const r = await s.worker.request('computerMove', { record: s.game.record(), strength: 'random', seed }).promise;
          const copy = s.app.engine.Game.fromJson(s.game.toJson());
          copy.playText(r.move);
          const expected = copy.hoey();
          copy.free();
          return { move: r.move, expected };
        }, seed);
        const path = await routedPath(page, move);
        drawn = await drawnOrRefused(page, path, k + 1);
        if (drawn) {
          const hoey = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.hoey());
          assert.equal(hoey, expected, `move ${k + 1} (${move}) drawn as routed`);
        }
      }
      assert.ok(drawn, `move ${k + 1} was drawn`);
    }
    const moves = await movesShown(page);
    assert.ok(moves.length === 4 || moves.length === 5, `a 2-spot game lasts 4 or 5 moves: ${moves}`);
    const last = moves.length % 2 === 1 ? 1 : 2;
    const winner = misere ? 3 - last : last;
    const status = await page.textContent('#status');
    assert.match(status ?? '', new RegExp(`Game over: Player ${winner} wins`));
    assert.match(status ?? '', misere ? /misère play the last move loses/ : /normal play the last move wins/);
    assert.match(await page.inputValue('#record'), winner === 1 ? / I$/ : / II$/);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('undo and redo, by buttons and keys', async () => {
  const { page, errors } = await site.open();
  await page.fill('#move-input', '1(4)2');
  await page.press('#move-input', 'Enter');
  await page.fill('#move-input', '3(5)3');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
  const after2 = await page.inputValue('#glop');
  await page.click('#undo');
  assert.deepEqual(await movesShown(page), ['1(4)2']);
  assert.equal(await page.locator('#board [data-spot]').count(), 4);
  await page.click('#redo');
  assert.deepEqual(await movesShown(page), ['1(4)2', '3(5)3']);
  assert.equal(await page.inputValue('#glop'), after2);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  assert.deepEqual(await movesShown(page), []);
  assert.equal(await page.isDisabled('#undo'), true);
  await page.keyboard.press('Control+y');
  assert.deepEqual(await movesShown(page), ['1(4)2']);
  // A new move drops what could be redone.
  await page.fill('#move-input', '2(5)3');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
  assert.equal(await page.isDisabled('#redo'), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('typed moves: legal ones are drawn, others explained', async () => {
  const { page, errors } = await site.open();
  await page.fill('#move-input', '1(4)1[2]');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  assert.equal(await page.inputValue('#move-input'), '');
  assert.equal(await page.locator('#board [data-spot]').count(), 4);
  assert.equal(await page.getAttribute('#board [data-spot="1"]', 'aria-label'), 'Spot 1, 1 life');
  await page.fill('#move-input', '2(5)3');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => (document.getElementById('move-error')?.textContent ?? '') !== '');
  assert.match(await page.textContent('#move-error') ?? '', /2\(5\)3.*illegal/);
  await page.fill('#move-input', 'hello');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => /not a move/.test(document.getElementById('move-error')?.textContent ?? ''));
  assert.equal((await movesShown(page)).length, 1);
  // Keyboard only: choose spot 2, then spot 4.
  await page.focus('#board [data-spot="2"]');
  await page.keyboard.press('Enter');
  await page.focus('#board [data-spot="4"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
  assert.equal((await movesShown(page))[1], '2(5)4');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a reload keeps the game in progress', async () => {
  const { page, errors } = await site.open();
  await newGame(page, { spots: 4, misere: true });
  const a = await spotAt(page, 1);
  const b = await spotAt(page, 2);
  await mouseDraw(page, arc(a, b, -40));
  await page.fill('#move-input', '3(6)4');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
  await page.click('#undo');
  const before = {
    moves: await movesShown(page),
    glop: await page.inputValue('#glop'),
    record: await page.inputValue('#record'),
    edges: await page.evaluate(() => JSON.stringify(/** @type {any} */ (globalThis).sprouts.game.edgeList())),
  };
  await page.reload();
  await ready(page);
  assert.deepEqual(await movesShown(page), before.moves);
  assert.equal(await page.inputValue('#glop'), before.glop);
  assert.equal(await page.inputValue('#record'), before.record);
  assert.equal(await page.evaluate(() => JSON.stringify(/** @type {any} */ (globalThis).sprouts.game.edgeList())), before.edges);
  assert.equal(await page.inputValue('#spots'), '4');
  // The undone move can still be redone.
  await page.click('#redo');
  assert.equal((await movesShown(page)).length, 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a finger drag on a touch screen draws a move', async () => {
  const { page, errors } = await site.open('', { width: 420, height: 860 });
  const a = await spotAt(page, 2);
  const b = await spotAt(page, 3);
  const scrollBefore = await page.evaluate(() => scrollY);
  await touchDraw(page, arc(a, b, 50, 40));
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  assert.deepEqual(await movesShown(page), ['2(4)3']);
  assert.equal(await page.evaluate(() => scrollY), scrollBefore, 'the page did not scroll');
  assert.deepEqual(errors, []);
  await page.close();
});

test('sliding the new spot along the line before placing it', async () => {
  const { page, errors } = await site.open();
  await newGame(page, { spots: 2 });
  await page.check('#place-spot');
  const a = await spotAt(page, 1);
  const b = await spotAt(page, 2);
  await mouseDraw(page, arc(a, b, 0));
  await page.waitForSelector('#place-bar:not([hidden])');
  assert.equal((await movesShown(page)).length, 0);
  // Drag the new spot (in the middle) toward spot 2.
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  await mouseDraw(page, [mid, { x: mid.x + 40, y: mid.y }, { x: mid.x + 80, y: mid.y + 3 }]);
  await page.click('#place-ok');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
  const s3 = await spotAt(page, 3);
  assert.ok(s3.x > mid.x + 50, `the new spot moved: ${s3.x} vs ${mid.x}`);
  assert.deepEqual(errors, []);
  await page.close();
});
