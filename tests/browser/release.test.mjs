// @ts-check
// The release as a teacher gets it: ONLY the npm tarball (`npm pack` of the
// built dist/, unpacked into an empty temporary folder; no other file of the
// repository is served). A teacher's page on another origin puts three boards
// on it (spots, a record to step through, a position), plays a stroke and a
// typed move, steps the replay, and sees no console error, having fetched
// the plane's engine module only; a surface board (the surface board's
// module, from the package's origin); then the same through the iframe
// form (embed.html#…), and the app itself.
//
// Needs dist/ built first (`bash scripts/release.sh`; scripts/test.sh does it).
// The tarball is packed with --ignore-scripts: its prepack would build dist/ again.
//
// Servers, as a teacher would have them:
// - python3 -m http.server over the unpacked package: a plain static server
//   with no header of its own. It serves the app and the iframe form (an
//   iframe needs no header).
// - a GitHub-Pages-like static server (files with their types, plus
//   `Access-Control-Allow-Origin: *`, as GitHub Pages and jsDelivr send it): a
//   page on another origin can only load embed.js as a module from a site that
//   allows it by that header (docs/release.md, "Hosting").
// - the teacher's own site, on localhost (another origin than 127.0.0.1).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { access, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { launchBrowser, closeBrowser } from './harness.mjs';
import { arc, mouseDraw } from './helpers.mjs';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The 2006 championship final as its page wrote it (tests/data/records): 14 spots, player 2 won. */
const RECORD = '14+ (AuntBeast* - Khorkov) 1(15)2 1(16)1[3-10] 3(17)16 2(18)11 11(19)14 2(20)18[14] 10(21)10[4-6] 10(22)21[7] 13(23)15 14(24)20 II';
const POSITION = '0*2.AB.}AB.}]!';

/** @type {string} */ let temp;
/** @type {string} */ let pkg; // the unpacked package
/** @type {{ files: { path: string, size: number }[], size: number, unpackedSize: number }} */ let packed;
/** @type {import('node:child_process').ChildProcess} */ let python;
/** @type {string} */ let plain; // python3 -m http.server, ends in /
/** @type {string} */ let pages; // GitHub-Pages-like, ends in /
/** @type {string} */ let teacher; // the teacher's site, ends in /
/** @type {import('node:http').Server[]} */ const servers = [];
/** @type {import('playwright-core').BrowserContext} */ let browser;
/** The teacher's pages, by path. @type {Map<string, string>} */
const lessons = new Map();

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };

/**
 * A static server of `root` on 127.0.0.1 with only the content type and,
 * where `cors`, `Access-Control-Allow-Origin: *`.
 * @param {string} root @param {boolean} cors
 */
async function staticServer(root, cors) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split(/[?#]/)[0]);
    let file = normalize(join(root, path));
    try {
      if (!file.startsWith(root + sep)) throw new Error('outside');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[/** @type {keyof TYPES} */ (extname(file))] ?? 'application/octet-stream', ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}) });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return listen(server, '127.0.0.1');
}

/** @param {import('node:http').Server} server @param {string} host */
async function listen(server, host) {
  await new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(undefined)));
  servers.push(server);
  return `http://${host}:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`;
}

/** A free loopback port (for python's server). */
async function freePort() {
  const s = createServer();
  await new Promise((ok) => s.listen(0, '127.0.0.1', () => ok(undefined)));
  const port = /** @type {import('node:net').AddressInfo} */ (s.address()).port;
  await new Promise((ok) => s.close(() => ok(undefined)));
  return port;
}

before(async () => {
  await access(join(ROOT, 'dist', 'embed.js')).catch(() => {
    throw new Error('dist/ is not built: run `bash scripts/release.sh` first (scripts/test.sh does)');
  });
  temp = await mkdtemp(join(tmpdir(), 'sprouts-release-'));
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', temp], { cwd: ROOT, maxBuffer: 1 << 24 });
  packed = JSON.parse(stdout)[0];
  // An empty folder with nothing in it but the unpacked tarball.
  const into = join(temp, 'unpacked');
  await mkdir(into);
  await run('tar', ['-xzf', join(temp, packed.filename), '-C', into]);
  pkg = join(into, 'package');

  const port = await freePort();
  python = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', pkg], { stdio: 'ignore' });
  plain = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${plain}package.json`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 100) throw new Error('python3 -m http.server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  pages = await staticServer(pkg, true);
  teacher = await listen(createServer((req, res) => {
    const path = (req.url ?? '/').split(/[?#]/)[0];
    // The browser asks every site for an icon; a teacher's site without one is not the package's error.
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const html = lessons.get(path);
    res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html ?? '');
  }), 'localhost');
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await closeBrowser(browser);
  for (const s of servers) s.close();
  python?.kill();
  if (temp) await rm(temp, { recursive: true, force: true });
});

/**
 * A teacher's page (on the teacher's origin) open in the browser, with
 * every console error, page error and failed request of it and its frames.
 * @param {string} path @param {string} html @param {{ width: number, height: number }} [size]
 */
async function openLesson(path, html, size = { width: 1100, height: 1300 }) {
  lessons.set(path, html);
  const page = await browser.newPage();
  await page.setViewportSize(size);
  /** @type {string[]} */
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`page: ${e}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`); });
  /** The engine modules fetched (by the page, its frames and workers: file names). @type {Set<string>} */
  const wasm = new Set();
  const onRequest = (/** @type {import('playwright-core').Request} */ r) => { if (r.url().endsWith('.wasm')) wasm.add(r.url().replace(/^.*\//, '')); };
  page.context().on('request', onRequest);
  page.on('close', () => page.context().off('request', onRequest));
  await page.goto(new URL(path, teacher).href);
  return { page, errors, wasm };
}

/**
 * Draws a loop from spot `n` of the board `board` (a locator of a
 * <sprouts-board> in the page or a frame) and waits for the move.
 * @param {import('playwright-core').Page} page @param {import('playwright-core').Locator} board @param {number} n
 */
async function drawLoop(page, board, n) {
  const b = await board.locator(`[data-spot="${n}"]`).boundingBox();
  assert.ok(b, `spot ${n} has a button`);
  const a = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  // Out and back to the same spot, bulging to one side: a loop 1(4)1.
  const away = { x: a.x + 70, y: a.y };
  await mouseDraw(page, [...arc(a, away, 45), ...arc(away, a, 45).slice(1)]);
}

test('the tarball: the element, its declarations and the static site, and nothing else', async () => {
  const json = JSON.parse(await readFile(join(pkg, 'package.json'), 'utf8'));
  assert.equal(json.name, 'sprouts-board');
  assert.equal(json.exports['.'].default, './dist/embed.js');
  for (const f of [json.exports['.'].default, json.exports['.'].types, 'dist/index.html', 'dist/embed.html']) await access(join(pkg, f));
  const paths = packed.files.map((f) => f.path);
  const wasm = paths.filter((p) => p.endsWith('.wasm')).sort();
  // Two modules of the engine: the plane's and the surface board's (src/wasm/).
  assert.equal(wasm.length, 2, `two engine modules: ${wasm.join(', ')}`);
  assert.match(wasm[0], /^dist\/v\d+\.\d+\.\d+-[0-9a-f]{10}\/pkg\/sprouts_bg\.wasm$/, 'the engine sits in the versioned folder');
  assert.match(wasm[1], /^dist\/v\d+\.\d+\.\d+-[0-9a-f]{10}\/pkg\/sprouts_surface_bg\.wasm$/, 'the surface board\'s engine beside it');
  const stray = paths.filter((p) => /node_modules|\.map$|^tests?\/|^src\/|\.rs$|^target/.test(p));
  assert.deepEqual(stray, []);
  const declarations = await readFile(join(pkg, json.exports['.'].types), 'utf8');
  for (const name of ['class SproutsBoard', 'play(text: string)', "'sprouts-move'", "'sprouts-over'", "'sprouts-error'", "'sprouts-puzzle'", 'readonly ready: Promise<void>']) {
    assert.ok(declarations.includes(name), `the declarations name ${name}`);
  }
  console.log(`tarball ${packed.filename}: ${packed.files.length} files, ${packed.size} B packed, ${packed.unpackedSize} B unpacked`);
  assert.ok(packed.size < 3_000_000, `the tarball is lean (${packed.size} B)`);
});

test('a teacher\'s page on another origin: three boards from the package\'s embed.js; a stroke, a typed move, the replay stepped; no console error', async () => {
  const { page, errors, wasm } = await openLesson('/lesson.html', `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lesson: Sprouts</title>
<script type="module" src="${pages}dist/embed.js"></script>
<style>body { font: 16px system-ui; margin: 1rem; } sprouts-board { margin-bottom: 1rem; }</style></head>
<body><h1>Sprouts, lesson 1</h1>
<p>Three spots: join two, or loop one.</p>
<sprouts-board id="spots" spots="3"></sprouts-board>
<p>A championship game, step by step.</p>
<sprouts-board id="record" moves="${RECORD}" readonly controls="replay"></sprouts-board>
<p>A position to play from.</p>
<sprouts-board id="position" position="${POSITION}"></sprouts-board>
</body></html>`);
  const ids = ['spots', 'record', 'position'];
  await page.evaluate(async (ids) => {
    await customElements.whenDefined('sprouts-board');
    await Promise.all(ids.map((id) => /** @type {any} */ (document.getElementById(id)).ready));
  }, ids);
  // Loaded from the package's site, not the teacher's.
  assert.notEqual(new URL(pages).origin, await page.evaluate(() => location.origin));

  // A stroke: a loop drawn on the spots board.
  const spots = page.locator('#spots');
  await drawLoop(page, spots, 1);
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('spots')).status?.moveNumber === 1, null, { timeout: 10000 });
  assert.match(await page.evaluate(() => /** @type {any} */ (document.getElementById('spots')).record), /^3\+ 1\(4\)1/);

  // A typed move, through the element's play().
  const played = await page.evaluate(() => {
    const el = /** @type {any} */ (document.getElementById('position'));
    return { move: el.play('1(5)3'), moves: el.status.moveNumber };
  });
  assert.deepEqual(played, { move: '1(5)3', moves: 1 });

  // The record: the whole game, then stepped through.
  // DEPENDS ON controls="replay" (the embed helper's step-through bar and keys).
  const record = page.locator('#record');
  const shown = () => page.evaluate(() => /** @type {any} */ (document.getElementById('record')).status.moveNumber);
  assert.equal(await shown(), 10);
  await record.getByRole('button', { name: 'First position' }).click();
  assert.equal(await shown(), 0);
  await record.getByRole('button', { name: 'Forward one move' }).click();
  await record.getByRole('button', { name: 'Forward one move' }).click();
  assert.equal(await shown(), 2);
  await record.press('ArrowRight');
  assert.equal(await shown(), 3);
  await record.press('End');
  assert.equal(await shown(), 10);
  await record.press('ArrowLeft');
  assert.equal(await shown(), 9);
  assert.match(await record.locator('.at').textContent() ?? '', /move 9 of 10/);

  await page.screenshot({ path: join(temp, 'lesson.png'), fullPage: true });
  if (process.env.SPROUTS_SHOTS) await page.screenshot({ path: join(process.env.SPROUTS_SHOTS, 'release-lesson.png'), fullPage: true });
  assert.deepEqual(errors, []);
  // Boards on the plane download the plane's engine only (docs/release.md, "The engine's size").
  assert.deepEqual([...wasm], ['sprouts_bg.wasm'], 'the plane\'s boards fetch only the plane\'s engine');
  await page.close();
});

test('a surface board on a teacher\'s page of another origin: the surface module loads from the package; a stroke across a glued side', async () => {
  const { page, errors, wasm } = await openLesson('/torus.html', `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lesson: Sprouts on a torus</title>
<script type="module" src="${pages}dist/embed.js"></script></head>
<body><h1>Sprouts on a torus</h1>
<sprouts-board id="torus" surface="torus" spots="2" style="width: 480px; height: 320px"></sprouts-board>
</body></html>`);
  await page.evaluate(async () => {
    await customElements.whenDefined('sprouts-board');
    await /** @type {any} */ (document.getElementById('torus')).ready;
  });
  const board = page.locator('#torus');
  assert.match(await board.locator('.status').textContent() ?? '', /2 spots on the torus/);
  // From spot 1 out through the right side, back in through the left, to spot 2.
  const pts = await page.evaluate(() => {
    const svg = /** @type {SVGSVGElement} */ (document.getElementById('torus')?.shadowRoot?.querySelector('.sf-area svg'));
    const [a, b] = [...svg.querySelectorAll('circle.spot')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
    const m = /** @type {DOMMatrix} */ (svg.getScreenCTM());
    return Array.from({ length: 41 }, (_, i) => {
      const p = new DOMPoint(a[0] + (b[0] + 400 - a[0]) * i / 40, a[1] + (b[1] - a[1]) * i / 40).matrixTransform(m);
      return { x: p.x, y: p.y };
    });
  });
  await mouseDraw(page, pts);
  await page.waitForSelector('#torus[data-moves="1"]', { timeout: 10000 });
  assert.match(await board.locator('.status').textContent() ?? '', /^Played \d+\(\d+\)\d+\. Player 2 to move\.$/);
  if (process.env.SPROUTS_SHOTS) await page.screenshot({ path: join(process.env.SPROUTS_SHOTS, 'release-torus.png') });
  assert.deepEqual(errors, []);
  assert.deepEqual([...wasm], ['sprouts_surface_bg.wasm'], 'a surface board fetches only the surface board\'s engine');
  await page.close();
});

test('the iframe form: embed.html#… from a plain static server shows each game filling its frame; a stroke, a typed move, the replay stepped; no console error', async () => {
  const frame = (/** @type {string} */ fragment) => `${plain}dist/embed.html#${fragment}`;
  const spotsLink = frame(`r=${encodeURIComponent('3+')}`);
  const recordLink = frame(`r=${encodeURIComponent(RECORD)}&m=3`);
  const positionLink = frame(`p=${encodeURIComponent(POSITION)}&c=normal&r=`);
  const { page, errors } = await openLesson('/frames.html', `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lesson: Sprouts in frames</title></head>
<body><h1>Sprouts in frames</h1>
<iframe id="f-spots" src="${spotsLink}" width="480" height="320" title="Three spots" style="border:0"></iframe>
<iframe id="f-record" src="${recordLink}" width="480" height="320" title="A championship game" style="border:0"></iframe>
<iframe id="f-position" src="${positionLink}" width="320" height="240" title="A position" style="border:0"></iframe>
</body></html>`);
  const frames = Object.fromEntries(await Promise.all(['spots', 'record', 'position'].map(async (id) => {
    const f = page.frameLocator(`#f-${id}`);
    const h = await page.locator(`#f-${id}`).elementHandle();
    const fr = await h?.contentFrame();
    assert.ok(fr, `frame ${id}`);
    await fr.waitForFunction(async () => {
      await customElements.whenDefined('sprouts-board');
      const el = /** @type {any} */ (document.querySelector('sprouts-board'));
      await el?.ready;
      return el?.status != null;
    }, null, { timeout: 20000 });
    return [id, { locator: f.locator('sprouts-board'), frame: fr }];
  })));
  // Each board fills its frame (less its 2 px padding).
  for (const [id, w, h] of [['spots', 480, 320], ['position', 320, 240]]) {
    const box = await frames[id].locator.boundingBox();
    assert.ok(box && Math.abs(box.width - w) <= 1 && Math.abs(box.height - h) <= 1, `${id}: the board fills its ${w}×${h} frame (${JSON.stringify(box)})`);
  }
  // A stroke in the first frame.
  await drawLoop(page, frames.spots.locator, 2);
  await frames.spots.frame.waitForFunction(() => /** @type {any} */ (document.querySelector('sprouts-board')).status?.moveNumber === 1, null, { timeout: 10000 });
  // A typed move in the third.
  assert.equal(await frames.position.frame.evaluate(() => /** @type {any} */ (document.querySelector('sprouts-board')).play('1(5)3')), '1(5)3');
  // The record opens at move 3 (m=3) with the step-through bar.
  // DEPENDS ON controls="replay" and move= (the embed helper's attributes).
  const shown = () => frames.record.frame.evaluate(() => /** @type {any} */ (document.querySelector('sprouts-board')).status.moveNumber);
  assert.equal(await shown(), 3);
  await frames.record.locator.getByRole('button', { name: 'Forward one move' }).click();
  assert.equal(await shown(), 4);
  await frames.record.locator.press('Home');
  assert.equal(await shown(), 0);

  await page.screenshot({ path: join(temp, 'frames.png'), fullPage: true });
  if (process.env.SPROUTS_SHOTS) await page.screenshot({ path: join(process.env.SPROUTS_SHOTS, 'release-frames.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the iframe form says why a link is not a game, and changes nothing else', async () => {
  const { page, errors } = await openLesson('/bad.html', `<!doctype html><meta charset="utf-8"><title>bad</title>
<iframe id="f" src="${plain}dist/embed.html#m=x&r=3%2B" width="480" height="320" title="bad"></iframe>`);
  const fr = await (await page.locator('#f').elementHandle())?.contentFrame();
  assert.ok(fr);
  await fr.waitForSelector('[role=alert]');
  assert.match(await fr.locator('[role=alert]').textContent() ?? '', /Not a game link: .*move number m= is not a number/);
  assert.equal(await fr.locator('sprouts-board').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('every page of the package (the app, embed.html, lessons) on a plain static server (python3 -m http.server, no headers): loads with no console error', async () => {
  const { stdout } = await run('find', ['dist', '-name', '*.html', '-not', '-path', 'dist/docs/*'], { cwd: pkg });
  const found = stdout.split('\n').filter(Boolean).sort();
  assert.ok(found.includes('dist/index.html') && found.includes('dist/embed.html'), found.join(', '));
  for (const path of found) {
    const page = await browser.newPage();
    /** @type {string[]} */
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('response', (r) => { if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`); });
    // A board that cannot read its game (or load its mode) says so in a sprouts-error event.
    await page.addInitScript(() => document.addEventListener('sprouts-error', (e) => console.error(`sprouts-error: ${/** @type {CustomEvent} */ (e).detail.message}`)));
    await page.goto(`${plain}${path}`);
    if (path === 'dist/index.html') {
      await page.waitForSelector('html[data-ready=true]', { timeout: 20000 });
      assert.ok(await page.locator('#board [data-spot]').count() > 0, 'the app shows spots');
    }
    // Every board of the page is ready (a mode="explore" board shows a tree, not a game: its status stays null).
    const boards = await page.evaluate(async () => {
      const all = /** @type {any[]} */ ([...document.querySelectorAll('sprouts-board')]);
      if (all.length) await customElements.whenDefined('sprouts-board');
      await Promise.all(all.map((el) => el.ready));
      return all.length;
    });
    assert.deepEqual(errors, [], path);
    console.log(`${path}: ${boards} boards, no console error`);
    await page.close();
  }
});
