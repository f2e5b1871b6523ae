// @ts-check
/**
 * Loading the wasm engine. Two modules are built from the Rust crate
 * (src/wasm/): the plane's (`pkg/sprouts*`: the main page, the plane's
 * embeds, their workers) and the surface board's (`pkg/sprouts_surface*`:
 * surface.html, its worker, `<sprouts-board surface>`), so that the
 * plane's pages never download the surface board's code.
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

/** The surface board's engine. */
export const loadSurfaceEngine = /** @type {(opts?: { fresh?: boolean }) => Promise<SurfaceEngine>} */ (loader('sprouts_surface'));

/**
 * A saved game's `Game`: a (p, q) Sprouts file (`"rules": "pq:P,Q"`) is
 * the engine's `PqGame`, which answers the page's calls as `Game` does.
 * @param {Engine} engine @param {string} json
 * @returns {InstanceType<Engine['Game']>}
 */
export function gameFromJson(engine, json) {
  if (/"rules"\s*:\s*"pq:/.test(json)) return /** @type {any} */ (engine.PqGame.fromJson(json));
  return engine.Game.fromJson(json);
}

/**
 * A record's `Game` (a `{pq:P,Q}` record: `PqGame`).
 * @param {Engine} engine @param {string} record @param {number} width @param {number} height
 * @returns {InstanceType<Engine['Game']>}
 */
export function gameFromRecord(engine, record, width, height) {
  if (/^\s*\{pq:/.test(record)) return /** @type {any} */ (engine.PqGame.fromRecord(record, width, height));
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
