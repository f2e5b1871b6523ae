// @ts-check
/**
 * The embedded board's analysis (`analysis` attribute): an Analyse button
 * that solves the position shown in the engine worker, as the page's
 * analysis panel does (analysis.js): the outcome as soon as it is proved,
 * then the winning moves (shown dashed on the board on hover or focus,
 * played on click where the board takes moves). A new position shown
 * clears it; Stop keeps what was proved.
 *
 *   const analysis = createAnalysis(host, button, panel);
 *   analysis.clear();   // after every change of the game
 */
import { engineWorker } from './embed-engine.js';
import { messageOf, positionRequest } from './engine.js';

/**
 * @typedef {{ game: InstanceType<import('./engine.js').Engine['Game']> | null,
 *   board: ReturnType<typeof import('./board.js').createBoard> | null,
 *   canPlay: () => boolean, play: (text: string) => unknown }} AnalysisHost
 */

/** @param {AnalysisHost} host @param {HTMLButtonElement} button @param {HTMLElement} panel */
export function createAnalysis(host, button, panel) {
  /** @type {{ cancel: () => void } | null} */
  let solving = null;
  let generation = 0;

  /** @param {string} text @param {string} [cls] */
  const line = (text, cls) => {
    const p = document.createElement('p');
    p.textContent = text;
    if (cls) p.className = cls;
    return p;
  };

  /** @param {any} a the worker's analysis so far @param {'solving' | 'done' | 'stopped'} state */
  function show(a, state) {
    const g = host.game;
    if (!g) return;
    panel.hidden = false;
    panel.dataset.state = state;
    panel.replaceChildren();
    if (a.outcome === null) {
      panel.append(line(state === 'solving' ? 'Solving: the outcome comes first…' : 'Stopped before the outcome was proved.'));
      return;
    }
    const who = `player ${g.toMove()}`;
    const o = line(`${a.outcome === 'win' ? 'Win' : 'Loss'} for ${who}, to move, with perfect play${a.misere ? ' (misère)' : ''}.`, 'outcome');
    o.dataset.outcome = a.outcome;
    panel.append(o);
    if (a.outcome === 'loss') {
      panel.append(line('Every move loses against perfect play.'));
      return;
    }
    const done = a.movesComplete && state !== 'stopped';
    panel.append(line(done ? `Winning moves (${a.winningMoves.length}):` : `Winning moves found so far (${a.winningMoves.length}):`));
    const box = document.createElement('div');
    box.className = 'win-moves';
    box.setAttribute('role', 'list');
    for (const m of a.winningMoves) box.append(winningMove(m.move));
    panel.append(box);
  }

  /** @param {string} move */
  function winningMove(move) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'win-move';
    b.setAttribute('role', 'listitem');
    b.textContent = move;
    b.title = host.canPlay() ? `Play ${move}` : `Show ${move}`;
    const preview = () => {
      try {
        const p = host.game?.previewText(move);
        host.board?.highlight({ preview: p ? { points: p.points, newSpot: p.newSpot } : null });
      } catch {
        host.board?.highlight({ preview: null });
      }
    };
    const hide = () => host.board?.highlight({ preview: null });
    b.addEventListener('mouseenter', preview);
    b.addEventListener('focus', preview);
    b.addEventListener('mouseleave', hide);
    b.addEventListener('blur', hide);
    b.addEventListener('click', () => {
      hide();
      if (host.canPlay()) host.play(move);
    });
    return b;
  }

  async function run() {
    const g = host.game;
    if (!g) return;
    if (solving) {
      // The button reads Stop while solving.
      solving.cancel();
      return;
    }
    if (g.isOver()) {
      panel.hidden = false;
      panel.replaceChildren(line('The game is over: nothing to analyse.'));
      return;
    }
    const gen = ++generation;
    /** @type {any} */
    const partial = { misere: g.misere, outcome: null, winningMoves: [], movesComplete: false };
    const req = engineWorker().request('analyse', { ...positionRequest(g), maxNodes: 1e12 }, (p) => {
      const f = p.found;
      if (!f || gen !== generation) return;
      if (f.outcome) partial.outcome = f.outcome;
      if (f.winningMove) partial.winningMoves.push(f.winningMove);
      if (f.movesChecked && f.movesChecked.checked === f.movesChecked.total) partial.movesComplete = true;
      show(partial, 'solving');
    });
    solving = { cancel: req.cancel };
    button.textContent = 'Stop';
    show(partial, 'solving');
    try {
      const a = await req.promise;
      if (gen === generation) show(a, a.complete ? 'done' : 'stopped');
    } catch (e) {
      if (gen !== generation) return;
      if (/** @type {any} */ (e)?.cancelled) show(partial, 'stopped');
      else panel.replaceChildren(line(`Analysis failed: ${messageOf(e)}`));
    } finally {
      if (gen === generation) {
        solving = null;
        button.textContent = 'Analyse';
      }
    }
  }

  button.addEventListener('click', run);

  return {
    run,
    /** Forgets the analysis (the position shown changed). */
    clear() {
      generation++;
      solving?.cancel();
      solving = null;
      button.textContent = 'Analyse';
      panel.hidden = true;
      panel.replaceChildren();
      delete panel.dataset.state;
      host.board?.highlight({ preview: null });
    },
    destroy() {
      this.clear();
      button.removeEventListener('click', run);
    },
  };
}
