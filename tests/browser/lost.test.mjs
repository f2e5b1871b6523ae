// @ts-check
// Nothing lost (issue 39): a game in progress survives links, tabs and
// files, and superseded work is dropped. Each test plays what an everyday
// user does (a link clicked in a chat, a second tab, a move while a link is
// read, many links at once, boards removed while loading, a large game
// file) and checks that the game in progress is still there and that the
// page did not stall.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './harness.mjs';
import { newGame, ready, typeMove, tidied } from './helpers.mjs';

const site = useSite();

/**
 * The page's errors, without the loads a reload aborts (a drawing worker
 * still loading the engine when the page goes away).
 * @param {string[]} errors
 */
const real = (errors) => errors.filter((e) => !e.startsWith('request failed:'));

/** `sprouts random --spots 40 --seed 2` (96 moves: routing them takes ~3 s in node). */
const REC40_2 =
  '40+ 1(41)1[2-4] 41(42)1[5,6] 7(43)7[8-17] 18(44)18[19-24] 25(45)25[26-35] 7(46)43[37-40,42] 5(47)42 26(48)26[27] 19(49)19[20,21] 8(50)8[9-12] 28(51)28[29-35] 8(52)9 36(53)36[46] 13(54)13 29(55)30 37(56)37[38] 50(57)!52 29(58)29[28,31-33] 2(59)2[3] 39(60)40 49(61@18)19 31(62)31[28,58] 45(63@18)25 58(64)30 22(65)22[18,24] 54(66@7)13 37(67)46 39(68)67 6(69)6 23(70)61 31(71)32 28(72)62 23(73)23 14(74)14[66] 30!(75)55 18(76)44[36] 32(77)!71 39(78)40 72!(79)51 38(80)56 9(81)57[10] 6(82)47 74(83@13)14 34(84)34 65(85@18)22 48(86@27)26 10(87)10 11(88)81 11(89)88[9] 34(90)84[35] 5(91)82 35(92)90 87(93@9)10 24(94)24 15(95)15[16] 2(96)4 12(97)12 4(98)4 32!(99)77 5!(100)91 9(101)93 35(102)92 96!(103)98 53(104@7)36 15(105)17 69(106)100 35(107)102 24(108)94 16(109)16 27(110)86 73(111)70 27(112)27 16(113)109 11(114)89 3(115)3 38(116)38 33(117)33 97(118@11)12 103(119)59 110(120)112 40(121)78 68(122)121 20(123)20 20(124)123 115(125@2)3 95(126)!105 60(127)122 21(128)21 17(129)17 128(130@19)21 117(131@31)33 129(132)126 64(133)75 80(134)116 66(135)83 63(136)76 II';
/** `sprouts random --spots 40 --seed 3` (97 moves). */
const REC40_3 =
  '40+ 1(41)1[2-9] 1(42)41[19-40] 10(43)10[11-13] 14(44)42 19(45)19[20-27] 14(46)14[10] 28(47)28[29] 30(48)30[31,32] 30(49)48[1,35-40] 20(50)20[21-24] 21(51)21[20,24] 2(52)2[3,4] 35(53)35[49] 28(54)49 15(55)15[16,17] 54!(56)47[19] 52(57@3)2 5(58)5[6] 7(59)7 53(60)35[36] 58(61@1)5 25(62)25 25(63)26 45(64@20)19 55(65@16)15 62(66)!63[64] 21(67)51[23] 27(68)27[20] 43(69@14)10 59(70)7[8] 31(71)31 37(72)37 32(73)32 22(74)22 27(75)66 22(76)74 18(77)18 18(78)44 71(79@30)31 38(80)38[39,60] 36(81)60 9(82)9 37(83)40 72(84)!83 8(85)70 3(86)4 40(87)40[38] 3(88)57 46(89)78[77] 86!(90)88 4(91)90 16(92)16[17] 26(93)75 20(94)24 9(95)61 80(96@40)38 16(97)65 11(98)12 82(99)95 24(100)50 23(101)23 11(102)13 24(103)100 13(104)!98[10] 13!(105)102 23(106)101 12(107)12 73(108@30)32 4(109)91 26!(110)93 8(111)8 79(112)108 6(113)6 92(114)97 33(115)56 3(116)109 87(117)84 33(118)115 11(119)104[105] 113(120@5)6 34(121)34 36(122)36 33(123)118 17(124)17 85(125)111 77(126)89 105(127)119 124(128@16)17 121(129@28)34 29(130)29 39(131)39 94(132)103 68(133)110 130(134@28)29 131(135@35)39 123(136)129 81(137)122 I';
/** The first 30 moves of REC40_2 (about 1 s to route). */
const REC40_SHORT = REC40_2.split(' ').slice(0, 31).join(' ');

const linkOf = (/** @type {string} */ record, /** @type {number | null} */ m = null) =>
  `index.html#r=${encodeURIComponent(record)}${m === null ? '' : `&m=${m}`}`;

/**
 * Waits until the drawing worker has nothing queued or being read (what a
 * link, a file or a tidy asked of it is done or dropped).
 * @param {import('playwright-core').Page} page
 */
const drawingIdle = (page) => page.waitForFunction(() => {
  const d = /** @type {any} */ (globalThis).sprouts.drawing;
  return !d || d.pending() === 0;
}, null, { timeout: 60000 });

/** The record the page shows. @param {import('playwright-core').Page} page */
const recordShown = (page) => page.inputValue('#record');

/** The game in progress: 5 spots, two moves. @param {import('playwright-core').Page} page */
async function gameInProgress(page) {
  await newGame(page, { spots: 5 });
  await typeMove(page, '1(6)2', 1);
  await typeMove(page, '3(7)4', 2);
  assert.equal(await recordShown(page), '5+ 1(6)2 3(7)4');
}

/** Another tab of the same browser (shared localStorage, its own sessionStorage). @param {string} path */
async function newTab(path) {
  const page = await site.browser.newPage();
  await page.setViewportSize({ width: 1200, height: 820 });
  await page.goto(new URL(path, site.url).href);
  await ready(page);
  return page;
}

test('a broken link, in the same tab or a new one, leaves the game in progress saved', async () => {
  const { page, errors } = await site.open();
  await gameInProgress(page);
  // A new tab on a broken link (a click in a chat).
  const other = await newTab('index.html#r=%');
  await other.waitForFunction(() => /could not be opened/.test(document.getElementById('open-error')?.textContent ?? ''));
  await page.reload();
  await ready(page);
  assert.equal(await recordShown(page), '5+ 1(6)2 3(7)4', 'the first tab keeps its game');
  // The same tab.
  await page.goto(new URL('index.html#r=%', site.url).href);
  await page.waitForFunction(() => /could not be opened/.test(document.getElementById('open-error')?.textContent ?? ''));
  assert.equal(await recordShown(page), '5+ 1(6)2 3(7)4', 'a broken link shows the game in progress');
  await page.reload();
  await ready(page);
  assert.equal(await recordShown(page), '5+ 1(6)2 3(7)4', 'a reload brings it back');
  assert.deepEqual(real(errors), []);
  await other.close();
  await page.close();
});

test('a valid link shows its game without saving it; playing on keeps the previous game reachable', async () => {
  const { page, errors } = await site.open();
  await gameInProgress(page);
  const other = await newTab(linkOf('2+ 1(3)2'));
  await other.waitForFunction(() => document.getElementById('record')?.value === '2+ 1(3)2');
  await page.reload();
  await ready(page);
  assert.equal(await recordShown(page), '5+ 1(6)2 3(7)4', 'opening a link in another tab saved nothing over this one');
  await other.reload();
  await ready(other);
  assert.equal(await recordShown(other), '5+ 1(6)2 3(7)4', 'a reload without the link shows the game in progress');
  // The same tab: the link is shown, the game in progress stays saved.
  await page.goto(new URL(linkOf('2+ 1(3)2'), site.url).href);
  await page.waitForFunction(() => document.getElementById('record')?.value === '2+ 1(3)2');
  await page.reload();
  await ready(page);
  assert.equal(await recordShown(page), '5+ 1(6)2 3(7)4');
  // Playing on from a link's game makes it the tab's game; the previous one is one click away.
  await page.goto(new URL(linkOf('2+ 1(3)2'), site.url).href);
  await page.waitForFunction(() => document.getElementById('record')?.value === '2+ 1(3)2');
  await page.click('#continue');
  await typeMove(page, '1(4)2', 2);
  await page.reload();
  await ready(page);
  assert.equal(await recordShown(page), '2+ 1(3)2 1(4)2');
  await page.waitForSelector('#previous-game:not([hidden])');
  await page.click('#previous-game');
  await page.waitForFunction(() => document.getElementById('record')?.value === '5+ 1(6)2 3(7)4');
  await page.reload();
  await ready(page);
  assert.equal(await recordShown(page), '5+ 1(6)2 3(7)4', 'the previous game is the game in progress again');
  assert.deepEqual(real(errors), []);
  await other.close();
  await page.close();
});

test('two tabs keep their own games', async () => {
  const { page: a, errors } = await site.open();
  await gameInProgress(a);
  const b = await newTab('');
  assert.equal(await recordShown(b), '5+ 1(6)2 3(7)4', 'a new tab opens the last game played');
  await newGame(b, { spots: 3 });
  await typeMove(b, '1(4)2', 1);
  await a.reload();
  await ready(a);
  assert.equal(await recordShown(a), '5+ 1(6)2 3(7)4', 'tab B did not write into tab A');
  await typeMove(a, '5(8)5', 3);
  await b.reload();
  await ready(b);
  assert.equal(await recordShown(b), '3+ 1(4)2', 'tab A did not write into tab B');
  assert.deepEqual(real(errors), []);
  await b.close();
  await a.close();
});

test('a move played while a link is read is kept', async () => {
  const { page, errors } = await site.open();
  await newGame(page, { spots: 3 });
  await page.evaluate((h) => { location.hash = h; }, linkOf(REC40_2).slice('index.html'.length));
  await typeMove(page, '1(4)2', 1);
  // Until the drawing worker has nothing left to read: a link read on
  // (not dropped on the move) would land by then.
  await drawingIdle(page);
  await tidied(page);
  assert.equal(await recordShown(page), '3+ 1(4)2', 'the move stays on the board');
  await page.reload();
  await ready(page);
  assert.equal(await recordShown(page), '3+ 1(4)2', 'and in the saved game');
  assert.deepEqual(real(errors), []);
  await page.close();
});

test('50 links within 6 s end on the last one, a broken link', async () => {
  const { page, errors } = await site.open();
  await gameInProgress(page);
  const t0 = Date.now();
  for (let i = 0; i < 49; i++) {
    await page.evaluate((h) => { location.hash = h; }, linkOf(i % 2 ? REC40_2 : REC40_3, i).slice('index.html'.length));
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => { location.hash = '#r=%'; });
  await page.waitForFunction(
    () => /could not be opened/.test(document.getElementById('open-error')?.textContent ?? '') && !/Opening the link/.test(document.getElementById('status')?.textContent ?? ''),
    null, { timeout: 30000 },
  );
  const settled = (Date.now() - t0) / 1000;
  // No older link still read to land after the broken one.
  await drawingIdle(page);
  assert.match(await page.textContent('#open-error') ?? '', /could not be opened/, 'the error stays');
  assert.equal(await recordShown(page), '5+ 1(6)2 3(7)4', 'the game in progress is shown, not an older link');
  console.log(`50 links: settled on the broken one ${settled.toFixed(1)} s after the first`);
  assert.deepEqual(real(errors), []);
  await page.close();
});

test('embedded boards removed while loading do not hold up a new one', async () => {
  const { page, errors } = await site.open('embed.html', { waitReady: false });
  await page.waitForFunction(() => customElements.get('sprouts-board') !== undefined);
  const waited = await page.evaluate(async (moves) => {
    const boards = [];
    for (let i = 0; i < 30; i++) {
      const el = document.createElement('sprouts-board');
      el.setAttribute('moves', moves);
      document.body.append(el);
      boards.push(el);
    }
    await new Promise((r) => setTimeout(r, 500));
    for (const el of boards) el.remove();
    const t0 = performance.now();
    const el = /** @type {any} */ (document.createElement('sprouts-board'));
    el.setAttribute('spots', '3');
    el.setAttribute('moves', '1(4)2');
    document.body.append(el);
    await new Promise((r) => setTimeout(r, 0));
    await el.ready;
    return { ms: performance.now() - t0, record: el.record };
  }, REC40_SHORT);
  console.log(`a new board after 30 removed ones: ready in ${Math.round(waited.ms)} ms`);
  assert.equal(waited.record, '3+ 1(4)2');
  assert.ok(waited.ms < 3000, `a new board waited ${Math.round(waited.ms)} ms`);
  assert.deepEqual(real(errors), []);
  await page.close();
});

/** Starts a probe of the longest gap between animation frames, and long tasks. @param {import('playwright-core').Page} page */
async function probeGaps(page) {
  await page.evaluate(() => {
    const w = /** @type {any} */ (globalThis);
    w.gapProbe = { max: 0, longTask: 0, last: performance.now(), on: true };
    const tick = (/** @type {number} */ t) => {
      w.gapProbe.max = Math.max(w.gapProbe.max, t - w.gapProbe.last);
      w.gapProbe.last = t;
      if (w.gapProbe.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.gapProbe.longTask = Math.max(w.gapProbe.longTask, e.duration);
    }).observe({ type: 'longtask' });
  });
}

test('a 40-spot game file without a drawing is read off the main thread', async () => {
  const { page, errors } = await site.open();
  const moves = REC40_2.split(' ').slice(1, -1);
  const file = JSON.stringify({ format: 1, convention: 'normal', start: { spots: 40 }, moves, cursor: moves.length });
  await probeGaps(page);
  await page.setInputFiles('#file-input', { name: 'forty.sprouts.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n, moves.length, { timeout: 60000 });
  await page.waitForTimeout(500);
  const gap = await page.evaluate(() => { const w = /** @type {any} */ (globalThis); w.gapProbe.on = false; return w.gapProbe; });
  console.log(`40-spot file without a drawing (${file.length} bytes): longest frame gap ${Math.round(gap.max)} ms, longest task ${Math.round(gap.longTask)} ms`);
  // Routed on the main thread, the page stalled 5-11 s; read in the worker,
  // what is left on it is the engine checking the drawing it gets back
  // (Game.fromJson: 0.1-0.2 s for these 96 moves) and drawing the board;
  // see docs/saving.md.
  // 2.9 s once beside the native tests (session 29): 4 s still tells the
  // worker from the main thread (5-11 s).
  assert.ok(gap.max < 4000, `the page stalled ${Math.round(gap.max)} ms`);
  // The same game stored without its drawing: the page starts without stalling and shows it.
  await page.evaluate((f) => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('sprouts:game')) {
      const v = JSON.parse(localStorage.getItem(k) ?? '{}');
      localStorage.setItem(k, JSON.stringify({ ...v, game: f }));
    }
  }, file);
  await page.reload();
  await ready(page);
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length === n, moves.length, { timeout: 60000 });
  const start = await page.evaluate(() => {
    const m = performance.getEntriesByName('sprouts:interactive')[0];
    return m ? m.startTime : -1;
  });
  console.log(`stored 40-spot game without a drawing: page interactive at ${Math.round(start)} ms`);
  // Routed at start, it was ready only after the routing (seconds).
  assert.ok(start >= 0 && start < 4000, `the page was ready only after ${Math.round(start)} ms`);
  assert.deepEqual(real(errors), []);
  await page.close();
});

/**
 * A 40-spot game file whose third move no position allows. Until
 * 2026-11-28 the 32nd real move of `sprouts random --spots 40 --seed 8`
 * found no room on the page's board, and this file was that game's first
 * 32 moves, read without their drawing (31 of them routed anew, the
 * longest test of this file). The router has found room for that move
 * (and for every prefix of seeds 1-9 tried) since, so what the file still
 * shows is a move the engine refuses after moves that were read: two
 * routed moves before it show that as well as 31 (the reading of a long
 * 40-spot file off the page's thread is the test before).
 */
const UNOPENABLE = ['1(41)1[2-4]', '41(42)1[5]', '99(72)99'];

test('a game file that cannot be opened says why in the player\'s words, and the game in progress stays', async () => {
  const { page, errors } = await site.open();
  await gameInProgress(page);
  const moves = UNOPENABLE;
  const file = JSON.stringify({ format: 1, convention: 'normal', start: { spots: 40 }, moves, cursor: moves.length });
  await page.setInputFiles('#file-input', { name: 'crowded.sprouts.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await page.waitForFunction(() => (document.getElementById('open-error')?.textContent ?? '') !== '', null, { timeout: 180000 });
  const msg = await page.textContent('#open-error') ?? '';
  assert.match(msg, /^crowded\.sprouts\.json could not be opened: .*move 3 `99\(72\)99`/);
  assert.doesNotMatch(msg, /internal error/);
  assert.equal(await recordShown(page), '5+ 1(6)2 3(7)4');
  assert.deepEqual(real(errors), []);
  await page.close();
});

test('unreadable stored data is said and kept aside', async () => {
  const { page, errors } = await site.open();
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('sprouts:game')) localStorage.setItem(k, '{"game": broken');
  });
  await page.reload();
  await ready(page);
  assert.match(await page.textContent('#status') ?? '', /could not be read/);
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => localStorage.getItem(k) === '{"game": broken'));
  assert.ok(kept.length > 0, 'the unreadable text is kept');
  assert.deepEqual(real(errors), []);
  await page.close();
});

test('an engine worker that dies during an analysis is noticed', async () => {
  const { page, errors } = await site.open('', { waitReady: false });
  // A worker that ends itself silently when asked to analyse (as a killed one would).
  await page.route(/\/worker\.js$/, (route) => route.fulfill({
    contentType: 'text/javascript',
    body: `self.addEventListener('message', (e) => { if (e.data?.type === 'analyse') { e.stopImmediatePropagation(); self.close(); } });
await import('./worker.js?real');`,
  }));
  await page.reload();
  await ready(page);
  await newGame(page, { spots: 4 });
  await page.click('#analyse');
  await page.waitForFunction(() => /stopped|crashed/.test(document.getElementById('analysis-result')?.textContent ?? ''), null, { timeout: 20000 });
  assert.ok(await page.isHidden('#solve-progress'), 'no longer "Solving…"');
  assert.deepEqual(real(errors), []);
  await page.close();
});

test('the dev server: 404 for paths it cannot map, 405 for other methods', async () => {
  for (const path of ['%00', `${'a'.repeat(8000)}.js`, '%2e%2e%2fCargo.toml']) {
    const r = await fetch(new URL(path, site.url));
    assert.equal(r.status, 404, path.slice(0, 20));
  }
  for (const method of ['POST', 'PUT', 'DELETE']) {
    const r = await fetch(new URL('index.html', site.url), { method });
    assert.equal(r.status, 405, method);
    assert.equal(r.headers.get('allow'), 'GET, HEAD');
  }
  assert.equal((await fetch(new URL('index.html', site.url), { method: 'HEAD' })).status, 200);
});
