// @ts-check
/**
 * The computer's turn on the surface board: when the player to move is a
 * computer, ask the surface worker for a stroke and play it if the game
 * has not changed meanwhile. The engine routes and checks the stroke and
 * chooses the move (src/board/surface/game.rs); this module only waits.
 *
 *   const computer = createSurfaceComputer(host, worker);
 *   computer.maybeMove();   // after every change of the game
 */
import { messageOf } from './engine.js';
import { SILENCE_MS } from './worker-client.js';

/** Positions and time the perfect player searches at most (the worker gives no progress, so its client allows this time and its usual silence on top). */
export const PERFECT_NODES = 200000;
export const PERFECT_MILLIS = 4000;

/**
 * @param {{ game: () => any, kind: (side: 1 | 2) => string, play: (flat: number[], by: string) => void,
 *   say: (text: string, bad?: boolean) => void, busy: (on: boolean) => void }} host
 * @param {ReturnType<typeof import('./worker-client.js').createEngineWorker>} worker
 */
export function createSurfaceComputer(host, worker) {
  /** @type {{ cancel: () => void } | null} */
  let thinking = null;
  /** The last request failed (no stroke found): the player may draw the computer's move. */
  let failed = false;

  function stop() {
    if (!thinking) return;
    thinking.cancel();
    thinking = null;
    host.busy(false);
  }

  async function maybeMove() {
    const g = host.game();
    if (!g || thinking || g.isOver() || g.cursor < g.moveCount) return;
    const side = g.cursor % 2 === 0 ? 1 : 2;
    const kind = host.kind(side);
    if (kind === 'human') return;
    failed = false;
    const saved = g.toJson();
    const req = worker.request('surfaceMove', { game: saved, strength: kind, seed: Math.floor(Math.random() * 2 ** 32), maxNodes: PERFECT_NODES, maxMillis: PERFECT_MILLIS }, undefined, { silenceMs: PERFECT_MILLIS + SILENCE_MS });
    const mine = { cancel: req.cancel };
    thinking = mine;
    host.busy(true);
    host.say(`Player ${side} (computer, ${kind}) is thinking…`);
    try {
      const r = await req.promise;
      if (thinking !== mine) return;
      thinking = null;
      host.busy(false);
      if (host.game() !== g || g.toJson() !== saved) {
        maybeMove();
        return;
      }
      host.play(Array.from(r.stroke), `computer, ${kind}${r.method === 'winning' ? ', a winning move' : ''}`);
    } catch (e) {
      if (thinking !== mine) return; // stopped
      thinking = null;
      host.busy(false);
      failed = true;
      host.say(`The computer could not move: ${messageOf(e)}. Draw its move for it.`, true);
    }
  }

  return { maybeMove, stop, thinking: () => thinking !== null, failed: () => failed };
}
