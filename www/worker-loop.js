// @ts-check
/**
 * The request loop of both engine workers (worker.js for the plane,
 * surface-worker.js for the surface board; worker-client.js drives
 * both): once the worker's engine has loaded it posts `{type: 'ready',
 * version}` (or `{type: 'error', fatal: true}` if it does not load), then
 * answers each request `{id, type, ...}` with `{id, type: 'result',
 * value}` or `{id, type: 'error', fatal, message}`. While a request runs,
 * its progress callback posts `{id, type: 'progress', nodes, tableBytes,
 * found}` at most every 100 ms, and each part found at once. A trapped
 * engine (a Rust panic) answers `fatal: true` from then on, so that the
 * client starts a new worker.
 *
 *   serveRequests(loadEngine(), (engine, req, progress) => engine.analyse(req.record, {}, progress));
 */
import { isTrap, messageOf } from './engine.js';

/** @typedef {(p: {nodes: number, tableBytes: number, found: object | null}) => boolean} Progress */

/**
 * @template {{ engineVersion: () => string }} E
 * @param {Promise<E>} engine
 * @param {(engine: E, req: any, progress: Progress) => unknown} answer the value of a request; throws for an unknown type
 */
export function serveRequests(engine, answer) {
  const scope = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));
  let fatal = false;

  engine.then(
    (e) => scope.postMessage({ type: 'ready', version: e.engineVersion() }),
    (err) => scope.postMessage({ type: 'error', fatal: true, message: `the engine did not load: ${messageOf(err)}` }),
  );

  scope.addEventListener('message', async (ev) => {
    const req = ev.data ?? {};
    const id = req.id;
    if (fatal) {
      scope.postMessage({ id, type: 'error', fatal: true, message: 'the engine crashed' });
      return;
    }
    let last = 0;
    /** Counts at most every 100 ms; each part of an analysis (`found`) at once. @type {Progress} */
    const progress = (p) => {
      const now = performance.now();
      if (p.found || now - last >= 100) {
        last = now;
        scope.postMessage({ id, type: 'progress', nodes: p.nodes, tableBytes: p.tableBytes, found: p.found ?? null });
      }
      return false;
    };
    try {
      const value = await answer(await engine, req, progress);
      scope.postMessage({ id, type: 'result', value });
    } catch (err) {
      if (isTrap(err)) fatal = true;
      scope.postMessage({ id, type: 'error', fatal, message: messageOf(err) });
    }
  });
}
