// @ts-check
/**
 * The surface board's Web Worker (a module worker): the computer's move
 * and the analysis on a surface never run on the page's main thread.
 * Same protocol as worker.js (worker-client.js drives both): it posts
 * `{type: 'ready', version}` when the engine has loaded, then answers
 *
 *   {id, type: 'surfaceMove', game, strength, seed, maxNodes, maxMillis}
 *       → result {stroke, move, method, outcome, drawable} (surfaceComputerMove in src/wasm.rs)
 *   {id, type: 'surfaceAnalyse', game, maxNodes, maxMillis}
 *       → result {position, over, normal, misere} (surfaceAnalyse in src/wasm.rs)
 *
 * `game` is the game's saved-game JSON (only text crosses postMessage).
 * It posts no progress, so the searches are bounded in time (maxMillis)
 * well inside the client's 10 s watchdog.
 */
import { loadEngine, isTrap, messageOf } from './engine.js';

const scope = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const engine = loadEngine();
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
  try {
    const e = await engine;
    let value;
    switch (req.type) {
      case 'surfaceMove':
        value = e.surfaceComputerMove(String(req.game), String(req.strength), Number(req.seed ?? 0), Number(req.maxNodes ?? 0), Number(req.maxMillis ?? 0));
        break;
      case 'surfaceAnalyse':
        value = e.surfaceAnalyse(String(req.game), Number(req.maxNodes ?? 0), Number(req.maxMillis ?? 0));
        break;
      default:
        throw new Error(`unknown request type ${JSON.stringify(req.type)}`);
    }
    scope.postMessage({ id, type: 'result', value });
  } catch (err) {
    if (isTrap(err)) fatal = true;
    scope.postMessage({ id, type: 'error', fatal, message: messageOf(err) });
  }
});
