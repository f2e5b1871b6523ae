// @ts-check
/**
 * The embedded boards' requests to the drawing worker (draw-worker.js),
 * which every board of the page shares: games read (routed, laid out),
 * spot numbers placed and drawings tidied off the main thread. Each
 * returns null where the worker cannot (it did not start, or stopped;
 * it is not asked again), and the board then does the work itself.
 *
 *   const saved = await readInWorker({ position, misere, record, width, height }, board);
 *   cancelDrawing(board);   // the board is removed: its requests are dropped
 */
import { createDrawClient } from './draw-client.js';

/** @typedef {InstanceType<import('./engine.js').Engine['Game']>} EngineGame */

/** The drawing worker every board of the page shares; null once it could not start. */
let drawing = /** @type {ReturnType<typeof createDrawClient> | null | undefined} */ (undefined);

/**
 * Reads a game in the drawing worker (see draw-worker.js, `link`): its
 * saved-game JSON, an Error with the engine's reason, or null where the
 * worker cannot do it (then the caller reads on the main thread).
 * @param {Parameters<typeof import('./reading.js').readGame>[1]} what @param {object} owner the board (its removal or next read drops this one)
 * @returns {Promise<string | Error | null>}
 */
export async function readInWorker(what, owner) {
  if (drawing === null) return null;
  const client = (drawing ??= createDrawClient());
  client.cancelOwner(owner); // a newer read of the same board drops the older one
  const m = await client.request({ type: 'link', ...what }, owner).reply;
  if (m.cancelled) return new Error('cancelled');
  if (m.all) {
    // The worker stopped or never started: every board reads on the main thread from now on.
    if (drawing === client) drawing = null;
    return null;
  }
  return 'game' in m ? String(m.game) : new Error(String(m.error));
}

/**
 * Asks the drawing worker about a copy of `game` (`request`: the message
 * without its game) and returns `field` of its answer; null where the
 * worker cannot (a dropped worker is not asked again).
 * @param {EngineGame} game @param {object} request @param {string} field @param {object} owner the board (its removal drops the request)
 * @returns {Promise<any> | null}
 */
function askWorker(game, request, field, owner) {
  if (drawing === null) return null;
  // A (p, q) game is saved without its drawing: the worker's copy would be
  // routed anew, so its numbers are placed here and it is not tidied.
  if (/^pq:/.test(/** @type {any} */ (game).rulesName ?? '')) return null;
  let json;
  try {
    json = game.toJson();
  } catch {
    return null;
  }
  const client = (drawing ??= createDrawClient());
  return client.request({ ...request, game: json }, owner).reply.then((m) => {
    if (m.all && drawing === client) drawing = null;
    return m[field] ?? null;
  });
}

/**
 * Where a game's spot numbers go, worked out in the drawing worker (see
 * draw-worker.js, `place`), as the page places them; null where the
 * worker cannot (the board then places them itself).
 * @param {EngineGame | null} game @param {number} scale @param {number} margin @param {object} owner the board
 * @returns {Promise<ArrayLike<number> | null> | null}
 */
export function placeInWorker(game, scale, margin, owner) {
  return game ? askWorker(game, { type: 'place', scale, margin }, 'labels', owner) : null;
}

/**
 * The game's drawing tidied in the drawing worker at the scale shown (see
 * draw-worker.js, `tidied`), as the page tidies a game it reads: curves
 * spread to gaps that read at that scale, so the numbers find room beside
 * their spots. Null where the worker cannot (the drawing stays as routed).
 * @param {EngineGame | null} game @param {number} scale @param {object} owner the board (its removal drops this tidy)
 * @returns {Promise<object | null> | null}
 */
export function tidyInWorker(game, scale, owner) {
  return game && scale > 0 ? askWorker(game, { type: 'tidied', scale }, 'drawing', owner) : null;
}

/** Drops the requests of a board (removed, or reading anew), queued or running. @param {object} owner */
export function cancelDrawing(owner) {
  drawing?.cancelOwner(owner);
}
