// @ts-check
/**
 * Share links of the surface board (docs/formats.md, "Share links of a
 * surface game"): surface.html with the game in the fragment,
 *
 *   surface.html#surface=torus&n=2&c=normal&s=<stroke>;<stroke>&m=<k>
 *
 * `surface` (torus, klein, projective), `n` the spots, `c` the convention
 * (normal if absent), `s` every stroke as drawn, `x,y,x,y,…` in the
 * square's units (rounded to 0.1), strokes separated by `;`, and `m` the
 * moves shown (all if absent). Other keys are ignored. Reading a link only
 * yields numbers and names; the engine replays the strokes and refuses
 * one that is no move.
 */

/** Longest fragment read. */
const MAX_FRAGMENT = 60000;
const SURFACES = ['torus', 'klein', 'projective'];

/**
 * @typedef {{ surface: string, spots: number, misere: boolean, strokes: number[][], move: number | null }} SurfaceLink
 */

/** A coordinate as written in a link (and as played: the page rounds strokes to this). @param {number} v */
export const round = (v) => Math.round(v * 10) / 10;

/** @param {SurfaceLink} g */
export function fragmentOf(g) {
  const s = g.strokes.map((st) => st.map(round).join(',')).join(';');
  const parts = [`surface=${g.surface}`, `n=${g.spots}`, `c=${g.misere ? 'misere' : 'normal'}`, `s=${s}`];
  if (g.move !== null) parts.push(`m=${g.move}`);
  return parts.join('&');
}

/**
 * Reads a fragment (with or without `#`); null when it holds no surface
 * game. Throws Error(reason) when it is a broken one.
 * @param {string} hash
 * @returns {SurfaceLink | null}
 */
export function parseFragment(hash) {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text) return null;
  if (text.length > MAX_FRAGMENT) throw new Error(`the link is too long (${text.length} characters; at most ${MAX_FRAGMENT})`);
  /** @type {Record<string, string>} */
  const v = {};
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (!['surface', 'n', 'c', 's', 'm'].includes(key)) continue;
    try {
      v[key] = decodeURIComponent(eq < 0 ? '' : part.slice(eq + 1));
    } catch {
      throw new Error(`the link's ${key}= value is not URL-encoded text`);
    }
  }
  if (v.surface === undefined) return null;
  if (!SURFACES.includes(v.surface)) throw new Error(`the link's surface=${v.surface} is not torus, klein or projective`);
  if (!/^\d{1,2}$/.test(v.n ?? '') || Number(v.n) < 1 || Number(v.n) > 20) throw new Error('the link\'s spots n= is not a number from 1 to 20');
  if (v.c !== undefined && !['normal', 'misere'].includes(v.c)) throw new Error('the link\'s convention c= is neither normal nor misere');
  const raw = v.s ?? '';
  if (!/^[-0-9.,;e]*$/.test(raw)) throw new Error('the link\'s strokes s= hold something other than numbers, commas and semicolons');
  const strokes = raw === '' ? [] : raw.split(';').map((st, k) => {
    const nums = st.split(',').map(Number);
    if (nums.length < 4 || nums.length % 2 || nums.some((x) => !Number.isFinite(x))) {
      throw new Error(`the link's stroke ${k + 1} is not a list of x,y pairs`);
    }
    return nums;
  });
  let move = null;
  if (v.m !== undefined) {
    if (!/^\d{1,4}$/.test(v.m)) throw new Error('the link\'s move number m= is not a number');
    move = Number(v.m);
    if (move > strokes.length) throw new Error(`the link's move number m=${move} is past its ${strokes.length} moves`);
  }
  return { surface: v.surface, spots: Number(v.n), misere: v.c === 'misere', strokes, move };
}
