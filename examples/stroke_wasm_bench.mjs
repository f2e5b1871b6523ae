// Stroke checking per pointer frame in wasm, in node, after `bash
// scripts/build-wasm.sh`: every prefix of an N-point stroke checked anew
// (`Game.checkStroke`) against the page's way (`Game.beginStroke`, then
// `Game.extendStroke` with one new point per frame). The stroke is
// examples/scaling_bench.rs's zigzag from spot 1 (legal all along).
// Run: node examples/stroke_wasm_bench.mjs
import { readFileSync } from 'node:fs';
import { initSync, Game } from '../www/pkg/sprouts.js';

initSync({ module: readFileSync(new URL('../www/pkg/sprouts_bg.wasm', import.meta.url)) });
const g = new Game(2, false, 800, 600);
const a = g.spotList()[0];

/** @param {number} n flat points of the zigzag */
function zigzag(n) {
  const pts = [a.x, a.y];
  let [x, y, dir] = [a.x + 20, a.y, 1];
  while (pts.length < 2 * n) {
    pts.push(x, y);
    y += dir;
    if (y > a.y + 100 || y < a.y - 100) {
      dir = -dir;
      x += 7;
      y += dir;
    }
  }
  return new Float64Array(pts);
}

console.log('| N | every prefix anew (checkStroke), ms | incrementally (extendStroke), ms |\n| ---: | ---: | ---: |');
for (const n of [1000, 2000, 10000]) {
  const pts = zigzag(n);
  let anew = '';
  if (n <= 2000) {
    const t0 = performance.now();
    for (let k = 1; k <= n; k++) g.checkStroke(pts.subarray(0, 2 * k));
    anew = (performance.now() - t0).toFixed(0);
  }
  const t0 = performance.now();
  g.beginStroke();
  let last;
  for (let k = 0; k < n; k++) last = g.extendStroke(pts.subarray(2 * k, 2 * k + 2));
  const inc = performance.now() - t0;
  if (!last.ok) throw new Error(`the stroke went wrong: ${last.reason}`);
  console.log(`| ${n} | ${anew} | ${inc.toFixed(1)} |`);
}
