// @ts-check
/**
 * The engine worker that the embedded boards of a page share (their
 * computer opponents and analyses), started on first use. Loaded from
 * another site, embed.js starts it from a same-origin blob module that
 * imports worker.js (a worker's script must be the page's own), as the
 * drawing worker does (draw-client.js).
 */
import { createEngineWorker } from './worker-client.js';

/** @type {ReturnType<typeof createEngineWorker> | null} */
let shared = null;

export function engineWorker() {
  if (shared) return shared;
  let url = new URL('./worker.js', import.meta.url);
  if (url.origin !== globalThis.location?.origin) {
    const blob = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
    url = new URL(URL.createObjectURL(blob));
  }
  shared = createEngineWorker({ url });
  return shared;
}
