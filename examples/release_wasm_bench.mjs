// Solve and routing times of a built wasm, in node: compares the page's
// build (www/pkg) with a release's optimised one (scripts/release.sh).
// Run: node examples/release_wasm_bench.mjs [pkg dir, default www/pkg]
// Each task runs once, cold (the solver service keeps its table between
// calls, so a repeat would be answered from it): run the script several
// times and compare the spread. Times are the process's CPU time (user +
// system), which the machine's other load disturbs less than wall time.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = resolve(process.argv[2] ?? new URL('../www/pkg', import.meta.url).pathname);
const glue = await import(pathToFileURL(`${dir}/sprouts.js`).href);
glue.initSync({ module: readFileSync(`${dir}/sprouts_bg.wasm`) });

/** @param {() => unknown} f */
function ms(f) {
  // CPU time, not wall time: on a shared machine other processes' load would swamp the difference.
  const t0 = process.cpuUsage();
  f();
  const d = process.cpuUsage(t0);
  return ((d.user + d.system) / 1000).toFixed(0);
}

const name = process.env.RECORD ?? 'wgosa-2006-peltier-auntbeast-final.txt';
const record = readFileSync(new URL(`../tests/data/records/${name}`, import.meta.url), 'utf8').replace(/^#.*\n/gm, '');
console.log(`| wasm | ${dir}/sprouts_bg.wasm |\n| --- | ---: |`);
for (const start of ['8+', '7-']) {
  console.log(`| analyse ${start} (outcome, winning moves, nimber), CPU ms | ${ms(() => glue.analyse(start, {}, null))} |`);
}
console.log(`| read and route ${name}, CPU ms | ${ms(() => glue.Game.fromRecord(record, 600, 400).free())} |`);
