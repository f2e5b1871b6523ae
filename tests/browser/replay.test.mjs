// @ts-check
// Opening a game on the page: a pasted WGOSA record stepped through with
// the replay bar and played on from a middle move, broken records, the
// embeddable board reading records. Needs `scripts/build-wasm.sh` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';
import { movesShown, nodeEngine, ready, routedPath, mouseDraw, typeMove } from './helpers.mjs';
import { CARD_HOEY, CARD_RECORD, LONG_RECORD, openRecord, replayState } from './records.mjs';

const site = useSite();

test('the seed 004 card game: pasted, stepped through, the card\'s position after every move', async () => {
  const engine = await nodeEngine();
  const { page, errors } = await site.open();
  await openRecord(page, CARD_RECORD);
  assert.deepEqual(await movesShown(page), ['1(3)2', '1(4)2', '1(5)4', '2(6)3']);
  assert.match(await page.textContent('#status') ?? '', /^Replaying: Game over: Player 2 wins/);
  assert.equal(await page.isVisible('#replay-note'), true);
  assert.equal(await page.locator('#board [data-spot]').count(), 6);

  await page.click('#replay-first');
  assert.deepEqual(await replayState(page), { shown: 0, later: 4 });
  assert.equal(await page.inputValue('#glop'), engine.canonical('0*2.}]!'));
  assert.equal(await page.locator('#board [data-spot]').count(), 2);
  for (let k = 1; k <= 4; k++) {
    await page.click('#replay-forward');
    assert.deepEqual(await replayState(page), { shown: k, later: 4 - k });
    assert.equal(await page.inputValue('#glop'), engine.canonical(CARD_HOEY[k - 1]), `after move ${k}`);
    assert.equal(await page.locator('#board [data-spot]').count(), 2 + k);
  }
  assert.equal(await page.isDisabled('#replay-forward'), true);
  await page.click('#replay-back');
  assert.deepEqual(await replayState(page), { shown: 3, later: 1 });
  // The keys do the same (outside text fields).
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Home');
  assert.deepEqual(await replayState(page), { shown: 0, later: 4 });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await replayState(page), { shown: 2, later: 2 });
  await page.keyboard.press('End');
  assert.deepEqual(await replayState(page), { shown: 4, later: 0 });
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await replayState(page), { shown: 3, later: 1 });

  // Read-only while replaying: a typed move is refused, a stroke ignored.
  await page.fill('#move-input', '5(7)6');
  await page.press('#move-input', 'Enter');
  assert.match(await page.textContent('#move-error') ?? '', /Replaying: choose “Continue from here”/);
  const before = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.toJson());
  const path = await page.evaluate(() => {
    const s = /** @type {any} */ (globalThis).sprouts;
    const [a, b] = [s.game.spotList()[1], s.game.spotList()[4]];
    return [a, b].map((p) => { const [x, y] = s.board.toClient(p.x, p.y); return { x, y }; });
  });
  await mouseDraw(page, [path[0], { x: (path[0].x + path[1].x) / 2, y: path[0].y - 80 }, path[1]]);
  assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.toJson()), before);
  // A reload keeps the game, the move shown and the replay.
  await page.reload();
  await ready(page);
  assert.deepEqual(await replayState(page), { shown: 3, later: 1 });
  assert.match(await page.textContent('#status') ?? '', /^Replaying: Player 2 to move \(3 moves played,/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a longer record: jump to a middle move, continue from it with a move of one\'s own', async () => {
  const engine = await nodeEngine();
  const ref = engine.Game.fromRecord(LONG_RECORD, 800, 600);
  const total = ref.moveCount;
  const all = ref.moves();
  while (ref.moveCount > 9) ref.undo();
  const glop9 = ref.glop();

  const { page, errors } = await site.open();
  await openRecord(page, LONG_RECORD);
  assert.equal((await movesShown(page)).length, total);
  await page.click('#moves li[data-n="9"]');
  assert.deepEqual(await replayState(page), { shown: 9, later: total - 9 });
  assert.equal(await page.inputValue('#glop'), glop9);
  assert.deepEqual(await page.locator('#moves-later li').allTextContents(), all.slice(9));

  // Continue asks first, since later moves would be lost; "keep" keeps them.
  await page.click('#continue');
  assert.match(await page.textContent('#continue-question') ?? '', new RegExp(`drops the ${total - 9} later moves \\(moves 10–${total}\\)`));
  await page.click('#continue-no');
  assert.equal(await page.isVisible('#continue-confirm'), false);
  assert.deepEqual(await replayState(page), { shown: 9, later: total - 9 });
  await page.click('#continue');
  await page.click('#continue-yes');
  assert.equal(await page.isVisible('#replay-note'), false);
  assert.deepEqual(await replayState(page), { shown: 9, later: 0 });
  assert.doesNotMatch(await page.textContent('#status') ?? '', /Replaying/);
  assert.equal(await page.isDisabled('#redo'), true);

  // A move of one's own, drawn on the board: one the record did not play.
  const move = await page.evaluate((skip) => {
    const g = /** @type {any} */ (globalThis).sprouts.game;
    const live = g.spotList().filter((/** @type {any} */ s) => s.lives > 0).map((/** @type {any} */ s) => s.n);
    for (const a of live) for (const b of live) for (const m of g.movesBetween(a, b, 8)) if (m !== skip) return m;
    return null;
  }, all[9]);
  assert.ok(move, 'a legal move');
  await mouseDraw(page, await routedPath(page, move));
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 10);
  const record = await page.inputValue('#record');
  assert.ok(record.startsWith(`8+ ${all.slice(0, 9).join(' ')} `), record);
  assert.notEqual((await movesShown(page))[9], all[9]);
  assert.deepEqual(errors, []);
  ref.free();
  await page.close();
});

test('continuing a replayed game against the computer: it answers at once', async () => {
  const { page, errors } = await site.open();
  await openRecord(page, LONG_RECORD);
  await page.click('#moves li[data-n="9"]');
  // While replaying, a computer to move waits.
  await page.selectOption('#player2', 'random');
  await page.waitForTimeout(300);
  assert.deepEqual(await replayState(page), { shown: 9, later: 10 });
  // ...and the status names the record's player to move, rather than
  // saying the computer is thinking (nobody on the page plays a replay).
  const status = await page.textContent('#status') ?? '';
  assert.match(status, /^Replaying: Player 2 to move \(9 moves played,/);
  assert.doesNotMatch(status, /computer|thinking|Your move/);
  await page.click('#continue');
  await page.click('#continue-yes');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 10, null, { timeout: 30000 });
  assert.match(await page.textContent('#board .sb-msg') ?? '', /^The computer played \d/);
  assert.match(await page.textContent('#status') ?? '', /^Your move \(10 moves played,/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a broken record or position shows the engine\'s reason and leaves the game untouched', async () => {
  const { page, errors } = await site.open();
  await typeMove(page, '1(4)2', 1);
  const before = await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.toJson());
  const glop = await page.inputValue('#glop');
  // Spot 1 has one life left after two moves: no loop there (move 3).
  await openRecord(page, '2+ 1(3)2 1(4)2 1(5)1', false);
  assert.match(await page.textContent('#open-error') ?? '', /move 3\b.*1\(5\)1/);
  assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.toJson()), before);
  assert.deepEqual(await movesShown(page), ['1(4)2']);
  assert.equal(await page.inputValue('#glop'), glop);
  assert.equal(await page.isVisible('#replay-note'), false);
  // Not a record at all, or a broken position: the parser says where.
  for (const text of ['3+ 1(4)2 hello', '0*2.AB.}A']) {
    await openRecord(page, text, false);
    assert.match(await page.textContent('#open-error') ?? '', /offset \d+/, text);
    assert.equal(await page.evaluate(() => /** @type {any} */ (globalThis).sprouts.game.toJson()), before);
  }
  // Then a good one clears the error.
  await openRecord(page, CARD_RECORD);
  assert.equal(await page.textContent('#open-error'), '');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the embeddable board reads a whole record or a position, and says why it cannot read one', async () => {
  const engine = await nodeEngine();
  const ref = engine.Game.fromRecord(LONG_RECORD, 600, 400);
  const { page, errors } = await site.open('embed.html', { waitReady: false });
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('two'))?.status?.toMove === 1);
  const got = await page.evaluate(async (record) => {
    const el = /** @type {any} */ (document.createElement('sprouts-board'));
    el.setAttribute('moves', record);
    document.body.append(el);
    await el.ready;
    // Its numbers are placed in the drawing worker, where the engine puts them.
    const t0 = performance.now();
    while (el.board.shown().numbers.from !== 'given' && performance.now() - t0 < 20000) await new Promise((ok) => setTimeout(ok, 50));
    const numbers = el.board.shown().numbers;
    const engineNumbers = Array.from(el.game.labelPlaces(el.board.scale(), 24));
    const bad = /** @type {any} */ (document.createElement('sprouts-board'));
    /** @type {string[]} */ const messages = [];
    bad.addEventListener('sprouts-error', (/** @type {any} */ e) => messages.push(e.detail.message));
    bad.setAttribute('spots', '2');
    bad.setAttribute('moves', '1(3)2 1(4)2 1(5)1');
    document.body.append(bad);
    await bad.ready;
    const laid = /** @type {any} */ (document.createElement('sprouts-board'));
    laid.setAttribute('position', '0*2.AB.}AB.}]!');
    document.body.append(laid);
    await laid.ready;
    return { record: el.record, position: el.position, messages, badRecord: bad.record, laid: laid.position, numbers, engineNumbers };
  }, LONG_RECORD);
  assert.equal(got.laid, engine.canonical('0*2.AB.}AB.}]!'));
  assert.equal(got.record, ref.record());
  assert.equal(got.position, ref.glop());
  assert.equal(got.messages.length, 1);
  assert.match(got.messages[0], /move 3/);
  assert.equal(got.badRecord, '2+');
  assert.equal(got.numbers.from, 'given');
  assert.deepEqual(got.numbers.places, got.engineNumbers);
  assert.deepEqual(errors, []);
  ref.free();
  await page.close();
});

test('on a phone, a record opened from the form below the board brings the board back into view', async () => {
  const { page, errors } = await site.open('', { width: 390, height: 844 });
  await openRecord(page, LONG_RECORD);
  await page.waitForFunction(() => scrollY === 0);
  const box = await page.locator('#board').boundingBox();
  assert.ok(box && box.y >= 0 && box.y < 844, `board at ${box?.y}`);
  assert.deepEqual(errors, []);
  await page.close();
});
