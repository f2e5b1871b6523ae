// @ts-check
/**
 * Loading the wasm engine. Two modules are built from the Rust crate
 * (src/wasm/): the plane's (`pkg/sprouts*`: the main page, the plane's
 * embeds, their workers) and the one fetched on demand
 * (`pkg/sprouts_surface*`: the surface board — surface.html, its worker,
 * `<sprouts-board surface>` — and (p, q) Sprouts' games and analysis), so
 * that the plane's pages download neither's code until one is played.
 * A (p, q) game is made here from its text (`gameFromJson`,
 * `gameFromRecord`, `newPqGame`) once `readyFor(text)` (or `loadPqEngine`)
 * has loaded that module; a plain game never waits for it.
 *
 *   const engine = await loadEngine();
 *   const game = new engine.Game(3, false, 800, 600);
 *   const surfaces = await loadSurfaceEngine();
 *   const torus = new surfaces.SurfaceGame('torus', 2, 400);
 *
 * A Rust panic traps the wasm instance, which is unusable afterwards:
 * `loadEngine({ fresh: true })` imports a new copy of the glue module (a
 * different URL is a different module instance) so the page can rebuild
 * its game from the last saved state.
 */

/** @typedef {typeof import('./pkg/sprouts.js')} Engine */
/** @typedef {typeof import('./pkg/sprouts_surface.js')} SurfaceEngine */

/**
 * One module's loader: its glue's instance, shared until `fresh` asks for a new one.
 * @param {string} name the glue's name in pkg/ (`sprouts` or `sprouts_surface`)
 */
function loader(name) {
  /** @type {Promise<unknown> | null} */
  let shared = null;
  let generation = 0;
  /** @param {{ fresh?: boolean }} [opts] */
  return (opts = {}) => {
    if (shared && !opts.fresh) return shared;
    const url = new URL(`./pkg/${name}.js`, import.meta.url);
    if (opts.fresh) url.searchParams.set('instance', String(++generation));
    const p = import(url.href).then(async (mod) => {
      // The glue fetches its wasm next to itself.
      await mod.default({ module_or_path: new URL(`./pkg/${name}_bg.wasm`, import.meta.url) });
      return mod;
    });
    shared = p;
    p.catch(() => { if (shared === p) shared = null; });
    return p;
  };
}

/** The plane's engine. */
export const loadEngine = /** @type {(opts?: { fresh?: boolean }) => Promise<Engine>} */ (loader('sprouts'));

/** The module fetched on demand: the surface board's and (p, q) Sprouts' engine. */
export const loadSurfaceEngine = /** @type {(opts?: { fresh?: boolean }) => Promise<SurfaceEngine>} */ (loader('sprouts_surface'));

/** The on-demand module once loaded for (p, q) Sprouts (see `loadPqEngine`). @type {SurfaceEngine | null} */
let pqEngine = null;

/** Loads (once) the module that plays and analyses (p, q) Sprouts. */
export async function loadPqEngine() {
  pqEngine = await loadSurfaceEngine();
  return pqEngine;
}

/**
 * Whether a text is (p, q) Sprouts: a `{pq:P,Q}` record, a saved game
 * with `"rules": "pq:P,Q"`, or rules named `pq:P,Q`.
 * @param {string} text
 */
export function isPq(text) {
  return /^\s*\{pq:/.test(text) || /"rules"\s*:\s*"pq:/.test(text) || /^pq:/.test(text);
}

/**
 * Settles once `text` can be made a game synchronously: a (p, q) one
 * loads the on-demand module first; any other settles at once.
 * @param {string} text
 */
export async function readyFor(text) {
  if (isPq(text)) await loadPqEngine();
}

/** The loaded (p, q) module; an error, not a crash, if it is not loaded yet. */
function pq() {
  if (!pqEngine) throw new Error('the (p, q) Sprouts engine is not loaded yet');
  return pqEngine;
}

/**
 * A new (p, q) game (`rules`: `pq:P,Q`) of `n` points: the on-demand
 * module's `PqGame`, which answers the page's calls as `Game` does.
 * Needs `loadPqEngine` (or `readyFor(rules)`) first.
 * @param {string} rules @param {number} n @param {boolean} misere @param {number} width @param {number} height
 * @returns {InstanceType<Engine['Game']>}
 */
export function newPqGame(rules, n, misere, width, height) {
  return /** @type {any} */ (new (pq().PqGame)(rules, n, misere, width, height));
}

/**
 * A saved game's `Game`: a (p, q) Sprouts file (`"rules": "pq:P,Q"`) is
 * the on-demand module's `PqGame` (after `readyFor(json)`).
 * @param {Engine} engine @param {string} json
 * @returns {InstanceType<Engine['Game']>}
 */
export function gameFromJson(engine, json) {
  if (/"rules"\s*:\s*"pq:/.test(json)) return /** @type {any} */ (pq().PqGame.fromJson(json));
  return engine.Game.fromJson(json);
}

/**
 * A record's `Game` (a `{pq:P,Q}` record: `PqGame`, after `readyFor(record)`).
 * @param {Engine} engine @param {string} record @param {number} width @param {number} height
 * @returns {InstanceType<Engine['Game']>}
 */
export function gameFromRecord(engine, record, width, height) {
  if (/^\s*\{pq:/.test(record)) return /** @type {any} */ (pq().PqGame.fromRecord(record, width, height));
  return engine.Game.fromRecord(record, width, height);
}

/** Whether an exception came from a trapped wasm instance (a panic). */
/** @param {unknown} e */
export function isTrap(e) {
  return typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError;
}

/** The message of anything thrown. @param {unknown} e */
export function messageOf(e) {
  if (e instanceof Error) return e.message;
  return String(e);
}

/**
 * Checks the stroke being drawn, giving the game only its new points:
 * `from` is how many numbers of `points` it already has for this stroke
 * (0 begins a new stroke). The answer is `Game.extendStroke`'s, the same
 * as `Game.checkStroke` of the whole stroke, in time proportional to the
 * new points instead of to the whole stroke.
 * @param {InstanceType<Engine['Game']>} game
 * @param {number[]} points flat x, y in board units
 * @param {number} from
 */
export function checkStroke(game, points, from) {
  if (from === 0) game.beginStroke();
  return game.extendStroke(new Float64Array(points.slice(from)));
}

/**
 * What the worker's `analyse` and `computerMove` requests name for the
 * position shown: the record (a game from n spots), or the labelled Hoey
 * list and convention (a game from a position, whose record has no
 * header), so that the moves answered name the spots as drawn.
 * @param {{ startPosition: () => string | undefined, record: () => string, hoey: () => string, misere: boolean, rulesName?: string, width?: number, height?: number }} game
 */
export function positionRequest(game) {
  // A game under other rules (issue 37) sends its tagged record and the
  // board's size: the worker replays it to number the spots as drawn.
  if ((game.rulesName ?? 'sprouts') !== 'sprouts') return { record: game.record(), variant: true, width: game.width, height: game.height };
  return game.startPosition() ? { position: game.hoey(), misere: game.misere } : { record: game.record() };
}
