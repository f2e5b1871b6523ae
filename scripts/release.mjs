// @ts-check
// Assembles dist/ from www/ and an optimised engine (scripts/release.sh runs it):
//
//   dist/index.html, dist/embed.html, dist/**/*.html   pages, at stable addresses
//   dist/embed.js                                      the element's stable address: re-exports
//   dist/embed.d.ts                                    its TypeScript declarations
//   dist/v<version>-<hash>/…                            every other file of www/ (modules,
//                                                      workers, styles, pkg/ with the wasm:
//                                                      the plane's module and the surface board's)
//   dist/docs/…                                        the docs as HTML, if built
//
// Versioned: <hash> is the content hash of the versioned folder, so a new
// release's pages and modules never mix with an old one's in a cache (a page
// loads one folder, and the folder's files import each other by relative
// paths). Pages' src/href attributes are rewritten into the folder; nothing
// else needs rewriting, because no module names a page. Any static host
// serves dist/ as it is (no headers needed; docs/release.md).
//
//   node scripts/release.mjs --pkg DIR [--docs DIR] [--out dist]
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, readdir, rm, writeFile, stat } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({
  options: { pkg: { type: 'string' }, docs: { type: 'string' }, out: { type: 'string', default: join(ROOT, 'dist') } },
});
if (!opts.pkg) throw new Error('usage: node scripts/release.mjs --pkg DIR [--docs DIR] [--out DIR]');
const out = /** @type {string} */ (opts.out);
const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));

/**
 * Every file under dir, as posix paths relative to it, sorted; dotfiles skipped.
 * @param {string} dir @returns {Promise<string[]>}
 */
async function filesUnder(dir, prefix = '') {
  const list = [];
  for (const e of await readdir(join(dir, prefix), { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) list.push(...(await filesUnder(dir, rel)));
    else if (e.isFile()) list.push(rel);
  }
  return list.sort();
}

// What goes where: www/ without its dev build of the engine (pkg/), plus the
// optimised engine as pkg/ (its .d.ts files are for developers, left out).
/** @type {Map<string, string>} path in the site → source file */
const site = new Map();
for (const f of await filesUnder(join(ROOT, 'www'))) if (!f.startsWith('pkg/')) site.set(f, join(ROOT, 'www', f));
for (const f of await filesUnder(opts.pkg)) if (!f.endsWith('.d.ts')) site.set(`pkg/${f}`, join(opts.pkg, f));
const modules = ['pkg/sprouts_bg.wasm', 'pkg/sprouts_surface_bg.wasm'];
for (const need of ['index.html', 'embed.html', 'embed.js', 'pkg/sprouts.js', 'pkg/sprouts_surface.js', ...modules]) {
  if (!site.has(need)) throw new Error(`release: ${need} is missing`);
}
const isPage = (/** @type {string} */ f) => f.endsWith('.html');

// The versioned folder's name from the content of what goes in it.
const hash = createHash('sha256');
for (const [f, src] of site) if (!isPage(f)) hash.update(`${f}\0`).update(await readFile(src)).update('\0');
const folder = `v${version}-${hash.digest('hex').slice(0, 10)}`;

/**
 * A page with its src/href attributes that name a versioned file pointed
 * into the folder. Only real tags are touched (text such as an escaped
 * `&lt;script src="embed.js"&gt;` snippet stays as written).
 * @param {string} page its path in the site @param {string} html
 */
function rewritePage(page, html) {
  const dir = posix.dirname(page);
  return html.replace(/<[a-zA-Z][^<>]*>/g, (tag) =>
    tag.replace(/(\s(?:src|href)\s*=\s*)(["'])([^"']*)\2/g, (whole, lead, q, url) => {
      if (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(url) || url === '') return whole; // absolute, or this page
      const [, path, rest] = /** @type {RegExpMatchArray} */ (url.match(/^([^?#]*)(.*)$/));
      const target = posix.normalize(posix.join(dir, path));
      if (!site.has(target) || isPage(target)) return whole; // a page, a folder, or outside
      let moved = posix.relative(dir, `${folder}/${target}`);
      if (!moved.startsWith('.')) moved = `./${moved}`;
      return `${lead}${q}${moved}${rest}${q}`;
    }),
  );
}

await rm(out, { recursive: true, force: true });
for (const [f, src] of site) {
  const dest = isPage(f) ? join(out, f) : join(out, folder, f);
  await mkdir(dirname(dest), { recursive: true });
  if (isPage(f)) await writeFile(dest, rewritePage(f, await readFile(src, 'utf8')));
  else await cp(src, dest);
}
// The element's stable address: tiny, so a host may cache it briefly while the folder is cached for good.
await writeFile(
  join(out, 'embed.js'),
  `// sprouts-board ${version}: the <sprouts-board> element (docs/release.md).\n` +
    `export * from './${folder}/embed.js';\n`,
);
await cp(join(ROOT, 'types', 'embed.d.ts'), join(out, 'embed.d.ts'));
if (opts.docs) await cp(opts.docs, join(out, 'docs'), { recursive: true });
// GitHub Pages: serve the files as they are (no Jekyll pass).
await writeFile(join(out, '.nojekyll'), '');

// Every page of the site (www/'s; the docs' builder checks its own) must link to files of the release.
const built = new Set((await filesUnder(out)).map((f) => f.split(sep).join('/')));
const broken = [];
for (const page of [...site.keys()].filter(isPage)) {
  const html = await readFile(join(out, page), 'utf8');
  for (const tag of html.match(/<[a-zA-Z][^<>]*>/g) ?? []) {
    for (const [, , url] of tag.matchAll(/\s(?:src|href)\s*=\s*(["'])([^"']*)\1/g)) {
      if (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(url) || url === '') continue;
      let target = posix.normalize(posix.join(posix.dirname(page), url.replace(/[?#].*$/, '')));
      if (target === '.' || target.endsWith('/')) target = posix.join(target, 'index.html');
      if (!built.has(target) && !built.has(posix.join(target, 'index.html'))) broken.push(`${page}: ${url}`);
    }
  }
}
if (broken.length) throw new Error(`release: links to no file:\n  ${broken.join('\n  ')}`);

let bytes = 0;
for (const f of built) bytes += (await stat(join(out, f))).size;
console.log(`dist/: ${built.size} files, ${bytes} B; versioned folder ${folder}/`);
const wasmSizes = await Promise.all(modules.map(async (m) => `${m.slice(4)} ${(await stat(join(out, folder, m))).size} B`));
console.log(`  wasm: ${wasmSizes.join(', ')}; ${[...built].filter(isPage).length} pages`);
console.log(`  (${relative(ROOT, out) || out})`);
