// @ts-check
/**
 * The move list and the replay bar: every move of the game numbered one
 * by one as records number them (1. a 2. b / 3. c 4. d: player 1's in the
 * first column, player 2's in the second), those after the move shown greyed, the list
 * scrolled on its own to follow the move shown; first / back / forward /
 * last buttons, a click on
 * a move jumps just after it, and the keys Home, ←, → and End do the same.
 * While an opened game is replayed (read-only), "Continue from here" lets
 * the player play on, after confirming that later moves are dropped.
 * A record opened shows its moves as written (the engine's shortest form
 * beside each where they differ) and, above the list, its players, note
 * and result.
 *
 *   const list = createMoveList(ctl);
 *   list.render();     // after every change
 */
import { $, button, el, plural, typing } from './dom.js';

/** @typedef {import('./game-controller.js').GameController} GameController */

/** @param {GameController} ctl */
export function createMoveList(ctl) {
  const played = $('moves');
  const later = $('moves-later');
  const confirmBox = $('continue-confirm');

  /** @param {string} move @param {number} k its number (1-based) @param {number} cursor @param {string[]} moves */
  function item(move, k, cursor, moves) {
    const w = ctl.writtenMove(k, moves);
    const differs = !!w && w.written !== move;
    const li = el('li', '', { 'data-n': String(k), title: `Show the game just after move ${k}${differs ? ` (written ${w.written}; the engine writes ${move})` : ''}` });
    // One child, so that the move's number and the move stay side by side.
    // The engine's form after a space outside it: where the column is
    // narrow it goes whole to the next line instead of being broken.
    const text = el('span', '');
    text.append(el('span', w ? w.written : move, { class: 'written' }));
    if (differs) text.append(' ', el('span', `(${move})`, { class: 'engine' }));
    li.append(text);
    // Player 1's moves in the first column, player 2's in the second;
    // each carries its own number (CSS), as records number moves.
    li.dataset.player = k % 2 === 1 ? '1' : '2';
    if (k === cursor) li.setAttribute('aria-current', 'step');
    li.addEventListener('click', () => ctl.jumpTo(k));
    return li;
  }

  function render() {
    const g = ctl.current;
    if (!g) return;
    const { moves, cursor } = ctl.history();
    played.replaceChildren(...moves.slice(0, cursor).map((m, i) => item(m, i + 1, cursor, moves)));
    later.replaceChildren(...moves.slice(cursor).map((m, i) => item(m, cursor + i + 1, cursor, moves)));
    header();
    button('replay-first').disabled = cursor === 0;
    button('replay-back').disabled = cursor === 0;
    button('replay-forward').disabled = cursor === moves.length;
    button('replay-last').disabled = cursor === moves.length;
    $('replay-at').textContent = moves.length === 0 ? 'no moves yet' : cursor === 0 ? `start of ${plural(moves.length, 'move', 'moves')}` : `move ${cursor} of ${moves.length}`;
    $('replay-note').hidden = !ctl.replaying;
    if (!ctl.replaying) confirmBox.hidden = true;
    follow(moves.length - cursor);
  }

  /** The record's header above the list: players (the chooser starred), note, result. */
  function header() {
    let line = document.getElementById('record-head');
    const h = ctl.written?.header;
    if (!h) {
      line?.remove();
      return;
    }
    if (!line) {
      line = el('p', '', { id: 'record-head', class: 'record-head' });
      $('move-grid').before(line);
    }
    const star = (/** @type {number} */ k) => (h.players?.chooser === k ? '*' : '');
    line.textContent = [
      h.players ? `${h.players.first}${star(1)} – ${h.players.second}${star(2)}` : '',
      h.players?.note ?? '',
      `${h.spots} spots, ${h.convention === 'misere' ? 'misère' : 'normal play'}`,
      h.result ? `result ${h.result === 1 ? 'I' : 'II'} (player ${h.result} won)` : '',
    ].filter(Boolean).join(' · ');
  }

  /**
   * Scrolls the list (never the page) to the move shown: at the end of
   * the game to the end, elsewhere so that it is in view (down a column
   * of pairs, or along the one-line strip of a phone).
   * @param {number} after moves after the one shown
   */
  function follow(after) {
    const box = $('move-grid');
    const current = played.lastElementChild;
    if (!(current instanceof HTMLElement)) {
      box.scrollTo(0, 0);
      return;
    }
    if (after === 0) {
      box.scrollTo(box.scrollWidth, box.scrollHeight);
      return;
    }
    const b = box.getBoundingClientRect();
    const r = current.getBoundingClientRect();
    const top = b.top + box.clientTop;
    const left = b.left + box.clientLeft;
    if (r.top < top || r.bottom > top + box.clientHeight) box.scrollTop += r.top - top - (box.clientHeight - r.height) / 2;
    if (r.left < left || r.right > left + box.clientWidth) box.scrollLeft += r.left - left - (box.clientWidth - r.width) / 2;
  }

  function continueHere() {
    const n = ctl.laterMoves();
    if (n === 0) {
      ctl.continueHere();
      return;
    }
    const k = ctl.game.moveCount;
    $('continue-question').textContent = `Playing on from move ${k} drops the ${n === 1 ? 'last move' : `${n} later moves`} (${
      n === 1 ? `move ${k + 1}` : `moves ${k + 1}–${k + n}`}).`;
    confirmBox.hidden = false;
    button('continue-yes').focus();
  }

  $('replay-first').addEventListener('click', () => ctl.jumpTo(0));
  $('replay-back').addEventListener('click', () => ctl.jumpTo(ctl.game.moveCount - 1));
  $('replay-forward').addEventListener('click', () => ctl.jumpTo(ctl.game.moveCount + 1));
  $('replay-last').addEventListener('click', () => ctl.jumpTo(Number.MAX_SAFE_INTEGER));
  $('continue').addEventListener('click', continueHere);
  $('continue-yes').addEventListener('click', () => {
    confirmBox.hidden = true;
    ctl.continueHere();
  });
  $('continue-no').addEventListener('click', () => { confirmBox.hidden = true; });
  document.addEventListener('keydown', (ev) => {
    if (typing(ev) || ev.ctrlKey || ev.metaKey || ev.altKey || !ctl.current) return;
    const k = ctl.game.moveCount;
    const to = { Home: 0, End: Number.MAX_SAFE_INTEGER, ArrowLeft: k - 1, ArrowRight: k + 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    ctl.jumpTo(to);
  });

  return { render };
}
