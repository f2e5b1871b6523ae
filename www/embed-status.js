// @ts-check
/**
 * The embedded board's status line, as words: whose turn (by name when a
 * record names the players, "the computer" for an opponent), or who won
 * and why; misère always said; at the end of a record that gives a result
 * (`I`, `II`), who won by the record, which need not be who moved last
 * (tournament games mostly end by concession).
 *
 *   statusText(game.status(), { header, atRecordEnd, names })
 */

/** @typedef {{ moveNumber: number, toMove: number, over: boolean, winner: number | null, misere: boolean, lastMover: number | null, liveSpots: number }} Status */
/** @typedef {{ spots: number, convention: string, players: { first: string, second: string, chooser: number | null, note: string | null } | null, result: number | null }} Header */

/**
 * The name of player p: "Khorkov (player 2)", "the computer (player 2)" or "Player 2".
 * @param {1 | 2} p @param {{ header?: Header | null, computer?: number | null }} who
 */
export function playerName(p, { header = null, computer = null }) {
  const name = header?.players ? (p === 1 ? header.players.first : header.players.second) : null;
  if (name) return `${name} (player ${p})`;
  if (computer === p) return `The computer (player ${p})`;
  if (computer) return `You (player ${p})`;
  return `Player ${p}`;
}

/** How to move, said at the start of a game (the page's band and the embed's). */
export const HINT = 'Draw a line from a spot to another spot, or back to itself';

/** What the last move does: "the last move loses (misère)". @param {boolean} misere */
export function rule(misere) {
  return misere ? 'misère: the last move loses' : 'the last move wins';
}

/**
 * @param {Status} st the engine's status of the position shown
 * @param {{ header?: Header | null, atRecordEnd?: boolean, computer?: number | null, thinking?: boolean, game?: { rulesName?: string, spots: number } | null }} opts
 *   header: the record's, when a record was read; atRecordEnd: the
 *   position shown is the record's last; computer: the side it plays;
 *   game: the engine's game, whose rules say what a finished game means
 *   (under the variants, as the page says it: Brussels Sprouts' 5n − 2)
 */
export function statusText(st, opts = {}) {
  const name = (/** @type {1|2} */ p) => playerName(p, opts);
  const result = opts.atRecordEnd ? opts.header?.result ?? null : null;
  if (result === 1 || result === 2) {
    // The record's word is the result; the board may agree (played out) or not (conceded).
    const why = st.over ? (st.winner === result ? 'played out' : 'as the record says') : 'the loser conceded';
    return `${name(result)} won by the record (${result === 1 ? 'I' : 'II'}, ${why}; ${rule(st.misere)}).`;
  }
  if (st.over) {
    const w = /** @type {1|2} */ (st.winner);
    const last = st.lastMover ? `${name(/** @type {1|2} */ (st.lastMover))} made the last move` : `${name(1)} cannot move at the start`;
    const end = opts.game ? variantEnd(opts.game, st) : '';
    return `${name(w)} wins: ${last} (${rule(st.misere)}).${end ? ` ${end}` : ''}`;
  }
  const p = /** @type {1|2} */ (st.toMove);
  // Against the computer the words that matter come first, as on the page
  // ("Your move"): a short embed keeps one line and cuts the rest.
  const you = !!opts.computer && opts.computer !== p && !opts.header?.players;
  const turn = opts.thinking && opts.computer === p ? `The computer is thinking… (player ${p})`
    : you ? `Your move (player ${p}).` : `${name(p)} to move.`;
  return st.misere ? `${turn} Misère: the last move loses.` : turn;
}

/**
 * What the end of a game under other rules means, briefly (an embed has
 * little room; the page's status says more): Brussels Sprouts always
 * lasts 5n − 2 moves (issue 37), the others within their bounds. '' for
 * plain Sprouts.
 * @param {{ rulesName?: string, spots: number }} g @param {Status} st
 */
export function variantEnd(g, st) {
  const n = g.spots;
  const moves = `${st.moveNumber} ${st.moveNumber === 1 ? 'move' : 'moves'}`;
  switch (g.rulesName ?? 'sprouts') {
    case 'brussels':
      return `It lasted ${moves}, as every Brussels Sprouts game of ${n} ${n === 1 ? 'cross' : 'crosses'} does: 5n − 2 = ${5 * n - 2}.`;
    case 'dots-or-crosses':
      return `It lasted ${moves}; a game of ${n} lasts ${2 * n} to ${5 * n - 2}.`;
    case 'weeds':
      return `It lasted ${moves}; a game of ${n} lasts ${n} to ${3 * n - 1}.`;
    default: {
      // (p, q) Sprouts: the engine's status has the rules' bounds.
      const s = /** @type {any} */ (st);
      return /^pq:/.test(g.rulesName ?? '') && s.maxMoves ? `It lasted ${moves}; a game of ${n} points lasts ${s.minMoves} to ${s.maxMoves}.` : '';
    }
  }
}
