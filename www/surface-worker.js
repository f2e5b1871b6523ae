// @ts-check
/**
 * The surface board's Web Worker (a module worker): the computer's move
 * and the analysis on a surface never run on the page's main thread.
 * It runs the surface module of the engine (pkg/sprouts_surface*), in
 * the request loop of worker.js (worker-loop.js; worker-client.js drives
 * both): it posts `{type: 'ready', version}` when the engine has loaded,
 * then answers
 *
 *   {id, type: 'surfaceMove', game, strength, seed, maxNodes, maxMillis}
 *       → result {stroke, move, method, outcome, drawable} (surfaceComputerMove in src/wasm/surface.rs)
 *   {id, type: 'surfaceAnalyse', game, maxNodes, maxMillis}
 *       → result {position, over, normal, misere} (surfaceAnalyse in src/wasm/surface.rs)
 *
 * `game` is the game's saved-game JSON (only text crosses postMessage).
 * It posts no progress, so the searches are bounded in time (maxMillis)
 * and each request asks its client (worker-client.js, `silenceMs`) to wait
 * that long beyond its usual 10 s of silence before taking the worker for
 * dead.
 */
import { loadSurfaceEngine } from './engine.js';
import { serveRequests } from './worker-loop.js';

serveRequests(loadSurfaceEngine(), (e, req) => {
  switch (req.type) {
    case 'surfaceMove':
      return e.surfaceComputerMove(String(req.game), String(req.strength), Number(req.seed ?? 0), Number(req.maxNodes ?? 0), Number(req.maxMillis ?? 0));
    case 'surfaceAnalyse':
      return e.surfaceAnalyse(String(req.game), Number(req.maxNodes ?? 0), Number(req.maxMillis ?? 0));
    default:
      throw new Error(`unknown request type ${JSON.stringify(req.type)}`);
  }
});
