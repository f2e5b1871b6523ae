// @ts-check
/**
 * Share links: the page's URL with a fragment that holds the game record,
 * the move shown and, for a game that started from a position, that
 * position:
 *
 *   index.html#r=3%2B%201(4)2%202(5)3&m=1
 *   index.html#p=<position>&c=misere&r=<moves>&m=<k>
 *
 * A game from a position has a record without header (its moves), so the
 * link says the convention (c=normal or c=misere, normal if absent).
 * Values are URL-encoded (encodeURIComponent); other keys are ignored. The fragment never reaches a server. Reading one only
 * yields strings for the engine to parse: nothing in it is executed or
 * written as HTML.
 */

/** Longest fragment read (a 20-spot game's record is under 1,000 characters). */
const MAX_FRAGMENT = 20000;

/**
 * @typedef {{ record: string, position: string | null, misere: boolean, move: number | null }} SharedGame
 *   position: the start, for a game that started from one; misere: its
 *   convention (a record's header says it otherwise); move: the move shown
 *   (null: the last)
 */

/**
 * The fragment for a game (without the `#`).
 * @param {SharedGame} s
 */
export function fragmentOf(s) {
  const parts = [];
  if (s.position) parts.push(`p=${encodeURIComponent(s.position)}`, `c=${s.misere ? 'misere' : 'normal'}`);
  parts.push(`r=${encodeURIComponent(s.record)}`);
  if (s.move !== null) parts.push(`m=${s.move}`);
  return parts.join('&');
}

/**
 * Reads a share fragment (with or without its `#`); null if it is empty.
 * Throws Error(reason) if it is not one.
 * @param {string} hash
 * @returns {SharedGame | null}
 */
export function parseFragment(hash) {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text) return null;
  if (text.length > MAX_FRAGMENT) throw new Error(`the link is too long (${text.length} characters; at most ${MAX_FRAGMENT})`);
  /** @type {Record<string, string>} */
  const values = {};
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (!['r', 'p', 'c', 'm'].includes(key)) continue;
    try {
      values[key] = decodeURIComponent(eq < 0 ? '' : part.slice(eq + 1));
    } catch {
      throw new Error(`the link's ${key}= value is not URL-encoded text`);
    }
  }
  if (values.r === undefined && values.p === undefined) throw new Error('the link holds no game (no r= record)');
  let move = null;
  if (values.m !== undefined) {
    if (!/^\d{1,4}$/.test(values.m)) throw new Error('the link\'s move number m= is not a number');
    move = Number(values.m);
  }
  if (values.c !== undefined && !['normal', 'misere'].includes(values.c)) throw new Error('the link\'s convention c= is neither normal nor misere');
  return { record: values.r ?? '', position: values.p ?? null, misere: values.c === 'misere', move };
}

/**
 * The share URL of a game: this page's address with the fragment.
 * @param {SharedGame} s @param {string} [base] the page's address
 */
export function shareUrl(s, base = location.href) {
  const url = new URL(base);
  url.hash = fragmentOf(s);
  return url.href;
}
