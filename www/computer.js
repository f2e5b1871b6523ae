// @ts-check
/**
 * The computer's turn: when the side to move is a computer player, ask the
 * engine worker for a move (within the thinking budget), show its progress,
 * and play the answer if the game has not changed meanwhile.
 *
 *   const computer = createComputer(ctl, worker, { progress, played, failed });
 *   computer.maybeMove();       // after every change of the game
 */
import { messageOf, positionRequest } from './engine.js';

/** @typedef {import('./game-controller.js').GameController} GameController */
/** @typedef {ReturnType<typeof import('./worker-client.js').createEngineWorker>} EngineWorker */
/** @typedef {import('./game-controller.js').Status} Status */

/**
 * @param {GameController} ctl
 * @param {EngineWorker} worker
 * @param {{ progress: (text: string) => void, played: (text: string) => void,
 *   failed: (message: string) => void, busy: () => void }} show
 *   what to tell the player: progress while thinking, the move played, a
 *   failure; busy: thinking started or stopped
 */
export function createComputer(ctl, worker, show) {
  /** @type {{ cancel: () => void, record: string } | null} */
  let thinking = null;

  function stop() {
    if (!thinking) return;
    thinking.cancel();
    thinking = null;
    show.busy();
  }
  ctl.addEventListener('interrupt', stop);

  async function maybeMove() {
    const g = ctl.current;
    if (!g || thinking || ctl.paused || ctl.replaying || g.isOver()) return;
    const side = /** @type {1|2} */ (g.toMove());
    const kind = ctl.players[side];
    const st = /** @type {Status} */ (g.status());
    if (kind === 'human' || st.canRedo) return;
    const record = g.record();
    const started = performance.now();
    const req = worker.request('computerMove', { ...positionRequest(g), strength: kind, maxMillis: ctl.budget * 1000, maxNodes: 1e12 }, (p) => {
      show.progress(`${ctl.mixed() ? 'The computer' : ctl.playerName(side)} is thinking… ${formatNodes(p.nodes)} positions`);
    });
    const mine = { cancel: req.cancel, record };
    thinking = mine;
    show.busy();
    try {
      const r = await req.promise;
      // Keep a steady pace in computer-vs-computer games.
      const wait = !ctl.isHuman(1) && !ctl.isHuman(2) ? Math.max(0, ctl.pace - (performance.now() - started)) : 0;
      if (wait) await new Promise((ok) => setTimeout(ok, wait));
      if (thinking !== mine) return; // stopped, or a new game
      thinking = null;
      if (ctl.game.record() !== record) {
        show.busy();
        maybeMove();
        return;
      }
      const played = ctl.guard(() => ctl.game.playText(r.move), null);
      if (played !== null) {
        // Short, to fit the board's top line beside the zoom buttons (the status names the players).
        show.played(`${ctl.mixed() ? 'The computer' : `Player ${side}`} played ${played}`);
        ctl.moved();
      }
    } catch (e) {
      if (thinking !== mine) return; // cancelled by stop()
      thinking = null;
      ctl.paused = true;
      show.failed(`The computer could not move: ${messageOf(e)}`);
      show.busy();
    }
  }

  return {
    maybeMove,
    stop,
    /** Whether the computer is thinking now. */
    thinking: () => !!thinking,
  };
}

/** 1234567 → "1.2M". @param {number} n */
export function formatNodes(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${Math.round(n / 1e3)}k` : String(n);
}
