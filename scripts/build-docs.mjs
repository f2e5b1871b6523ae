// @ts-check
// Builds the documentation into HTML pages for the release's site:
//   node scripts/build-docs.mjs OUT
// writes OUT/index.html (from README.md), OUT/docs/NAME.html (from each
// docs/NAME.md; docs/README.md becomes OUT/docs/index.html), copies
// docs/img/ to OUT/docs/img/ and writes OUT/docs/docs.css. Links between
// the Markdown files become links between the pages; a link to another
// file of the repository (`../scripts/test.sh`) is left as written.
// Markdown is parsed by `marked` (scripts/docs/package.json; run
// `npm ci --prefix scripts/docs` once). The pages have no script and no
// inline style, so they pass the site's content security policy.
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The marked module, from scripts/docs/node_modules. */
async function loadMarked() {
  try {
    return await import('./docs/node_modules/marked/lib/marked.esm.js');
  } catch {
    throw new Error('marked is not installed: run `npm ci --prefix scripts/docs`');
  }
}

/**
 * The page a Markdown file of the repository becomes, relative to OUT, or
 * null for a file that is not part of the docs.
 * @param {string} file a path relative to the repository, with `/`
 */
export function pageOf(file) {
  if (file === 'README.md') return 'index.html';
  if (file === 'docs/README.md') return 'docs/index.html';
  const m = /^docs\/([^/]+)\.md$/.exec(file);
  return m ? `docs/${m[1]}.html` : null;
}

/**
 * A link as written in `from` (a repository path), rewritten for the page
 * `from` becomes: `.md` targets that are docs become `.html`, anchors kept.
 * @param {string} from @param {string} href
 */
export function rewriteLink(from, href) {
  if (/^[a-z]+:/i.test(href) || href.startsWith('#')) return href;
  const [path, anchor] = href.split('#', 2);
  const target = posix.normalize(posix.join(posix.dirname(from), path));
  const page = pageOf(target);
  const fromPage = pageOf(from);
  if (!fromPage) return href;
  const base = posix.dirname(fromPage);
  // A doc links to its page; anything else to the repository's file, which
  // the site does not have: keep the text, point at the file as written.
  const out = page ? posix.relative(base, page) || posix.basename(page) : href;
  return anchor === undefined ? out : `${out}#${anchor}`;
}

/** GitHub's anchor for a heading's text (as tests/docs.rs computes it). @param {string} text */
export function slug(text) {
  return text
    .replace(/`/g, '')
    .trim()
    .split('')
    .map((c) => (c === ' ' ? '-' : /[\p{L}\p{N}_-]/u.test(c) ? c.toLowerCase() : ''))
    .join('');
}

const CSS = `body { font: 16px/1.55 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #222; background: #fffdf8; }
pre, code { font: 0.9em ui-monospace, monospace; }
pre { background: #f3efe6; padding: 0.75rem; overflow-x: auto; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; vertical-align: top; }
img { max-width: 100%; height: auto; }
nav { margin-bottom: 1.5rem; font-size: 0.9em; }
`;

/**
 * One page's HTML.
 * @param {any} marked @param {string} from @param {string} markdown
 */
function render(marked, from, markdown) {
  const page = /** @type {string} */ (pageOf(from));
  const renderer = {
    /** @param {any} token */
    heading(token) {
      const text = this.parser.parseInline(token.tokens);
      return `<h${token.depth} id="${slug(token.text)}">${text}</h${token.depth}>\n`;
    },
  };
  const md = new marked.Marked({
    gfm: true,
    walkTokens(/** @type {any} */ token) {
      if (token.type === 'link' || token.type === 'image') token.href = rewriteLink(from, token.href);
    },
  });
  md.use({ renderer });
  const body = md.parse(markdown);
  const title = (/^# (.*)$/m.exec(markdown)?.[1] ?? 'sprouts').replace(/`/g, '');
  const up = posix.relative(posix.dirname(page), '.') || '.';
  const css = posix.relative(posix.dirname(page), 'docs/docs.css');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/</g, '&lt;')} — sprouts</title>
<link rel="stylesheet" href="${css}">
<link rel="icon" href="data:,">
</head>
<body>
<nav><a href="${up}/index.html">sprouts</a> · <a href="${posix.relative(posix.dirname(page), 'docs/index.html')}">documentation</a></nav>
<main>
${body}</main>
</body>
</html>
`;
}

/** Builds every page into `out`; the list of pages written. @param {string} out */
export async function buildDocs(out) {
  const marked = await loadMarked();
  const files = ['README.md', ...(await readdir(join(ROOT, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  await mkdir(join(out, 'docs'), { recursive: true });
  const written = [];
  for (const file of files) {
    const page = /** @type {string} */ (pageOf(file));
    const html = render(marked, file, await readFile(join(ROOT, file), 'utf8'));
    await writeFile(join(out, page), html);
    written.push(page);
  }
  await cp(join(ROOT, 'docs/img'), join(out, 'docs/img'), { recursive: true });
  await writeFile(join(out, 'docs/docs.css'), CSS);
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node scripts/build-docs.mjs OUT');
    process.exit(2);
  }
  const pages = await buildDocs(resolve(out));
  console.log(`${pages.length} pages written to ${relative(process.cwd(), resolve(out)) || '.'}`);
}
