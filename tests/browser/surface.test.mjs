// @ts-check
// The surface board (www/surface.html): a torus game whose first line
// crosses a glued side, at 1280×800 and 390×844; each position the page
// shows is checked to be one of the native engine's children
// (`sprouts moves --surface`), and a stroke that is no move is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { useSite } from './harness.mjs';
import { mouseDraw } from './helpers.mjs';

const site = useSite();
const BIN = fileURLToPath(new URL('../../target/release/sprouts', import.meta.url));

/** The engine's children of a position on a surface (native CLI). @param {string[]} args */
function children(args) {
  return execFileSync(BIN, ['moves', ...args], { encoding: 'utf8' }).trim().split('\n');
}

/** Board units → viewport pixels. @param {import('playwright-core').Page} page @param {number[][]} pts */
async function toScreen(page, pts) {
  return page.evaluate((pts) => {
    const svg = /** @type {SVGSVGElement} */ (document.querySelector('#surface-board svg'));
    const m = /** @type {DOMMatrix} */ (svg.getScreenCTM());
    return pts.map(([x, y]) => { const p = new DOMPoint(x, y).matrixTransform(m); return { x: p.x, y: p.y }; });
  }, pts);
}

/** Samples of the segment a→b in board units. @param {number[]} a @param {number[]} b */
function seg(a, b, steps = 40) {
  return Array.from({ length: steps + 1 }, (_, i) => [a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps]);
}

for (const [width, height] of [[1280, 800], [390, 844]]) {
  test(`torus game with a line across a glued side at ${width}x${height}`, async () => {
    const { page, errors } = await site.open('surface.html?surface=torus&spots=2', { width, height });
    const spots = await page.evaluate(() => [...document.querySelectorAll('#surface-board circle.spot')]
      .map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]));
    assert.equal(spots.length, 2);
    const [p1, p2] = spots;
    // The arrows of both glued pairs are drawn.
    assert.equal(await page.locator('#surface-board .arrow').count(), 6);
    await page.locator('#surface-board').scrollIntoViewIfNeeded();

    // A stroke from spot 1 to nowhere is refused and changes nothing.
    await mouseDraw(page, await toScreen(page, seg(p1, [200, 200], 10)));
    await page.waitForSelector('#surface-status.error');
    assert.match(await page.textContent('#surface-status') ?? '', /Not a move: a line must end on a spot/);
    assert.equal(await page.getAttribute('#surface-board', 'data-moves'), '0');

    // Spot 1 out through the right side, in through the left, to spot 2.
    const start = await page.getAttribute('#surface-board', 'data-position') ?? '';
    await mouseDraw(page, await toScreen(page, seg(p1, [p2[0] + 400, p2[1]])));
    await page.waitForSelector('#surface-board[data-moves="1"]');
    const first = await page.getAttribute('#surface-board', 'data-position') ?? '';
    assert.ok(children(['--spots', '2', '--surface', 'torus']).includes(first), `${first} is an engine child of the start`);
    assert.match(first, /@1/, 'joining two spots keeps the handle');
    assert.notEqual(first, start);
    assert.match(await page.textContent('#surface-moves') ?? '', /1–2, new spot 3, across 1 side/);
    await page.screenshot({ path: `/tmp/surface-torus-${width}x${height}-1.png` });

    // Spot 1 to spot 2 straight in the square: a cycle around the handle,
    // which does not split the region; the handle is used up.
    await mouseDraw(page, await toScreen(page, seg(p1, p2)));
    await page.waitForSelector('#surface-board[data-moves="2"]');
    const second = await page.getAttribute('#surface-board', 'data-position') ?? '';
    assert.ok(children([first]).includes(second), `${second} is an engine child of ${first}`);
    assert.doesNotMatch(second, /@/, 'no handle left');
    await page.screenshot({ path: `/tmp/surface-torus-${width}x${height}-2.png` });
    assert.deepEqual(errors, []);
    await page.close();
  });
}
