// @ts-check
/**
 * The embedded board's replay bar (`controls="replay"`): first / back /
 * forward / last buttons, "move k of n" and the move shown as the record
 * wrote it (the engine's shortest form beside it where they differ), the
 * keys Home, ←, → and End while the board has the focus. Stepping shows
 * an earlier position of the same game (`Game.goTo`); a move played there
 * (when the board is not read-only) drops the later ones, as Undo then a
 * move does.
 *
 *   const replay = createReplay(host, bar);   // bar: an empty element
 *   replay.render();                          // after every change
 */

/**
 * @typedef {{ game: InstanceType<import('./engine.js').Engine['Game']> | null,
 *   written: { moves: { move: string, written: string }[] } | null,
 *   goTo: (k: number) => boolean }} ReplayHost
 */

/**
 * The k-th move (1-based) as written, and the engine's form where it differs.
 * @param {ReplayHost} host @param {number} k
 */
export function writtenMove(host, k) {
  const g = host.game;
  if (!g || k < 1) return null;
  const engine = g.moves()[k - 1] ?? null;
  if (engine === null) return null;
  const w = host.written?.moves[k - 1];
  return w && w.move === engine ? { written: w.written, engine } : { written: engine, engine };
}

/** @param {ReplayHost} host @param {HTMLElement} bar */
export function createReplay(host, bar) {
  const make = (/** @type {string} */ act, /** @type {string} */ text, /** @type {string} */ label) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.step = act;
    b.textContent = text;
    b.setAttribute('aria-label', label);
    b.title = label;
    return b;
  };
  const first = make('first', '«', 'First position');
  const back = make('back', '‹', 'Back one move');
  const at = document.createElement('span');
  at.className = 'at';
  const forward = make('forward', '›', 'Forward one move');
  const last = make('last', '»', 'Last move');
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', 'Replay');
  bar.replaceChildren(first, back, forward, last, at);

  /** Moves in the whole game (undone ones included) and the move shown. */
  function where() {
    const g = host.game;
    if (!g) return { k: 0, n: 0 };
    const k = g.moveCount;
    // The engine's moves() stops at the move shown: count the rest by going there and back.
    const st = g.status();
    let n = k;
    if (st.canRedo) {
      while (g.redo()) n++;
      g.goTo(k);
    }
    return { k, n };
  }

  /** @param {string} act */
  function step(act) {
    const g = host.game;
    if (!g) return;
    const { k, n } = where();
    const to = { first: 0, back: k - 1, forward: k + 1, last: n }[act];
    if (to !== undefined && to >= 0 && to <= n && to !== k) host.goTo(to);
  }

  const onClick = (/** @type {Event} */ ev) => {
    const act = /** @type {HTMLElement} */ (ev.target).closest?.('button')?.dataset.step;
    if (act) step(act);
  };
  bar.addEventListener('click', onClick);

  return {
    render() {
      const { k, n } = where();
      first.disabled = back.disabled = k === 0;
      forward.disabled = last.disabled = k === n;
      const m = writtenMove(host, k);
      const shown = n === 0 ? 'no moves' : k === 0 ? `start of ${n} move${n === 1 ? '' : 's'}` : `move ${k} of ${n}`;
      at.replaceChildren(shown);
      if (m) {
        const w = document.createElement('b');
        w.className = 'written';
        w.textContent = m.written;
        at.append(': ', w);
        if (m.written !== m.engine) {
          const e = document.createElement('span');
          e.className = 'engine';
          e.textContent = ` (engine: ${m.engine})`;
          at.append(e);
        }
      }
      at.title = at.textContent ?? ''; // the line is cut with an ellipsis where narrow (the engine's form hidden)
    },
    /**
     * The replay keys (Home, ←, →, End); true if the key was one.
     * @param {KeyboardEvent} ev
     */
    key(ev) {
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return false;
      const act = { Home: 'first', ArrowLeft: 'back', ArrowRight: 'forward', End: 'last' }[ev.key];
      if (!act) return false;
      step(act);
      return true;
    },
    destroy() {
      bar.removeEventListener('click', onClick);
      bar.replaceChildren();
    },
  };
}
