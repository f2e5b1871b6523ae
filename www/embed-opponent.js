// @ts-check
/**
 * The embedded board's computer opponent (`opponent="random|heuristic|perfect"`,
 * `side="1|2"`, default 2): when it is that side's turn at the end of the
 * game, the engine worker (shared by the page's boards, embed-engine.js)
 * chooses a move, as the page's computer does (computer.js), and the
 * board plays it if the game has not changed meanwhile.
 *
 *   const opponent = createOpponent(host);
 *   opponent.maybeMove();   // after every change
 */
import { engineWorker } from './embed-engine.js';
import { messageOf, positionRequest } from './engine.js';

const STRENGTHS = ['random', 'heuristic', 'perfect'];
/** The perfect player's time per move: a student waits little. */
const THINK_MS = 2000;

/**
 * @typedef {{ game: InstanceType<import('./engine.js').Engine['Game']> | null,
 *   getAttribute: (name: string) => string | null, hasAttribute: (name: string) => boolean,
 *   computerMoved: (move: string) => void, note: (text: string, ok: boolean) => void,
 *   thinkingChanged: () => void }} OpponentHost
 */

/**
 * Which side the computer plays, and how: null without a valid `opponent`.
 * @param {{ getAttribute: (name: string) => string | null }} el
 */
export function opponentOf(el) {
  const strength = el.getAttribute('opponent');
  if (!strength || !STRENGTHS.includes(strength)) return null;
  const side = el.getAttribute('side') === '1' ? 1 : 2;
  return { strength, side };
}

/** @param {OpponentHost} host */
export function createOpponent(host) {
  /** @type {{ cancel: () => void } | null} */
  let thinking = null;

  function stop() {
    if (!thinking) return;
    thinking.cancel();
    thinking = null;
    host.thinkingChanged();
  }

  async function maybeMove() {
    const g = host.game;
    const who = opponentOf(host);
    if (!g || !who || thinking || host.hasAttribute('readonly')) return;
    const st = g.status();
    if (st.over || st.canRedo || st.toMove !== who.side) return;
    const record = g.record();
    const req = engineWorker().request('computerMove', { ...positionRequest(g), strength: who.strength, maxMillis: THINK_MS, maxNodes: 1e12 });
    const mine = { cancel: req.cancel };
    thinking = mine;
    host.thinkingChanged();
    try {
      const r = await req.promise;
      if (thinking !== mine) return;
      thinking = null;
      const now = host.game;
      if (now && now.record() === record && opponentOf(host)) {
        const played = now.playText(r.move);
        host.computerMoved(played);
      }
      host.thinkingChanged();
    } catch (e) {
      if (thinking !== mine) return; // stopped
      thinking = null;
      host.thinkingChanged();
      host.note(`The computer could not move: ${messageOf(e)}`, false);
    }
  }

  return { maybeMove, stop, thinking: () => !!thinking, destroy: stop };
}
