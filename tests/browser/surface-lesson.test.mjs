// @ts-check
// The lesson www/lessons/surfaces.html at 1280×800 and 390×844: every board
// ready with no console error, the surface boards show their glued sides,
// and a stroke on the torus board leaves through the right side and comes
// back through the left to the other spot (an engine child of the start,
// `sprouts moves --surface torus --spots 2`). Screenshots in /tmp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { useSite } from './harness.mjs';
import { mouseDraw } from './helpers.mjs';

const site = useSite();
const BIN = fileURLToPath(new URL('../../target/release/sprouts', import.meta.url));

/** Samples of the segment a→b in board units. @param {number[]} a @param {number[]} b */
function seg(a, b, steps = 40) {
  return Array.from({ length: steps + 1 }, (_, i) => [a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps]);
}

for (const [width, height] of [[1280, 800], [390, 844]]) {
  test(`the surfaces lesson at ${width}x${height}: every board ready, a torus stroke across a glued side`, async () => {
    const { page, errors } = await site.open('lessons/surfaces.html', { width, height, waitReady: false });
    const boards = await page.evaluate(async () => {
      await customElements.whenDefined('sprouts-board');
      const all = /** @type {any[]} */ ([...document.querySelectorAll('sprouts-board')]);
      await Promise.all(all.map((el) => el.ready));
      return all.map((el) => ({ id: el.id, moves: el.dataset.moves ?? null, surface: el.getAttribute('surface') }));
    });
    assert.equal(boards.length, 5);
    for (const b of boards.filter((b) => b.surface)) assert.equal(b.moves, '0', `${b.id} shows its start`);
    // Each surface board draws its square's arrows (both glued pairs).
    for (const id of ['torus-board', 'klein-board', 'projective-board', 'klein-game']) {
      assert.equal(await page.evaluate((id) => document.getElementById(id)?.shadowRoot?.querySelectorAll('.arrow').length, id), 6, id);
    }
    await page.screenshot({ path: `/tmp/surface-lesson-${width}x${height}-top.png` });

    const torus = page.locator('#torus-board');
    await torus.scrollIntoViewIfNeeded();
    const spots = await torus.evaluate((el) => [...(el.shadowRoot?.querySelectorAll('circle.spot') ?? [])]
      .map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]));
    assert.equal(spots.length, 2);
    const [p1, p2] = spots;
    // Spot 1 out through the right side, in through the left, to spot 2.
    const pts = await torus.evaluate((el, pts) => {
      const svg = /** @type {SVGSVGElement} */ (el.shadowRoot?.querySelector('.sf-area svg'));
      const m = /** @type {DOMMatrix} */ (svg.getScreenCTM());
      return pts.map(([x, y]) => { const p = new DOMPoint(x, y).matrixTransform(m); return { x: p.x, y: p.y }; });
    }, seg(p1, [p2[0] + 400, p2[1]]));
    await mouseDraw(page, pts);
    await page.waitForSelector('#torus-board[data-moves="1"]');
    const pos = await torus.getAttribute('data-position') ?? '';
    const children = execFileSync(BIN, ['moves', '--spots', '2', '--surface', 'torus'], { encoding: 'utf8' }).trim().split('\n');
    assert.ok(children.includes(pos), `${pos} is an engine child of the start`);
    assert.match(pos, /@1/, 'joining two spots across a side keeps the handle');
    await page.screenshot({ path: `/tmp/surface-lesson-${width}x${height}-torus.png` });

    await page.evaluate(() => document.getElementById('flip')?.scrollIntoView());
    await page.screenshot({ path: `/tmp/surface-lesson-${width}x${height}-flip.png` });
    await page.evaluate(() => document.getElementById('projective-board')?.scrollIntoView());
    await page.screenshot({ path: `/tmp/surface-lesson-${width}x${height}-projective.png` });

    // The results table: four surfaces, 13 columns of outcomes.
    await page.locator('#results').scrollIntoViewIfNeeded();
    assert.equal(await page.locator('#results tr').count(), 5);
    assert.equal(await page.locator('#results tr:nth-child(3) td').count(), 13);
    await page.screenshot({ path: `/tmp/surface-lesson-${width}x${height}-results.png` });
    await page.screenshot({ path: `/tmp/surface-lesson-${width}x${height}-full.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  });
}
