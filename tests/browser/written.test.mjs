// @ts-check
// Records as written on the page: a tournament record opened shows its
// moves as the players wrote them (the engine's shortest form beside each
// where they differ), its header (players, result) above the list, and at
// its end who won by the record; misère is said while the game goes on.
// Needs `scripts/build-wasm.sh` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useSite } from './harness.mjs';
import { openRecord } from './records.mjs';

const site = useSite();
const R26 = (await readFile(new URL('../data/records/wgosa-2006-auntbeast-khorkov-game2.txt', import.meta.url), 'utf8'))
  .split('\n').filter((l) => l.trim() && !l.startsWith('#'))[0].trim();

test('a tournament record on the page: moves as written, the header, the result by the record, misère', async () => {
  const { page, errors } = await site.open('');
  await openRecord(page, R26);
  const items = await page.locator('#moves li').allTextContents();
  assert.equal(items.length, 20);
  // As written, the engine's form beside where they differ (the card of issue 34).
  assert.equal(items[0], '1(27)1[2-15]');
  assert.equal(items[4], '30(31)19 (19(31)30)');
  assert.equal(items[18], '6(45@11)44 (6(45@1)44)');
  assert.equal(items[19], '11(46)11[12-15] (11(46)11[1,45])');
  assert.match(await page.textContent('#record-head') ?? '', /^AuntBeast – Khorkov\* · 26 spots, misère · result II \(player 2 won\)$/);
  // The end of the record: Khorkov (player 2) won by it, though the board is not over (a concession).
  assert.match(await page.textContent('#status') ?? '', /Khorkov \(Player 2\) won by the record \(II\)\. The loser conceded after 20 moves \(\d+ lives left; misère: the last move loses\)\. Last move: 11\(46\)11\[12-15\]\./);
  // Earlier: whose turn, and misère.
  await page.click('#replay-first');
  assert.match(await page.textContent('#status') ?? '', /^Replaying: AuntBeast \(Player 1\) to move.*misère: the last move loses/);
  assert.doesNotMatch(await page.textContent('#status') ?? '', /won by the record/);
  // A plain game has no header line.
  await page.click('#new-game');
  assert.equal(await page.locator('#record-head').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a record replayed with the computer chosen as opponent: the record\'s players, not "you" and "the computer"', async () => {
  const { page, errors } = await site.open('');
  await page.selectOption('#opponent', 'heuristic');
  await openRecord(page, R26);
  // The end: the winner by the record is Khorkov, player 2, not the computer's seat.
  const end = await page.textContent('#status') ?? '';
  assert.match(end, /^Replaying: Khorkov \(Player 2\) won by the record \(II\)\./);
  assert.doesNotMatch(end, /computer|Your move|you win/i);
  // Move 12 shown: AuntBeast (player 1) is to move in the record.
  await page.click('#moves li[data-n="12"]');
  const mid = await page.textContent('#status') ?? '';
  assert.match(mid, /^Replaying: AuntBeast \(Player 1\) to move \(12 moves played, .*misère: the last move loses\)/);
  assert.doesNotMatch(mid, /computer|Your move/i);
  // Continuing from here hands the seats back to the page: the line speaks to the player again.
  await page.click('#continue');
  await page.click('#continue-yes');
  await page.waitForFunction(() => /^(Your move|The computer)/.test(document.getElementById('status')?.textContent ?? ''), null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('every place that numbers moves counts them one by one: status, band, replay bar and list agree at each step', async () => {
  const { page, errors } = await site.open('', { width: 1280, height: 800 });
  await openRecord(page, R26);
  // Each move carries its own number, and the longest written move stays on
  // one line in its column (its number beside it, not broken "[12-" / "15]").
  const last = await page.locator('#moves li[data-n="20"] .written').evaluate((e) => ({ lines: e.getClientRects().length, h: e.getBoundingClientRect().height, line: parseFloat(getComputedStyle(e).lineHeight) || 20 }));
  assert.equal(last.lines, 1);
  assert.ok(last.h < 1.5 * last.line, `11(46)11[12-15] on one line: ${JSON.stringify(last)}`);
  await page.click('#replay-first');
  assert.match(await page.textContent('#status') ?? '', /\(no moves yet, /);
  assert.equal(await page.textContent('#replay-at'), 'start of 20 moves');
  // Forward through the whole record: the same number in all four places,
  // and the same move (as written) in the band and the status.
  for (let k = 1; k <= 19; k++) {
    await page.click('#replay-forward');
    const status = await page.textContent('#status') ?? '';
    const band = await page.textContent('#board .sb-msg') ?? '';
    const played = /\((\d+) moves? played, /.exec(status);
    const shown = /^Move (\d+) of 20: (\S+)$/.exec(band);
    assert.ok(played && shown, `move ${k}: status "${status}", band "${band}"`);
    assert.equal(Number(played[1]), k, `status at move ${k}: ${status}`);
    assert.equal(Number(shown[1]), k, `band at move ${k}: ${band}`);
    assert.equal(await page.textContent('#replay-at'), `move ${k} of 20`);
    assert.equal(await page.getAttribute('#moves li[aria-current=step]', 'data-n'), String(k));
    assert.ok(status.endsWith(`Last move: ${shown[2]}.`), `the band's move is the status's last move at ${k}: ${status} / ${band}`);
  }
  // Move 5 is shown as the record wrote it in the band too, not the engine's form.
  await page.click('#moves li[data-n="5"]');
  assert.equal(await page.textContent('#board .sb-msg'), 'Move 5 of 20: 30(31)19');
  assert.deepEqual(errors, []);
  await page.close();
});
