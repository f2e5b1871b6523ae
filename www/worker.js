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
 *     sends its labelled Hoey list, and the moves name its spots) → result: the analysis (see `analyse` in src/wasm.rs);
 *        before it, progress `{nodes, tableBytes, found}` where `found` is each part as soon as it is
 *        proved: {outcome} first, {winningMove: {move, position}}, {movesChecked: {checked, total}}, {nimber}
 *   {id, type: 'computerMove', record, strength, maxNodes?, maxMillis?, seed?} (or position, misere)
 *                                                    → result: {move, method, outcome, nodes}
 *     (or `variant: true, record, width, height`: a game under other rules,
 *     its tagged record replayed on the board's size; see analyseVariant
 *     and computerMoveVariant in src/wasm.rs)
 *   {id, type: 'canonical', position}                → result: GLOP string
 *   {id, type: 'puzzleCheck', position, misere, move, maxNodes?, maxMillis?}
 *                                                    → result: {correct, move, child, opponent, reply} (see puzzleCheck in src/wasm.rs)
 *   {id, type: 'puzzleHint', position, misere, maxNodes?, maxMillis?}
 *                                                    → result: {land, spots, move} (see puzzleHint in src/wasm.rs)
 *   {id, type: 'ping'}                               → result: 'pong'
 *
 * Only text and plain data cross postMessage. Cancelling a request means
 * terminating this worker (see worker-client.js); a trapped engine (a Rust
 * panic) reports `fatal: true` so that the client starts a new worker.
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
  let last = 0;
  /**
   * Counts at most every 100 ms; each part of an analysis (`found`) at once.
   * @param {{nodes: number, tableBytes: number, found: object | null}} p
   */
  const progress = (p) => {
    const now = performance.now();
    if (p.found || now - last >= 100) {
      last = now;
      scope.postMessage({ id, type: 'progress', nodes: p.nodes, tableBytes: p.tableBytes, found: p.found ?? null });
    }
    return false;
  };
  try {
    const e = await engine;
    let value;
    switch (req.type) {
      case 'analyse': {
        const opts = { maxNodes: req.maxNodes ?? 0, maxMillis: req.maxMillis ?? 0, tableMb: req.tableMb ?? 0, only: req.only ?? null };
        value = req.variant
          ? e.analyseVariant(String(req.record), Number(req.width), Number(req.height), opts, progress)
          : typeof req.position === 'string'
            ? e.analysePosition(req.position, Boolean(req.misere), opts, progress)
            : e.analyse(String(req.record), opts, progress);
        break;
      }
      case 'computerMove': {
        const opts = {
          strength: String(req.strength ?? 'perfect'),
          maxNodes: req.maxNodes ?? 0,
          maxMillis: req.maxMillis ?? 0,
          seed: req.seed ?? Math.random() * 2 ** 32,
        };
        value = req.variant
          ? e.computerMoveVariant(String(req.record), Number(req.width), Number(req.height), opts, progress)
          : typeof req.position === 'string'
            ? e.computerMovePosition(req.position, Boolean(req.misere), opts, progress)
            : e.computerMove(String(req.record), opts, progress);
        break;
      }
      case 'canonical':
        value = e.canonical(String(req.position));
        break;
      case 'puzzleCheck':
        value = e.puzzleCheck(String(req.position), Boolean(req.misere), String(req.move), { maxNodes: req.maxNodes ?? 0, maxMillis: req.maxMillis ?? 0 });
        break;
      case 'puzzleHint':
        value = e.puzzleHint(String(req.position), Boolean(req.misere), { maxNodes: req.maxNodes ?? 0, maxMillis: req.maxMillis ?? 0 });
        break;
      case 'ping':
        value = 'pong';
        break;
      case 'crash':
        // For tests of crash recovery: what a trapped engine looks like.
        throw new WebAssembly.RuntimeError('unreachable (test)');
      default:
        throw new Error(`unknown request type ${JSON.stringify(req.type)}`);
    }
    scope.postMessage({ id, type: 'result', value });
  } catch (err) {
    if (isTrap(err)) fatal = true;
    scope.postMessage({ id, type: 'error', fatal, message: messageOf(err) });
  }
});
