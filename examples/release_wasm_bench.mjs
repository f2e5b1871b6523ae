// Solve and routing times of a built wasm, in node: compares the page's
// build (www/pkg) with a release's optimised one (scripts/release.sh).
// Run: node examples/release_wasm_bench.mjs [pkg dir, default www/pkg] [runs, default 3]
// Each task runs cold, in a process of its own (the solver service keeps
// its table between calls, so a second task would be answered partly from
// it), `runs` times; the table gives the median and the spread. Times are
// the process's CPU time (user + system), which the machine's other load
// disturbs less than wall time.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = resolve(process.argv[2] ?? new URL('../www/pkg', import.meta.url).pathname);
const name = process.env.RECORD ?? 'wgosa-2006-peltier-auntbeast-final.txt';
/** Solves (outcome, winning moves, nimber) of starts the page's users ask for: 10 and 11 spots normal, 9 misère. */
const STARTS = ['10+', '11+', '9-'];

/** @param {() => unknown} f */
function ms(f) {
  // CPU time, not wall time: on a shared machine other processes' load would swamp the difference.
  const t0 = process.cpuUsage();
  f();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
}

const task = process.env.SPROUTS_BENCH_TASK;
if (task) {
  // A child: one task, cold; prints its CPU ms.
  const glue = await import(pathToFileURL(`${dir}/sprouts.js`).href);
  glue.initSync({ module: readFileSync(`${dir}/sprouts_bg.wasm`) });
  if (task === 'route') {
    const record = readFileSync(new URL(`../tests/data/records/${name}`, import.meta.url), 'utf8').replace(/^#.*\n/gm, '');
    console.log(ms(() => glue.Game.fromRecord(record, 600, 400).free()));
  } else {
    console.log(ms(() => glue.analyse(task, {}, null)));
  }
} else {
  const runs = Number(process.argv[3] ?? 3);
  const self = fileURLToPath(import.meta.url);
  console.log(`| task (${dir}/sprouts_bg.wasm) | CPU ms, median of ${runs} | min–max |\n| --- | ---: | ---: |`);
  for (const t of [...STARTS, 'route']) {
    const times = [];
    for (let i = 0; i < runs; i++) {
      const out = execFileSync(process.execPath, [self, dir], { env: { ...process.env, SPROUTS_BENCH_TASK: t }, encoding: 'utf8' });
      times.push(Number(out.trim()));
    }
    times.sort((a, b) => a - b);
    const what = t === 'route' ? `read and route ${name}` : `analyse ${t} (outcome, winning moves, nimber)`;
    console.log(`| ${what} | ${times[times.length >> 1].toFixed(0)} | ${times[0].toFixed(0)}–${times[times.length - 1].toFixed(0)} |`);
  }
}
