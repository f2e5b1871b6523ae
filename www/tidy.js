// @ts-check
/**
 * Tidying the drawing as a short animation. The sweeps (the engine's
 * `Game.tidy`; the position never changes) run in the drawing worker
 * (`draw-worker.js`) on a copy of the game: one sweep late in a 20-spot
 * game takes 15–200 ms in wasm, which on the main thread stalled the page
 * for as long. After each step of about 30 ms of sweeps the page takes the
 * copy's drawing (`Game.adoptDrawing`, checked to show the same position)
 * and redraws, then asks for the next step, so what is shown is always
 * the game's drawing and a stroke is checked against what the player sees.
 * When it has settled, the worker places the spot numbers too. A game
 * under other rules is tidied on this thread in the same steps (see
 * `here`).
 * Started after every move and by the "Tidy" button; stopped when a stroke
 * begins and when the move shown changes otherwise (undo, the replay bar,
 * a new game). With `prefers-reduced-motion` the drawing is redrawn once,
 * when it has settled.
 *
 *   const tidy = createTidy(ctl, board, drawing, { settled: () => persist(ctl) });
 *   tidy.start();
 */

const reduced = matchMedia('(prefers-reduced-motion: reduce)');
/** Sweeps per frame of a tidy on the page's thread (games under other rules). */
const STEP_MS = 30;

/**
 * @param {import('./game-controller.js').GameController} c
 * @param {ReturnType<typeof import('./board.js').createBoard>} board
 * @param {ReturnType<typeof import('./draw-client.js').createDrawClient>} drawing
 * @param {{ settled?: () => void }} [hooks] called when a tidy has finished
 */
export function createTidy(c, board, drawing, hooks = {}) {
  /** The tidy in progress (0: none); a step for any other is dropped. */
  let running = 0;

  function stop() {
    running = 0;
  }

  /** @param {any} m a reply of the drawing worker */
  function step(m) {
    if (m.all || m.restarted) stop(); // the worker that held the tidy is gone
    const g = c.current;
    if (!running || m.id !== running || !g) return;
    if (m.error) {
      stop();
      return;
    }
    if (m.labels) {
      board.setState({ labels: { scale: m.scale, places: m.labels } });
      stop();
      hooks.settled?.();
      return;
    }
    let ok = false;
    try {
      ok = c.guard(() => { g.adoptDrawing(m.drawing, !m.more); return true; }, false);
    } catch {
      // Not this game's drawing any more (it changed under the tidy).
    }
    if (!ok) {
      stop();
      return;
    }
    // The extent too: curves pushed outwards stay in the fitted view.
    // Settled, the numbers still follow their spots until the worker has
    // placed them at the scale the view now has (up to ~160 ms in wasm).
    if (!m.more || !reduced.matches) {
      board.setState({ spots: g.spotList(), edges: g.edgeList(), extent: g.extent(), moving: true });
    }
    const id = running;
    if (m.more) {
      requestAnimationFrame(() => {
        if (running === id) drawing.post({ type: 'go', id });
      });
    } else {
      drawing.post({ type: 'labels', id, scale: board.scale() || 1, margin: board.margin() });
    }
  }
  drawing.listen(step);

  /**
   * A tidy of a game under other rules on this thread, in steps of about
   * 30 ms of sweeps (its games are small: a sweep of a 70-spot Brussels
   * game takes about 20 ms) between frames, stopped as the worker's is.
   * @param {any} g the game shown @param {number} id
   */
  function here(g, id) {
    if (running !== id || c.current !== g) return;
    const scale = board.scale() || 1;
    const t0 = performance.now();
    let more = false;
    try {
      do {
        more = c.guard(() => g.tidy(scale, 1), false);
      } while (more && performance.now() - t0 < STEP_MS);
    } catch {
      more = false;
    }
    if (!more || !reduced.matches) {
      board.setState({ spots: g.spotList(), edges: g.edgeList(), extent: g.extent(), moving: true });
    }
    if (more) {
      requestAnimationFrame(() => here(g, id));
      return;
    }
    const s = board.scale() || 1;
    const labels = c.guard(() => g.labelBoxes(s, board.margin()), null);
    if (labels) board.setState({ labels: { scale: s, places: labels } });
    stop();
    hooks.settled?.();
  }

  return {
    /** Tidies the drawing shown (restarts a tidy in progress). */
    start() {
      const g = c.current;
      if (!g) return;
      // A game under other rules is saved without its drawing (variants.js),
      // so the drawing worker's copy would be routed anew, not the drawing
      // shown: it is tidied here instead (untidied, a long game's numbers
      // covered each other and the curves at 390×844).
      if ((g.rulesName ?? 'sprouts') !== 'sprouts') {
        running = drawing.nextId();
        here(g, running);
        return;
      }
      const game = c.guard(() => g.toJson(), null);
      if (game === null) return;
      running = drawing.nextId();
      drawing.post({ type: 'start', id: running, game, scale: board.scale() || 1 });
    },
    stop,
    /** Whether a tidy is running. */
    running: () => running !== 0,
    /** Whether a tidy is running and redrawing the board as it goes (not with `prefers-reduced-motion`). */
    animating: () => running !== 0 && !reduced.matches,
  };
}
