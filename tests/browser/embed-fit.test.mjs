// @ts-check
// The embed fits its box (issue 34, item 2): a read-only replay of a long
// record (26 spots, a long header and a two-line status) in boxes from
// 480×320 down to 300×150. Every visible part of the shadow root (clipped by
// the ancestors that clip it) lies inside the host's box, the cut lines
// (header, replay line, status) carry their whole text in `title`, the zoom buttons do
// not overlap and stay on the board, and the board keeps the most height.
// Needs `scripts/build-wasm.sh` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useSite } from './harness.mjs';
import { embedBoard } from './helpers.mjs';

const site = useSite();

/** The first record line of a file in tests/data/records. @param {string} name */
async function record(name) {
  const text = await readFile(new URL(`../data/records/${name}`, import.meta.url), 'utf8');
  return /** @type {string} */ (text.split('\n').find((l) => l.trim() && !l.startsWith('#'))).trim();
}
const R26 = await record('wgosa-2006-auntbeast-khorkov-game2.txt');
const R14 = await record('wgosa-2006-recent-game.txt');

/**
 * What the test measures in the page: the parts that stick out of the host
 * (their visible rectangle, i.e. clipped by every ancestor whose overflow is
 * not visible), the title of the header and status against their text, the
 * zoom buttons' boxes and the board's share of the height.
 */
function measure() {
  const el = /** @type {any} */ (document.getElementById('b'));
  const root = /** @type {ShadowRoot} */ (el.shadowRoot);
  const host = el.getBoundingClientRect();
  const out = [];
  let count = 0;
  for (const e of root.querySelectorAll('*')) {
    if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') continue;
    let { left, top, right, bottom } = e.getBoundingClientRect();
    for (let a = e.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible') { const b = a.getBoundingClientRect(); left = Math.max(left, b.left); right = Math.min(right, b.right); }
      if (s.overflowY !== 'visible') { const b = a.getBoundingClientRect(); top = Math.max(top, b.top); bottom = Math.min(bottom, b.bottom); }
    }
    if (right - left <= 0 || bottom - top <= 0) continue; // clipped away entirely
    count++;
    const over = Math.max(host.left - left, top < host.top ? host.top - top : 0, right - host.right, bottom - host.bottom);
    if (over > 0.5) out.push(`${e.tagName.toLowerCase()}.${e.className || ''} "${(e.textContent ?? '').slice(0, 30)}" out by ${over.toFixed(1)}px`);
  }
  const q = (/** @type {string} */ s) => /** @type {HTMLElement} */ (root.querySelector(s));
  const zoom = [...root.querySelectorAll('.sb-zoom button')].map((b) => b.getBoundingClientRect().toJSON());
  const cut = (/** @type {HTMLElement} */ e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
  return {
    out, count, host: host.toJSON(), zoom, board: q('.sb-board').getBoundingClientRect().toJSON(),
    // Each spot's centre (its button's), to check its mark is inside the board.
    spots: [...root.querySelectorAll('.sb-spot')].map((b) => { const r = b.getBoundingClientRect(); return [Number(/** @type {HTMLElement} */ (b).dataset.spot), r.left + r.width / 2, r.top + r.height / 2]; }),
    head: { text: q('.head').textContent, title: q('.head').title, cut: cut(q('.head')) },
    at: { text: q('.replay .at').textContent, title: q('.replay .at').title },
    status: { text: q('.status').textContent, title: q('.status').title, cut: cut(q('.status')), lines: Math.round(q('.status').clientHeight / parseFloat(getComputedStyle(q('.status')).lineHeight)) },
  };
}

/**
 * One embed page per size, for both records' tests (each empties it and
 * makes its own board), instead of one page load per test (8 to 4; a
 * load is the engine in the page and its workers). Its errors are every
 * error since it opened, so a test still fails on an earlier board's.
 * @type {Map<string, Promise<{ page: import('playwright-core').Page, errors: string[] }>>}
 */
const pages = new Map();

const SIZES = [{ width: 480, height: 320 }, { width: 320, height: 240 }, { width: 300, height: 200 }, { width: 300, height: 150 }];
for (const size of SIZES) {
  for (const [name, rec] of [['26', R26], ['14', R14]]) {
    const tag = `${size.width}x${size.height}, the ${name}-spot record`;
    test(`${tag}: every visible part inside the host's box; cut lines keep their text in title`, async () => {
      // An offset box, so a part placed from the page's corner shows.
      const key = `${size.width}x${size.height}`;
      if (!pages.has(key)) pages.set(key, site.open('embed.html', { waitReady: false, width: size.width + 80, height: size.height + 80 }));
      const { page, errors } = /** @type {{ page: import('playwright-core').Page, errors: string[] }} */ (await pages.get(key));
      await embedBoard(page, size, { moves: rec, readonly: '', controls: 'replay' }, { pad: 20 });
      // The spot numbers placed (they are parts of the shadow root too).
      await page.waitForFunction(() => /** @type {any} */ (document.getElementById('b')).board.shown().numbers.from === 'given', null, { timeout: 60000 });
      const m = await page.evaluate(measure);
      assert.equal(m.host.width, size.width);
      assert.equal(m.host.height, size.height);
      assert.ok(m.count > 10, `parts measured: ${m.count}`);
      assert.deepEqual(m.out, [], 'parts outside the host');
      // The header is one line; where it is cut, its whole text is its title.
      assert.match(m.head.text ?? '', /spots, (misère|normal play)/);
      assert.equal(m.head.title, m.head.text);
      // The replay line's whole text (the engine's form too, hidden where narrow) is its title.
      assert.match(m.at.text ?? '', /^move \d+ of \d+: /);
      assert.equal(m.at.title, m.at.text);
      // The status (the result by the record, long) at most two lines, its whole text its title.
      assert.match(m.status.text ?? '', /won by the record/);
      assert.equal(m.status.title, m.status.text);
      assert.ok(m.status.lines <= 2, `status lines: ${m.status.lines}`);
      // The zoom buttons: on the board, side by side without overlapping.
      assert.equal(m.zoom.length, 3);
      for (const [i, z] of m.zoom.entries()) {
        assert.ok(z.left >= m.board.left - 0.5 && z.right <= m.board.right + 0.5 && z.top >= m.board.top - 0.5 && z.bottom <= m.board.bottom + 0.5, `zoom button ${i} on the board`);
        if (i) assert.ok(z.left >= m.zoom[i - 1].right, `zoom buttons ${i - 1} and ${i} overlap`);
      }
      // Over the drawing's corner (no band above it on a short board) the
      // buttons hide spots: to a mouse away from the board they are not
      // shown, over it they are; with a band above the drawing, always.
      const opacity = () => page.evaluate(() => getComputedStyle(/** @type {any} */ (document.getElementById('b')).shadowRoot.querySelector('.sb-zoom')).opacity);
      const corner = await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).shadowRoot.querySelector('.wrap').classList.contains('short'));
      assert.equal(corner, size.height < 280, 'short exactly below 280 px');
      await page.mouse.move(2, 2);
      await page.waitForTimeout(250);
      assert.equal(await opacity(), corner ? '0' : '1');
      await page.mouse.move(m.board.left + m.board.width / 2, m.board.top + m.board.height / 2);
      await page.waitForTimeout(250);
      assert.equal(await opacity(), '1');
      // Every spot's mark (a triangle reaches 8 px from its centre) inside
      // the board, fitted with a margin of 10 px at least: at 320×240 a
      // margin of 24 board units was 5 px, and the 26-spot record's spot 23
      // was cut by the board's lower edge.
      assert.ok(m.spots.length >= 20, `spots: ${m.spots.length}`);
      for (const [n, x, y] of m.spots) {
        const inside = Math.min(x - m.board.left, m.board.right - x, y - m.board.top, m.board.bottom - y);
        assert.ok(inside >= 8.5, `spot ${n} is ${inside.toFixed(1)} px from the board's edge`);
      }
      // The board takes what the lines leave: more than a third of the height.
      assert.ok(m.board.height > size.height / 3, `board ${m.board.height.toFixed(0)}px of ${size.height}`);
      assert.deepEqual(errors, []);
    });
  }
}
