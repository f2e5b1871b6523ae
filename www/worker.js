// @ts-check
/**
 * The engine's Web Worker (a module worker): the solver never runs on the
 * page's main thread.
 *
 * Requests `{id, type, ...}`; replies `{id, type: 'progress' | 'result' |
 * 'error', ...}`. On start it posts `{type: 'ready', version}` (or
 * `{type: 'error', fatal: true}` if the engine does not load).
 *
 *   {id, type: 'analyse', record, maxNodes?, maxMillis?, only?: 'outcome'}
 *     (or `position, misere` instead of `record`: a game from a position
 *     sends its labelled Hoey list, and the moves name its spots) → result: the analysis (see `analyse` in src/wasm/plane.rs);
 *        before it, progress `{nodes, tableBytes, found}` where `found` is each part as soon as it is
 *        proved: {outcome} first, {winningMove: {move, position}}, {movesChecked: {checked, total}}, {nimber}
 *   {id, type: 'computerMove', record, strength, maxNodes?, maxMillis?, seed?} (or position, misere)
 *                                                    → result: {move, method, outcome, nodes}
 *     (or `variant: true, record, width, height`: a game under other rules,
 *     its tagged record replayed on the board's size; see analyseVariant
 *     and computerMoveVariant in src/wasm/plane.rs; a `{pq:P,Q}` record
 *     goes to analysePq / computerMovePq of the module fetched on demand,
 *     src/wasm/pq.rs)
 *   {id, type: 'canonical', position}                → result: GLOP string
 *   {id, type: 'puzzleCheck', position, misere, move, maxNodes?, maxMillis?}
 *                                                    → result: {correct, move, child, opponent, reply} (see puzzleCheck in src/wasm/plane.rs)
 *   {id, type: 'puzzleHint', position, misere, maxNodes?, maxMillis?}
 *                                                    → result: {land, spots, move} (see puzzleHint in src/wasm/plane.rs)
 *   {id, type: 'ping'}                               → result: 'pong'
 *
 * The loop itself (ready, results, errors, progress every 100 ms) is
 * worker-loop.js's. Only text and plain data cross postMessage. Cancelling a request means
 * terminating this worker (see worker-client.js); a trapped engine (a Rust
 * panic) reports `fatal: true` so that the client starts a new worker.
 */
import { isPq, loadEngine, loadPqEngine } from './engine.js';
import { serveRequests } from './worker-loop.js';

serveRequests(loadEngine(), (e, req, progress) => {
  switch (req.type) {
    case 'analyse': {
      const opts = { maxNodes: req.maxNodes ?? 0, maxMillis: req.maxMillis ?? 0, tableMb: req.tableMb ?? 0, only: req.only ?? null };
      // (p, q) Sprouts is analysed by the module fetched on demand (engine.js).
      if (req.variant && isPq(String(req.record))) {
        return loadPqEngine().then((pq) => pq.analysePq(String(req.record), Number(req.width), Number(req.height), opts, progress));
      }
      return req.variant
        ? e.analyseVariant(String(req.record), Number(req.width), Number(req.height), opts, progress)
        : typeof req.position === 'string'
          ? e.analysePosition(req.position, Boolean(req.misere), opts, progress)
          : e.analyse(String(req.record), opts, progress);
    }
    case 'computerMove': {
      const opts = {
        strength: String(req.strength ?? 'perfect'),
        maxNodes: req.maxNodes ?? 0,
        maxMillis: req.maxMillis ?? 0,
        seed: req.seed ?? Math.random() * 2 ** 32,
      };
      if (req.variant && isPq(String(req.record))) {
        return loadPqEngine().then((pq) => pq.computerMovePq(String(req.record), Number(req.width), Number(req.height), opts, progress));
      }
      return req.variant
        ? e.computerMoveVariant(String(req.record), Number(req.width), Number(req.height), opts, progress)
        : typeof req.position === 'string'
          ? e.computerMovePosition(req.position, Boolean(req.misere), opts, progress)
          : e.computerMove(String(req.record), opts, progress);
    }
    case 'canonical':
      return e.canonical(String(req.position));
    case 'puzzleCheck':
      return e.puzzleCheck(String(req.position), Boolean(req.misere), String(req.move), { maxNodes: req.maxNodes ?? 0, maxMillis: req.maxMillis ?? 0 });
    case 'puzzleHint':
      return e.puzzleHint(String(req.position), Boolean(req.misere), { maxNodes: req.maxNodes ?? 0, maxMillis: req.maxMillis ?? 0 });
    case 'ping':
      return 'pong';
    case 'crash':
      // For tests of crash recovery: what a trapped engine looks like.
      throw new WebAssembly.RuntimeError('unreachable (test)');
    default:
      throw new Error(`unknown request type ${JSON.stringify(req.type)}`);
  }
});
