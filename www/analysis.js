// @ts-check
/**
 * The analysis panel: solves the position shown in the engine worker
 * (stoppable, with progress). The outcome appears the moment it is proved,
 * then each winning move as it is found (drawn dashed on hover, played on
 * click), then the nimber and the lands (tinted on the board on hover).
 * Stop keeps what was shown. Complete results are kept by labelled
 * position. `#analysis-result` has `data-state` solving, done or stopped.
 *
 *   const analysis = createAnalysis(ctl, worker, board, { play, busy });
 *   analysis.run();      // the Analyse button
 *   analysis.clear();    // after every change of the game
 */
import { $, el, plural } from './dom.js';
import { messageOf, positionRequest } from './engine.js';
import { formatNodes } from './computer.js';

/** @typedef {import('./game-controller.js').GameController} GameController */
/** @typedef {ReturnType<typeof import('./worker-client.js').createEngineWorker>} EngineWorker */
/** @typedef {ReturnType<typeof import('./board.js').createBoard>} Board */

/**
 * @param {GameController} ctl
 * @param {EngineWorker} worker
 * @param {Board} board
 * @param {{ play: (move: string) => void, busy: () => void }} host
 *   play: a winning move was clicked; busy: solving started or stopped
 */
export function createAnalysis(ctl, worker, board, host) {
  /** @type {{ cancel: () => void } | null} */
  let solving = null;
  /** Analyses by convention and labelled position. @type {Map<string, any>} */
  const cache = new Map();
  const result = $('analysis-result');
  /** A winning move tapped once on a touch screen (previewed; a second tap plays it). @type {HTMLElement | null} */
  let armed = null;
  /** Bumped by clear(): answers to an older request are not shown. */
  let generation = 0;

  async function run() {
    const g = ctl.current;
    if (!g || solving) return;
    if (g.isOver()) {
      result.textContent = 'The game is over.';
      return;
    }
    // The rules too: Brussels Sprouts and dots-or-crosses share their starts.
    const key = `${g.rulesName ?? 'sprouts'}|${g.misere}|${g.hoey()}`;
    const cached = cache.get(key);
    if (cached) {
      show(cached);
      return;
    }
    const record = g.record();
    const gen = generation;
    const current = () => gen === generation && ctl.game.record() === record;
    const t0 = performance.now();
    // What the worker has proved so far, in the shape of its final answer.
    /** @type {any} */
    const partial = { misere: g.misere, complete: false, outcome: null, nimber: null, lands: [], winningMoves: [], movesComplete: false, moves: null, nodes: 0, stopped: null };
    let checked = '';
    const req = worker.request('analyse', { ...positionRequest(g), maxNodes: 1e12 }, (p) => {
      const f = p.found;
      if (f?.movesChecked) {
        const { checked: k, total } = f.movesChecked;
        checked = ` · moves checked ${k} of ${total}`;
        if (partial.moves === null || k === total) {
          partial.moves = total;
          partial.movesComplete = k === total;
          show(partial, 'solving');
        }
      } else if (f) {
        if (f.outcome) partial.outcome = f.outcome;
        if (f.winningMove) partial.winningMoves.push(f.winningMove);
        if (f.nimber !== undefined) partial.nimber = f.nimber;
        // A loss has no moves to check: every move loses.
        if (f.outcome === 'loss' || f.nimber !== undefined) partial.movesComplete = true;
        show(partial, 'solving');
      }
      partial.nodes = p.nodes;
      $('solve-stats').textContent = `${formatNodes(p.nodes)} positions · ${((performance.now() - t0) / 1000).toFixed(1)} s${checked}`;
    });
    solving = { cancel: req.cancel };
    $('solve-stats').textContent = 'starting…';
    show(partial, 'solving');
    host.busy();
    try {
      const a = await req.promise;
      a.seconds = (performance.now() - t0) / 1000;
      if (a.complete) cache.set(key, a);
      if (current()) show(a);
    } catch (e) {
      if (/** @type {any} */ (e)?.cancelled) {
        partial.seconds = (performance.now() - t0) / 1000;
        partial.stopped = 'stopped';
        if (current()) show(partial, 'stopped');
      } else {
        result.textContent = `Analysis failed: ${messageOf(e)}`;
      }
    } finally {
      solving = null;
      host.busy();
    }
  }

  /**
   * The worker's analysis, complete or partial (while solving, or stopped).
   * @param {any} a @param {'solving' | 'done' | 'stopped'} [state]
   */
  function show(a, state = a.complete ? 'done' : 'stopped') {
    result.replaceChildren();
    result.dataset.state = state;
    const g = ctl.game;
    const who = ctl.seatName(/** @type {1|2} */ (g.toMove()));
    const p = (/** @type {string} */ text) => el('p', text);
    if (a.outcome === null) {
      result.append(p(state === 'solving' ? 'Solving: the outcome comes first.' : `Analysis ${a.stopped === 'stopped' ? 'stopped' : `not finished: ${a.stopped}`} before the outcome was proved.`));
      return;
    }
    const outcome = el('p', `${a.outcome === 'win' ? 'Win' : 'Loss'} for ${who}, to move, with perfect play${a.misere ? ' (misère)' : ''}.`, {
      class: 'outcome',
      'data-outcome': a.outcome,
    });
    result.append(outcome);
    if (a.nimber !== null) result.append(p(`Nimber: *${a.nimber}.`));
    if (a.lands.length > 1 || (a.lands.length === 1 && a.nimber !== null)) result.append(landList(a.lands));
    const of = a.moves === null ? '' : a.moves === 1 ? ' of the only move' : ` of the ${a.moves} moves that lead to different positions`;
    if (a.outcome === 'win') {
      result.append(p(a.movesComplete ? `Winning moves (${a.winningMoves.length}${of}):` : `Winning moves found so far (${a.winningMoves.length}, still checking${of}):`));
      const box = el('div', '', { class: 'win-moves', role: 'list' });
      for (const m of a.winningMoves) box.append(winningMove(m));
      result.append(box);
    } else {
      result.append(p(`Every move loses against perfect play${a.moves === null || a.moves === 1 ? '' : ` (${a.moves} moves lead to different positions)`}.`));
    }
    if (!a.misere && a.nimber === null && state === 'solving' && (g.rulesName ?? 'sprouts') === 'sprouts') result.append(p('Nimber: still computing…'));
    if (state === 'stopped') result.append(p(`Analysis ${a.stopped === 'stopped' ? 'stopped' : `not finished: ${a.stopped}`}; what is shown was proved.`));
    if (state !== 'solving') result.append(p(`${a.nodes === 1 ? '1 position' : `${formatNodes(a.nodes)} positions`} searched${a.seconds ? ` in ${a.seconds.toFixed(2)} s` : ''}.`));
  }

  /** @param {{ spots: number[], nimber: number | null }[]} lands */
  function landList(lands) {
    const all = () => board.highlight({ lands: lands.length > 1 ? lands.map((l) => l.spots) : [] });
    const ul = el('ul', '', { 'aria-label': 'Lands' });
    lands.forEach((land, i) => {
      const li = el('li', `Land ${i + 1}: spots ${land.spots.join(', ')}${land.nimber !== null ? `, nimber *${land.nimber}` : ''}`, {
        class: 'land',
        tabindex: '0',
      });
      hover(li, () => board.highlight({ lands: [land.spots] }), all);
      ul.append(li);
    });
    all();
    return ul;
  }

  /** @param {{ move: string, position: string }} m */
  function winningMove(m) {
    const b = el('button', m.move, { type: 'button', class: 'win-move', role: 'listitem', title: `Play ${m.move} (leaves ${m.position})` });
    const hide = () => board.highlight({ preview: null });
    hover(b, () => {
      const prev = ctl.guard(() => { try { return ctl.game.previewText(m.move); } catch { return null; } }, null);
      board.highlight({ preview: prev ? { points: prev.points, newSpot: prev.newSpot } : null });
    }, hide);
    // On touch there is no hover: a first tap previews the move, a second plays it.
    let touch = false;
    b.addEventListener('pointerdown', (ev) => { touch = ev.pointerType === 'touch'; });
    b.addEventListener('click', () => {
      if (touch && armed !== b) {
        armed = b;
        b.dispatchEvent(new Event('mouseenter'));
        board.message(`${m.move}: tap it again to play it`, true);
        return;
      }
      armed = null;
      hide();
      if (ctl.canPlay()) host.play(m.move);
    });
    return b;
  }

  function clear() {
    generation++;
    if (solving) {
      solving.cancel();
      solving = null;
    }
    result.replaceChildren();
    delete result.dataset.state;
    board.highlight({ lands: [], preview: null });
  }

  return {
    run,
    clear,
    /** Stops a solve in progress. */
    cancel() {
      solving?.cancel();
      solving = null;
      host.busy();
    },
    /** Whether a solve is running. */
    solving: () => !!solving,
  };
}

/**
 * Runs `on` while the pointer is over `target` or it has the focus.
 * @param {HTMLElement} target @param {() => void} on @param {() => void} off
 */
function hover(target, on, off) {
  target.addEventListener('mouseenter', on);
  target.addEventListener('focus', on);
  target.addEventListener('mouseleave', off);
  target.addEventListener('blur', off);
}
