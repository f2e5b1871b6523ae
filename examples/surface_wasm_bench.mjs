// The surface board's searches in wasm, in node, after `bash
// scripts/build-wasm.sh`, on starts with the page's caps: Analyse
// (`surfaceAnalyse`, 300,000 positions and 3 s per convention) and the
// perfect computer's move (`surfaceComputerMove`, 200,000 positions and
// 4 s, routing included). The native counterpart is
// examples/surface_analysis_bench.rs.
// Run: node examples/surface_wasm_bench.mjs [maxN]
import { readFileSync } from 'node:fs';
import { initSync, SurfaceGame, surfaceAnalyse, surfaceComputerMove } from '../www/pkg/sprouts.js';

initSync({ module: readFileSync(new URL('../www/pkg/sprouts_bg.wasm', import.meta.url)) });
const maxN = Number(process.argv[2] ?? 8);
const show = (c) => (c.outcome === 'unknown' ? 'not solved' : `${c.outcome} (${c.winning.length} winning)`) + `, ${c.nodes} nodes`;
console.log('| surface | n | Analyse, s | normal | misère | perfect move (normal), s | its outcome |\n| --- | ---: | ---: | --- | --- | ---: | --- |');
for (const surface of ['torus', 'projective', 'klein']) {
  for (let n = 3; n <= maxN; n++) {
    const json = new SurfaceGame(surface, n, 400, false).toJson();
    let t = performance.now();
    const a = surfaceAnalyse(json, 300000, 3000);
    const ta = (performance.now() - t) / 1000;
    t = performance.now();
    const m = surfaceComputerMove(json, 'perfect', 1, 200000, 4000);
    const tm = (performance.now() - t) / 1000;
    console.log(`| ${surface} | ${n} | ${ta.toFixed(2)} | ${show(a.normal)} | ${show(a.misere)} | ${tm.toFixed(2)} | ${m.outcome} |`);
  }
}
