// @ts-check
/**
 * What a first-time player needs without asking: a one-line hint in the
 * board's message band at the start of a game, the rules box beside the
 * board (open or closed as the player left it), the band kept in step
 * with the move shown while stepping through a game, and a word when a
 * stroke is drawn on a board that takes none (replaying, the computer's
 * turn, the game over).
 *
 *   createFirstRun(ctl, board);   // after the page's parts are wired
 *
 * The default opponent of a first visit is decided in `firstVisit`
 * (see docs/lessons.md for why).
 */
import { $ } from './dom.js';
import { HINT } from './embed-status.js';

/** @typedef {import('./game-controller.js').GameController} GameController */
/** @typedef {ReturnType<typeof import('./board.js').createBoard>} Board */

const RULES_KEY = 'sprouts:rules-open';

const VISITED_KEY = 'sprouts:visited';

/**
 * Who plays a first visit (nothing saved, never here before): the visitor
 * moves first and the computer (heuristic) answers. Someone alone who
 * draws a line waits for a reply; against "a person" nothing comes and
 * the page looks stuck. Later visits keep what the saved game says.
 * @param {GameController} ctl
 */
export function firstVisit(ctl) {
  try {
    if (localStorage.getItem(VISITED_KEY)) return;
    localStorage.setItem(VISITED_KEY, '1');
  } catch { /* storage forbidden: treat as a first visit every time */ }
  ctl.players = { 1: 'human', 2: 'heuristic' };
}

/** @param {GameController} ctl @param {Board} board */
export function createFirstRun(ctl, board) {
  // The rules box: open on a first visit (closed on a phone, where it
  // would push the board off the screen: the band's hint is there), then
  // as the player left it.
  const rules = /** @type {HTMLDetailsElement} */ ($('rules'));
  let saved = null;
  try {
    saved = localStorage.getItem(RULES_KEY);
  } catch { /* storage forbidden */ }
  rules.open = saved !== null ? saved === 'open' : !matchMedia('(max-width: 600px)').matches;
  rules.addEventListener('toggle', () => {
    try {
      localStorage.setItem(RULES_KEY, rules.open ? 'open' : 'closed');
    } catch { /* not remembered */ }
  });

  /** The game and move shown last time the band was set by a change. */
  let shown = -1;
  /** @type {unknown} */
  let shownGame = null;
  /** The band after a change of the game: the hint at the start, the move shown while stepping. */
  function update() {
    const g = ctl.current;
    if (!g) return;
    const k = g.moveCount;
    if (k === shown && g === shownGame) return;
    shown = k;
    shownGame = g;
    if (k === 0) {
      board.message(ctl.canPlay() ? HINT : '', true);
    } else {
      const { moves } = ctl.history();
      // A move just played says "Played …" right after this (app.js).
      // The move as the record wrote it, as the list and the status show it.
      board.message(`Move ${k} of ${moves.length}: ${ctl.writtenMove(k, moves)?.written ?? moves[k - 1]}`, true);
    }
  }
  // A move just played is followed by `moved`, and its player says
  // "Played …" in the band: the band is left to them. Anything else (a
  // step of a replay, undo, a new game) updates it once the change is done.
  let moved = false;
  ctl.addEventListener('moved', () => { moved = true; });
  ctl.addEventListener('change', () => queueMicrotask(() => {
    if (moved) {
      moved = false;
      shown = ctl.current?.moveCount ?? -1;
      shownGame = ctl.current;
      return;
    }
    update();
  }));
  update();

  // A stroke on a board that takes none: say why instead of only panning.
  const host = $('board');
  host.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0 || ev.shiftKey || !ctl.current || ctl.canPlay()) return;
    const g = ctl.current;
    const why = ctl.replaying
      ? 'Replaying: the board is read-only. Press “Continue from here” to play from this move.'
      : g.isOver()
        ? 'The game is over: press “Play again” (or start a New game).'
        : 'Wait: it is the computer’s turn.';
    board.message(why, false);
  }, { capture: true });
}
