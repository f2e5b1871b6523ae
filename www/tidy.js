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

  function step() {
    frame = 0;
    const g = c.current;
    if (!g) return;
    const scale = board.scale() || 1;
    const t0 = performance.now();
    let more = false;
    do {
      more = c.guard(() => g.tidy(scale, 1), false);
    } while (more && performance.now() - t0 < BUDGET_MS);
    if (!more || !reduced.matches) board.setState({ spots: g.spotList(), edges: g.edgeList() });
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
      frame = requestAnimationFrame(step);
    },
    stop,
    /** Whether a tidy is running. */
    running: () => frame !== 0,
  };
}
