// @ts-check
/**
 * Reading pasted text before the engine does: which parser to ask (a WGOSA
 * record starts with its header, `8+` or `2-`; anything else is a
 * position: GLOP, spots dialect or Hoey list), and the moves of a game
 * that started from a position (its record has no header: the moves, then
 * perhaps the result). The engine parses and checks everything.
 */

const RECORD_HEADER = /^\s*\d+\s*[+-]/;

/** @param {string} text */
export function looksLikeRecord(text) {
  return RECORD_HEADER.test(text);
}

/**
 * Plays moves separated by spaces (a final `I` or `II` is the result, not a
 * move) on `game`. Throws Error("move k `text`: reason") at the first one
 * that is not legal.
 * @param {{ playText: (m: string) => string }} game @param {string} text
 */
export function playMoves(game, text) {
  const moves = text.split(/\s+/).filter(Boolean);
  if (/^I{1,2}$/.test(moves[moves.length - 1] ?? '')) moves.pop();
  moves.forEach((m, i) => {
    try {
      game.playText(m);
    } catch (e) {
      throw new Error(`move ${i + 1} \`${m}\`: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}

/**
 * A game to open: `position` (null: the record's start) with the moves of
 * `record` played on it, or the whole `record`, drawn on a `width` ×
 * `height` board. Throws the engine's reason (and the move number).
 * (The drawing worker's `link`; the embed on the main thread where no worker starts.)
 * @template G
 * @param {{ fromPosition: (text: string, misere: boolean, w: number, h: number) => G & { playText: (m: string) => string, free: () => void }, fromRecord: (text: string, w: number, h: number) => G }} Game
 * @param {{ position: string | null, misere: boolean, record: string, width: number, height: number }} what
 * @returns {G}
 */
export function readGame(Game, { position, misere, record, width, height }) {
  if (position === null) return Game.fromRecord(record, width, height);
  const g = Game.fromPosition(position, misere, width, height);
  try {
    playMoves(g, record);
  } catch (e) {
    g.free();
    throw e;
  }
  return g;
}
