// @ts-check
/**
 * The status line: whose turn, or who won and why, while replaying which
 * move is shown, and a note about the last thing that happened (cleared
 * when the game changes).
 */
import { $, el, plural } from './dom.js';

/** @typedef {import('./game-controller.js').GameController} GameController */
/** @typedef {import('./game-controller.js').Status} Status */

/** @param {GameController} ctl */
export function createStatus(ctl) {
  const line = $('status');
  let note = '';

  function render() {
    const g = ctl.current;
    if (!g) return;
    const st = /** @type {Status} */ (g.status());
    line.classList.toggle('over', st.over);
    // The headline in bold, then why and what happened last.
    let head;
    let rest = '';
    const survive = endWords(g, st);
    // Against the computer the line speaks to the player, except in a
    // replay: nobody on the page played the moves shown (a record's
    // players are its own).
    const speak = ctl.mixed() && !ctl.replaying;
    // The end of a record opened: its result, which need not be the board's (a concession).
    const byRecord = ctl.recordResult();
    if (st.over) {
      const w = /** @type {1|2} */ (st.winner);
      const l = /** @type {1|2|null} */ (st.lastMover);
      head = speak ? (ctl.isHuman(w) ? 'Game over: you win!' : 'Game over: the computer wins.') : `Game over: ${ctl.seatName(w)} wins.`;
      // The winner is named once: "they" when it is them. A finished
      // position opened has no last move: player 1 cannot move at all.
      const who = (/** @type {1|2} */ p) => speak
        ? (ctl.isHuman(p) ? 'You' : p === w ? 'It' : 'The computer')
        : (p === w ? 'They' : ctl.seatName(p));
      const what = l ? `${who(l)} made the last move` : `${who(1)} cannot move at the start`;
      rest = `${what}, and in ${
        st.misere ? 'misère play the last move loses' : 'normal play the last move wins'}. ${survive}`;
    } else {
      const p = /** @type {1|2} */ (st.toMove);
      // Moves are counted one by one, as records number them (move k
      // makes spot n + k) and as the move list, the replay bar and the
      // band do: "13 moves played" beside "Move 13 of 28". While a replay
      // shows a move, nobody plays: the computer waits too.
      head = !speak ? `${ctl.seatName(p)} to move` : ctl.isHuman(p) ? 'Your move' : 'The computer is thinking…';
      const played = st.moveNumber === 0 ? 'no moves yet' : `${plural(st.moveNumber, 'move', 'moves')} played`;
      const left = `${livesWords(g, st.lives)} left${st.misere ? '; misère: the last move loses' : ''}`;
      // A record that ends before the board does: its loser conceded (as
      // the embed says), not "(20 moves played…)" after a result.
      rest = byRecord ? `The loser conceded after ${plural(st.moveNumber, 'move', 'moves')} (${left}).` : `(${played}, ${left}).`;
    }
    if (byRecord) head = `${byRecord.text}.`;
    const last = lastMove();
    if (last && !st.over) rest += ` Last move: ${last}.`;
    if (ctl.replaying) head = `Replaying: ${head}`;
    line.dataset.winner = st.winner ? String(st.winner) : '';
    line.dataset.toMove = String(st.toMove);
    line.replaceChildren(el('strong', head), ` ${[rest, note].filter(Boolean).join(' ')}`);
  }

  /** The move shown last ('' at the start); its number is the count of moves played. */
  function lastMove() {
    const moves = ctl.game.moves(); // up to the move shown
    return moves.length > 0 ? ctl.writtenMove(moves.length, moves)?.written ?? moves[moves.length - 1] : '';
  }

  return {
    render,
    /** @param {string} text a sentence after the status ('' clears it) */
    note(text) {
      note = text;
      render();
    },
    /** Forgets the note without redrawing (the game changed). */
    clearNote() {
      note = '';
    },
    /** @param {string} text replaces the whole line (the computer's progress) */
    progress(text) {
      line.textContent = text;
    },
  };
}

/**
 * What the end of a finished game means under its rules: survivors in
 * Sprouts; under the variants (issue 37) that no two free ends can be
 * joined, and how long the game lasted (Brussels Sprouts: always 5n − 2).
 * @param {{ rulesName?: string, spots: number }} g @param {Status} st
 */
export function endWords(g, st) {
  const moves = plural(st.moveNumber, 'move', 'moves');
  switch (g.rulesName ?? 'sprouts') {
    case 'brussels':
      return `No two free arms can be joined (${st.liveSpots} left). The game lasted ${moves}, as every Brussels Sprouts game of ${g.spots} crosses does: 5n − 2 = ${5 * g.spots - 2}.`;
    case 'dots-or-crosses':
      return `No two free ends can be joined (${st.liveSpots} left) after ${moves} (a game of ${g.spots} lasts ${2 * g.spots} to ${5 * g.spots - 2}).`;
    case 'weeds':
      return `No two spots with a life can be joined (${st.liveSpots} left) after ${moves} (a game of ${g.spots} lasts ${g.spots} to ${3 * g.spots - 1}).`;
    default: {
      // (p, q) Sprouts: the engine's status gives the rules' bounds.
      const s = /** @type {any} */ (st);
      if (/^pq:/.test(g.rulesName ?? '') && s.maxMoves) {
        const q = Number(String(g.rulesName).split(',')[1]);
        return `No new spot can get its ${q} lines (${st.liveSpots} spots with a life left) after ${moves} (a game of ${g.spots} points lasts ${s.minMoves} to ${s.maxMoves}).`;
      }
      return `${plural(st.liveSpots, 'spot survives', 'spots survive')}.`;
    }
  }
}

/**
 * The lives left in the rules' words: free arms under Brussels Sprouts,
 * free ends (arms and a spot's lives) under dots-or-crosses.
 * @param {{ rulesName?: string }} g @param {number} lives
 */
function livesWords(g, lives) {
  switch (g.rulesName ?? 'sprouts') {
    case 'brussels': return plural(lives, 'free arm', 'free arms');
    case 'dots-or-crosses': return plural(lives, 'free end', 'free ends');
    default: return plural(lives, 'life', 'lives');
  }
}
