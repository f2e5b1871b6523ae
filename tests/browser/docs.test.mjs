// @ts-check
// The documentation as the release's site serves it: scripts/build-docs.mjs
// builds README.md and docs/ into pages, served here with the site's
// headers (its content security policy included) and opened in headless
// Chromium: every page loads without an error or a policy violation, every
// link to another page, anchor and picture resolves.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDocs, rewriteLink } from '../../scripts/build-docs.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { closeBrowser, launchBrowser } from './harness.mjs';

/** @type {string} */ let out;
/** @type {string[]} */ let pages;
/** @type {Awaited<ReturnType<typeof startServer>>} */ let site;
/** @type {import('playwright-core').BrowserContext} */ let browser;

before(async () => {
  out = await mkdtemp(join(tmpdir(), 'sprouts-docs-'));
  pages = await buildDocs(out);
  site = await startServer({ root: out, port: 0 });
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await closeBrowser(browser);
  site?.server.close();
  if (out) await rm(out, { recursive: true, force: true });
});

test('links between the Markdown files become links between the pages', () => {
  assert.equal(rewriteLink('README.md', 'docs/cli.md#solving'), 'docs/cli.html#solving');
  assert.equal(rewriteLink('docs/players.md', '../README.md#play'), '../index.html#play');
  assert.equal(rewriteLink('docs/cli.md', 'limits.md'), 'limits.html');
  assert.equal(rewriteLink('docs/README.md', '../README.md'), '../index.html');
  assert.equal(rewriteLink('docs/cli.md', 'README.md'), 'index.html');
  assert.equal(rewriteLink('docs/notation.md', 'img/record-loop.svg'), 'img/record-loop.svg');
  assert.equal(rewriteLink('docs/cli.md', '#json-outputs'), '#json-outputs');
  assert.equal(rewriteLink('README.md', 'https://example.org/a.md'), 'https://example.org/a.md');
});

test('every page loads under the policy, and its links, anchors and pictures resolve', async () => {
  assert.ok(pages.includes('index.html') && pages.includes('docs/index.html') && pages.length >= 12, pages.join(' '));
  /** @type {string[]} */
  const problems = [];
  /** @type {Map<string, Set<string>>} the ids of each page */
  const ids = new Map();
  /** @type {{ from: string, url: string }[]} */
  const links = [];
  for (const path of pages) {
    const page = await browser.newPage();
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`${path}: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`${path}: ${e}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'}`);
      });
    });
    const res = await page.goto(new URL(path, site.url).href);
    assert.equal(res?.status(), 200, path);
    const found = await page.evaluate(() => ({
      ids: [...document.querySelectorAll('[id]')].map((e) => e.id),
      hrefs: [...document.querySelectorAll('a[href]')].map((a) => /** @type {HTMLAnchorElement} */ (a).href),
      images: [...document.querySelectorAll('img')].map((i) => ({ src: i.src, ok: i.complete && i.naturalWidth > 0 })),
      title: document.title,
      styled: getComputedStyle(document.body).maxWidth,
    }));
    ids.set(new URL(path, site.url).href, new Set(found.ids));
    for (const href of found.hrefs) links.push({ from: path, url: href });
    for (const img of found.images) if (!img.ok) problems.push(`${path}: picture ${img.src} did not load`);
    if (!found.title.endsWith('— sprouts')) problems.push(`${path}: title ${found.title}`);
    if (found.styled === 'none') problems.push(`${path}: the style sheet did not apply`);
    await page.close();
  }
  let checked = 0;
  for (const { from, url } of links) {
    const u = new URL(url);
    // Links to the repository's other files (a script, the demo page) are
    // kept as written: the site may not have them, tests/docs.rs checks them.
    if (u.origin !== new URL(site.url).origin || !u.pathname.endsWith('.html')) continue;
    checked++;
    const page = `${u.origin}${u.pathname}`;
    if (!ids.has(page)) {
      problems.push(`${from}: link to ${u.pathname}, not a page of the site`);
    } else if (u.hash && !ids.get(page)?.has(decodeURIComponent(u.hash.slice(1)))) {
      problems.push(`${from}: link to ${u.pathname}${u.hash}: no such anchor`);
    }
  }
  assert.ok(checked > 40, `only ${checked} links checked`);
  assert.deepEqual(problems, []);
});
