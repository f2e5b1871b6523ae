// @ts-check
/**
 * The tidy's Web Worker (a module worker): the sweeps run here, off the
 * page's main thread, because one sweep late in a 20-spot game takes
 * 15–200 ms in wasm, far more than a frame.
 *
 *   {type: 'start', id, game, scale} game: the saved-game JSON of the game
 *        to tidy (a copy is made here); scale: the view's CSS px per board
 *        unit. Sweeps, then replies as to 'go'.
 *   {type: 'go', id}  sweeps for about BUDGET_MS (at least one sweep) →
 *        {id, drawing, more}: the copy's drawing after its last move
 *        (`Game.drawing`, for `Game.adoptDrawing`), and whether more is to
 *        be done; or {id, error}.
 *
 * The page asks for the next step only when it has taken the last one, so
 * a tidy it stops (a stroke begins, a move is played) simply ends here.
 */
import { loadEngine, isTrap, messageOf } from './engine.js';

/** Milliseconds of sweeping per step (the page redraws once per step). */
const BUDGET_MS = 30;

const scope = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));
let engine = loadEngine();
/** @type {InstanceType<import('./engine.js').Engine['Game']> | null} */
let game = null;
let current = 0;
let scale = 1;

scope.addEventListener('message', async (ev) => {
  const m = ev.data ?? {};
  try {
    const e = await engine;
    if (m.type === 'start') {
      const old = game;
      game = null;
      if (old) try { old.free(); } catch { /* a trapped instance: dropped with it */ }
      current = m.id;
      scale = Number(m.scale) || 1;
      game = e.Game.fromJson(String(m.game));
    }
    if (m.id !== current || !game) return;
    const t0 = performance.now();
    let more = true;
    do {
      more = game.tidy(scale, 1);
    } while (more && performance.now() - t0 < BUDGET_MS);
    scope.postMessage({ id: current, drawing: game.drawing(), more });
  } catch (err) {
    game = null;
    // A trapped instance (a Rust panic) is unusable: the next tidy loads a fresh one.
    if (isTrap(err)) engine = loadEngine({ fresh: true });
    scope.postMessage({ id: m.id, error: messageOf(err) });
  }
});
