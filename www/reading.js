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
