// @ts-check
// Records for the tests of opened games, and helpers to open them.

/** Seed 004's card game (shared/docs/sprouts.md). */
export const CARD_RECORD = '2+ 1(3)2 1(4)2 1(5)4 2(6)3';
/** The position after each move of the card game, as the card prints it (Hoey). */
export const CARD_HOEY = [
  '1,3,2,3',
  '4,1,3,2/4,2,3,1',
  '5,1,3,2,4/5,4,1/4,2,3,1',
  '5,1,3,2,4/5,4,1/6,2,3/6,3,1,4,2',
];
/** `sprouts random --spots 8 --seed 3`: loops with [L], `!` and `@`. */
export const LONG_RECORD =
  '8+ 1(9)1[4-8] 1(10)4 2(11)9 4(12)!10[5] 2(13)11 2!(14)13 4(15)12[6] 7(16)15 7(17)8 8(18)8 ' +
  '7!(19)17 3(20)3 20(21@1)3 5(22)5 22(23@4)5 16(24)19 18(25)24 6(26)6 26(27@4)6 I';

/**
 * Pastes `text` into the Open box and opens it; with `ok`, waits until the
 * page replays it.
 * @param {import('playwright-core').Page} page @param {string} text @param {boolean} [ok]
 */
export async function openRecord(page, text, ok = true) {
  if (!(await page.isVisible('#open-text'))) await page.click('#open-box summary');
  await page.fill('#open-text', text);
  await page.click('#open-submit');
  if (ok) await page.waitForSelector('#replay-note:not([hidden])');
  else await page.waitForFunction(() => (document.getElementById('open-error')?.textContent ?? '') !== '');
}

/**
 * How many moves the list shows up to the move shown, and after it.
 * @param {import('playwright-core').Page} page
 */
export async function replayState(page) {
  return page.evaluate(() => ({
    shown: document.querySelectorAll('#moves li').length,
    later: document.querySelectorAll('#moves-later li').length,
  }));
}
