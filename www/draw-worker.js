// @ts-check
/**
 * The drawing's Web Worker (a module worker): the engine's slow drawing
 * work runs here, off the page's main thread. Tidying: one sweep late in a
 * 20-spot game takes 15–200 ms in wasm, far more than a frame. Opening a
 * pasted record or position: routing every move of a record, or laying
 * out a position, takes seconds (and up to half a minute before a
 * position that finds no room is refused).
 *
 *   {type: 'start', id, game, scale} a tidy: game is the saved-game JSON of
 *        the game to tidy (a copy is made here), scale the view's CSS px
 *        per board unit. Sweeps, then replies as to 'go'.
 *   {type: 'go', id}  sweeps for about BUDGET_MS (at least one sweep) →
 *        {id, drawing, more}: the copy's drawing after its last move
 *        (`Game.drawing`, for `Game.adoptDrawing`), and whether more is to
 *        be done; or {id, error}.
 *   {type: 'labels', id, scale, margin} where the spot numbers of the
 *        settled copy go at that scale, and their font sizes
 *        (`Game.labelBoxes`: up to ~160 ms in wasm late in a game)
 *        → {id, scale, labels} (Float64Array).
 *   {type: 'place', id, game, scale, margin} where the spot numbers of
 *        a game (saved-game JSON) go at that scale → {id, labels}: as for
 *        'labels', for the page's game, off the page's thread.
 *   {type: 'tidied', id, game, scale} a game (saved-game JSON) tidied to
 *        the end at that scale, as the page tidies a game it reads, but
 *        in one go (an embed shows no tidy's animation) → {id, drawing}
 *        (`Game.drawing`, for `Game.adoptDrawing(drawing, true)`); stateless,
 *        so every board of a page may ask at once.
 *   {type: 'open', id, text, misere, width, height} a pasted text read
 *        as the CLI reads it (`readingOf`: a record when it reads as one,
 *        else a position), then drawn (`Game.fromRecord` or
 *        `Game.fromPosition`) → {id, game, isRecord} (game: saved-game
 *        JSON) or {id, error} (neither reading's reason, or the move's).
 *   {type: 'link', id, position, misere, record, width, height} a share
 *        link's game: the position (null: the record's start) with the
 *        record's moves played on it → {id, game} or {id, error}.
 *   {type: 'file', id, text} a game file or a stored game (saved-game
 *        JSON); one without its drawing has every move routed here (a
 *        40-spot game: seconds) → {id, game} (with its drawing) or {id,
 *        error} in the player's words.
 *
 * Every request gets exactly one reply with its id (the page posts the
 * next one only then, see draw-client.js): a tidy's step for a tidy this
 * worker does not hold (a newer one started, or a new worker) gets
 * {id, error}.
 */
import { gameFromJson, gameFromRecord, loadEngine, isTrap, messageOf, readyFor } from './engine.js';
import { readGame } from './reading.js';

/** Milliseconds of sweeping per step (the page redraws once per step). */
const BUDGET_MS = 30;

const scope = /** @type {DedicatedWorkerGlobalScope} */ (/** @type {unknown} */ (self));
let engine = loadEngine();
/** The copy being tidied. @type {InstanceType<import('./engine.js').Engine['Game']> | null} */
let game = null;
let current = 0;
let scale = 1;

/** @param {import('./engine.js').Engine} e @param {any} m */
function open(e, m) {
  const text = String(m.text);
  // The engine says which reading, as for `sprouts draw` (src/reading.rs):
  // the page and the CLI never read one text two ways.
  const isRecord = e.readingOf(text) === 'record';
  const g = isRecord
    ? gameFromRecord(e, text, Number(m.width), Number(m.height))
    : e.Game.fromPosition(text, Boolean(m.misere), Number(m.width), Number(m.height));
  try {
    return { id: m.id, game: g.toJson(), isRecord };
  } finally {
    g.free();
  }
}

/** @param {import('./engine.js').Engine} e @param {any} m */
function link(e, m) {
  // A (p, q) record is the engine's PqGame (engine.js).
  const g = m.position === null && /^\s*\{pq:/.test(String(m.record))
    ? gameFromRecord(e, String(m.record), Number(m.width), Number(m.height))
    : readGame(e.Game, {
      position: m.position === null ? null : String(m.position),
      misere: Boolean(m.misere),
      record: String(m.record),
      width: Number(m.width),
      height: Number(m.height),
    });
  try {
    return { id: m.id, game: g.toJson() };
  } finally {
    g.free();
  }
}

/**
 * The engine's reasons for a file it cannot draw, in the player's words.
 * @param {string} why
 */
function fileReason(why) {
  if (/no room to draw/.test(why)) {
    return 'it holds the moves without their drawing, and one of them finds no room on the board the engine draws them on ' +
      '(the game itself may be fine: open the file saved with its drawing, or paste its record into the Open box)';
  }
  return why.replace(/internal error: /, '');
}

/** @param {import('./engine.js').Engine} e @param {any} m */
function file(e, m) {
  let g;
  try {
    g = gameFromJson(e, String(m.text));
  } catch (err) {
    if (isTrap(err)) throw err;
    return { id: m.id, error: fileReason(messageOf(err)) };
  }
  try {
    return { id: m.id, game: g.toJson() };
  } finally {
    g.free();
  }
}

/** @param {import('./engine.js').Engine} e @param {any} m */
function place(e, m) {
  const g = gameFromJson(e, String(m.game));
  try {
    return { id: m.id, labels: g.labelBoxes(Number(m.scale) || 1, Number(m.margin) || 24) };
  } finally {
    g.free();
  }
}

/** Longest one-go tidy (ms): a 46-spot record's takes about a second natively. */
const TIDY_LIMIT_MS = 20000;

/** @param {import('./engine.js').Engine} e @param {any} m */
function tidied(e, m) {
  const g = gameFromJson(e, String(m.game));
  try {
    const s = Number(m.scale) || 1;
    const t0 = performance.now();
    while (g.tidy(s, 16) && performance.now() - t0 < TIDY_LIMIT_MS) { /* sweeps on */ }
    return { id: m.id, drawing: g.drawing() };
  } finally {
    g.free();
  }
}

/** @param {import('./engine.js').Engine} e @param {any} m */
function tidy(e, m) {
  if (m.type === 'start') {
    const old = game;
    game = null;
    if (old) try { old.free(); } catch { /* a trapped instance: dropped with it */ }
    current = m.id;
    scale = Number(m.scale) || 1;
    game = gameFromJson(e, String(m.game));
  }
  if (m.id !== current || !game) return { id: m.id, error: 'no such tidy' };
  if (m.type === 'labels') {
    const s = Number(m.scale) || 1;
    return { id: current, scale: s, labels: game.labelBoxes(s, Number(m.margin) || 24) };
  }
  const t0 = performance.now();
  let more = true;
  do {
    more = game.tidy(scale, 1);
  } while (more && performance.now() - t0 < BUDGET_MS);
  return { id: current, drawing: game.drawing(), more };
}

scope.addEventListener('message', async (ev) => {
  const m = ev.data ?? {};
  try {
    const e = await engine;
    // A (p, q) game's text: its module is fetched first (engine.js).
    await readyFor(String(m.text ?? m.record ?? m.game ?? ''));
    const reply = m.type === 'open' ? open(e, m) : m.type === 'link' ? link(e, m) : m.type === 'place' ? place(e, m)
      : m.type === 'file' ? file(e, m) : m.type === 'tidied' ? tidied(e, m) : tidy(e, m);
    scope.postMessage(reply);
  } catch (err) {
    if (!['open', 'link', 'place', 'file', 'tidied'].includes(m.type)) game = null;
    // A trapped instance (a Rust panic) is unusable: the next request loads a fresh one.
    if (isTrap(err)) engine = loadEngine({ fresh: true });
    scope.postMessage({ id: m.id, error: messageOf(err) });
  }
});
