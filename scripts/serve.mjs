// @ts-check
// Tiny static file server for www/ (ES modules and wasm do not load from file://).
// No npm dependencies. Used by scripts/serve.sh and by the browser tests.
//   node scripts/serve.mjs [root]     listens on 127.0.0.1:${PORT:-8080}
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The page's content security policy: scripts and the wasm engine from this
 * origin only ('wasm-unsafe-eval' lets WebAssembly compile, nothing else);
 * images also from data: (the favicon stub) and blob: (the PNG export);
 * no plugins, no <base>. Styles are files or constructed style sheets, so
 * default-src 'self' covers them. www/index.html and www/embed.html carry
 * this policy in a <meta> tag too, for hosts that cannot set headers.
 */
export const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data: blob:; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'";

/** Sent with every response (README: "Hosting"). */
export const SECURITY_HEADERS = {
  // frame-ancestors works in a header only (a <meta> policy ignores it).
  'Content-Security-Policy': `${CSP}; frame-ancestors 'self'`,
  'X-Content-Type-Options': 'nosniff', // a file is only ever its declared type
  'Referrer-Policy': 'no-referrer', // share links carry games in their fragment; send nothing on
  // Another site's page may load embed.js as a module, and with it the
  // engine and the drawing worker: module scripts and wasm fetched from
  // another origin need CORS. Every file here is public.
  'Access-Control-Allow-Origin': '*',
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm', // required by WebAssembly.instantiateStreaming
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serve `root` over http on 127.0.0.1. Port 0 picks a free port.
 * @param {{ root?: string, port?: number, host?: string }} [opts]
 * @returns {Promise<{ server: import('node:http').Server, url: string }>}
 */
export async function startServer(opts = {}) {
  const root = resolve(opts.root ?? fileURLToPath(new URL('../www', import.meta.url)));
  const host = opts.host ?? '127.0.0.1';
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // A static site: nothing to post, put or delete.
      res.writeHead(405, { ...SECURITY_HEADERS, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('method not allowed\n');
      return;
    }
    try {
      const path = decodeURIComponent((req.url ?? '/').split(/[?#]/)[0]);
      let file = normalize(join(root, path));
      // Never serve anything outside root (e.g. /../Cargo.toml), nor a
      // path no file can have (a NUL byte, a name longer than any allowed).
      const unmappable = path.includes('\0') || path.split('/').some((part) => part.length > 255) || path.length > 4096;
      if (unmappable || (file !== root && !file.startsWith(root + sep))) throw Object.assign(new Error(), { code: 'ENOENT' });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        ...SECURITY_HEADERS,
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-store', // always see the latest build
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      const missing = ['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'ERR_INVALID_ARG_VALUE', 'ERR_INVALID_ARG_TYPE'].includes(e?.code) || e instanceof URIError;
      res.writeHead(missing ? 404 : 500, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(missing ? 'not found\n' : 'server error\n');
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, host, () => ok(undefined));
  });
  const addr = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, url: `http://${host}:${addr.port}/` };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { url } = await startServer({
    root: process.argv[2],
    port: Number(process.env.PORT ?? 8080),
  });
  console.log(`serving www/ on ${url}  (Ctrl-C to stop)`);
}
