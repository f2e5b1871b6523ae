// Time per layout in wasm: `Game.fromPosition` (parse, lay out, check) on
// the labelled positions of tests/data/canonical.txt, in node, after
// `bash scripts/build-wasm.sh`. Run: node examples/layout_wasm_bench.mjs
import { readFileSync } from 'node:fs';
import { initSync, Game } from '../www/pkg/sprouts.js';

initSync({ module: readFileSync(new URL('../www/pkg/sprouts_bg.wasm', import.meta.url)) });
const lines = readFileSync(new URL('../tests/data/canonical.txt', import.meta.url), 'utf8')
  .split('\n').filter((l) => l && !l.startsWith('#'));
/** @type {Map<string, number[]>} lives band → milliseconds */
const bands = new Map();
let failed = 0;
for (const line of lines) {
  const hoey = line.split('\t')[0];
  const t0 = performance.now();
  let g;
  try { g = Game.fromPosition(hoey, false, 800, 600); } catch { failed++; continue; }
  const ms = performance.now() - t0;
  const lives = g.status().lives;
  g.free();
  const band = lives <= 10 ? '1–10' : lives <= 20 ? '11–20' : lives <= 30 ? '21–30' : '31+';
  if (!bands.has(band)) bands.set(band, []);
  bands.get(band)?.push(ms);
}
console.log('| lives | positions | median ms | worst ms |\n| --- | --- | --- | --- |');
for (const band of ['1–10', '11–20', '21–30', '31+']) {
  const t = (bands.get(band) ?? []).sort((a, b) => a - b);
  if (t.length) console.log(`| ${band} | ${t.length} | ${t[t.length >> 1].toFixed(1)} | ${t[t.length - 1].toFixed(1)} |`);
}
console.log(`${lines.length} positions, ${failed} not laid out`);
