// @ts-check
/**
 * Tidying the drawing as a short animation: the engine's `Game.tidy` does
 * a sweep at a time (the position never changes), this module runs sweeps
 * for at most a few milliseconds per animation frame and redraws, until
 * the drawing settles. Started after every move and by the "Tidy"
 * button; stopped when a stroke begins (the player draws on what they
 * see) and when the move shown changes otherwise (undo, the replay bar, a
 * new game). With `prefers-reduced-motion` the sweeps still run a few
 * milliseconds per frame (no frame stalls) but the drawing is redrawn
 * once, when it has settled.
 *
 *   const tidy = createTidy(ctl, board, { settled: () => persist(ctl) });
 *   tidy.start();
 */

/** Milliseconds of sweeping per frame (the rest of the frame is the page's). */
const BUDGET_MS = 8;

const reduced = matchMedia('(prefers-reduced-motion: reduce)');

/**
 * @param {import('./game-controller.js').GameController} c
 * @param {ReturnType<typeof import('./board.js').createBoard>} board
 * @param {{ settled?: () => void }} [hooks] called when a tidy has finished
 */
export function createTidy(c, board, hooks = {}) {
  let frame = 0;
  /** The view's scale when this tidy began: the tidy aims at gaps in its
   * CSS px to the end (the view follows the drawing's extent as it
   * spreads, and a tidy with other gaps would start again). */
  let scale = 1;

  function step() {
    frame = 0;
    const g = c.current;
    if (!g) return;
    const t0 = performance.now();
    let more = false;
    do {
      more = c.guard(() => g.tidy(scale, 1), false);
    } while (more && performance.now() - t0 < BUDGET_MS);
    // The extent too: curves pushed outwards stay in the fitted view.
    if (!more || !reduced.matches) board.setState({ spots: g.spotList(), edges: g.edgeList(), extent: g.extent(), moving: more });
    if (more) frame = requestAnimationFrame(step);
    else hooks.settled?.();
  }

  function stop() {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
  }

  return {
    /** Tidies the drawing shown, a frame at a time (restarts a tidy in progress). */
    start() {
      stop();
      scale = board.scale() || 1;
      frame = requestAnimationFrame(step);
    },
    stop,
    /** Whether a tidy is running. */
    running: () => frame !== 0,
  };
}
