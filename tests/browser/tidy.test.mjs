// @ts-check
// The drawing tidies itself after a move and on the Tidy button: the
// curves move away from where the router drew them, the position (record,
// Hoey list) does not change, and the numbers are drawn where the engine
// places them (by the drawing worker when a tidy settles).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';
import { newGame, nodeEngine, openPage, tidied as settled, typeMove } from './helpers.mjs';
import { CARD_RECORD, openRecord } from './records.mjs';

const site = useSite();

/** @param {import('playwright-core').Page} page */
const snapshot = (page) => page.evaluate(() => {
  const g = globalThis.sprouts.game;
  return { hoey: g.hoey(), record: g.record(), edges: JSON.stringify(g.edgeList()), width: g.width, height: g.height };
});

test('tidying moves the curves, never the position', async () => {
  const { page, errors } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
  await newGame(page, { spots: 5 });
  const moves = ['1(6)2', '2(7)3', '6(8)7', '4(9)4', '3(10)5'];
  for (let i = 0; i < moves.length; i++) await typeMove(page, moves[i], i + 1);
  // After every move the drawing tidies itself; the game saved when it
  // settles is the tidied one, and undo shows its lines without the last move's.
  await settled(page);
  const auto = await snapshot(page);
  const E0 = await nodeEngine();
  const routed = new E0.Game(5, false, auto.width, auto.height);
  for (const m of moves) routed.playText(m);
  assert.equal(auto.hoey, routed.hoey());
  assert.notEqual(auto.edges, JSON.stringify(routed.edgeList()), 'tidied after the moves');
  await page.reload();
  await page.waitForFunction(() => globalThis.sprouts?.game?.moveCount === 5);
  assert.equal((await snapshot(page)).edges, auto.edges, 'a reload shows the tidied drawing');
  await page.click('#undo');
  const undone = JSON.parse((await snapshot(page)).edges);
  assert.deepEqual(undone, JSON.parse(auto.edges).slice(0, 8), 'undo takes off the last curve, nothing else moves');
  await page.click('#redo');
  assert.equal((await snapshot(page)).edges, auto.edges);
  await page.click('#tidy');
  await settled(page);
  const tidied = await snapshot(page);
  assert.equal(tidied.record, `5+ ${moves.join(' ')}`);
  // The same moves routed without tidying, by the engine in node.
  const E = await nodeEngine();
  const g = new E.Game(5, false, tidied.width, tidied.height);
  for (const m of moves) g.playText(m);
  assert.equal(tidied.hoey, g.hoey(), 'the same labelled position');
  assert.notEqual(tidied.edges, JSON.stringify(g.edgeList()), 'the curves were moved');
  // The button tidies again; the position stays.
  await page.click('#tidy');
  await settled(page);
  const again = await snapshot(page);
  assert.equal(again.hoey, tidied.hoey);
  assert.equal(again.record, tidied.record);
  // The numbers come from the engine, one box centre per spot, placed
  // by the drawing worker when the tidy settled (not on the main thread)
  // at the scale shown, where the engine here would put them.
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  const numbers = await page.evaluate(() => globalThis.sprouts.board.shown().numbers);
  const places = await page.evaluate(() => Array.from(globalThis.sprouts.game.labelPlaces(globalThis.sprouts.board.scale(), 24)));
  assert.equal(places.length, 20);
  assert.equal(numbers.from, 'given');
  assert.deepEqual(numbers.places, places);
  // Their font sizes too (a number with no clear place at 12 px may be smaller).
  const boxes = await page.evaluate(() => Array.from(globalThis.sprouts.game.labelBoxes(globalThis.sprouts.board.scale(), 24)));
  assert.deepEqual(numbers.fonts, boxes.filter((_, k) => k % 3 === 2));
  // Zoomed, they are placed again for the new scale (once the zoom rests),
  // by the drawing worker: the page's own engine places none.
  await page.evaluate(() => {
    const proto = Object.getPrototypeOf(globalThis.sprouts.game);
    const real = proto.labelBoxes;
    globalThis.mainPlaced = 0;
    proto.labelBoxes = function (...a) { globalThis.mainPlaced++; return real.apply(this, a); };
  });
  await page.click('button[aria-label="Zoom in"]');
  await page.waitForFunction(() => { const b = globalThis.sprouts.board; const n = b.shown().numbers; return n.from === 'given' && Math.abs(n.scale - b.scale()) < 1e-9; });
  const zoomed = await page.evaluate(() => globalThis.sprouts.board.shown().numbers.places);
  assert.equal(await page.evaluate(() => globalThis.mainPlaced), 0, 'numbers placed on the page\'s thread');
  assert.deepEqual(zoomed, await page.evaluate(() => Array.from(globalThis.sprouts.game.labelPlaces(globalThis.sprouts.board.scale(), 24))));
  // After undo too (no tidy runs then): the worker places them for the drawing shown.
  await page.click('#undo');
  await page.waitForFunction(() => { const n = globalThis.sprouts.board.shown().numbers; return n.from === 'given' && n.places.length === 2 * globalThis.sprouts.game.spotList().length; });
  const afterUndo = await page.evaluate(() => globalThis.sprouts.board.shown().numbers.places);
  assert.deepEqual(afterUndo, await page.evaluate(() => Array.from(globalThis.sprouts.game.labelPlaces(globalThis.sprouts.board.scale(), 24))));
  assert.equal(await page.evaluate(() => globalThis.mainPlaced), 0, 'numbers placed on the page\'s thread after undo');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a record, a position or a link the engine draws tidies itself once shown', async () => {
  const { page, errors } = await openPage(site.browser, site.url, { width: 1280, height: 800 });
  const E = await nodeEngine();
  await openRecord(page, CARD_RECORD);
  await settled(page);
  const record = await snapshot(page);
  const routed = E.Game.fromRecord(CARD_RECORD, record.width, record.height);
  assert.equal(record.hoey, routed.hoey());
  assert.notEqual(record.edges, JSON.stringify(routed.edgeList()), 'the record was tidied');
  await page.fill('#open-text', '0*2.AB.}AB.}]!');
  await page.click('#open-submit');
  await page.waitForFunction(() => /laid out/.test(document.getElementById('status')?.textContent ?? ''));
  await settled(page);
  const position = await snapshot(page);
  const laid = E.Game.fromPosition('0*2.AB.}AB.}]!', false, position.width, position.height);
  assert.equal(position.hoey, laid.hoey());
  assert.notEqual(position.edges, JSON.stringify(laid.edgeList()), 'the position was tidied');
  assert.deepEqual(errors, []);
  await page.close();
  const link = await openPage(site.browser, `${site.url}#r=${encodeURIComponent(CARD_RECORD)}`, { width: 1280, height: 800 });
  await link.page.waitForFunction(() => globalThis.sprouts?.game?.moveCount === 4);
  await settled(link.page);
  const linked = await snapshot(link.page);
  assert.equal(linked.hoey, routed.hoey());
  assert.notEqual(linked.edges, JSON.stringify(E.Game.fromRecord(CARD_RECORD, linked.width, linked.height).edgeList()), 'the link was tidied');
  assert.deepEqual(link.errors, []);
  await link.page.close();
});
