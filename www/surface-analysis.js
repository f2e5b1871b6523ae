// @ts-check
/**
 * The surface board's analysis button: asks the surface worker for the
 * outcome and winning moves of the position shown, normal and misère,
 * and lists them (as text nodes: nothing from the engine becomes markup).
 * The surface page and the embed's `analysis` attribute (embed-surface.js)
 * both show it. Given the button, it reads Stop while the worker searches
 * and a click then cancels (the embed's Analyse/Stop, as on the plane).
 *
 *   const analysis = createSurfaceAnalysis(host, worker, panel, button?);
 *   analysis.run();      // the button
 *   analysis.clear();    // the position changed
 */
import { messageOf } from './engine.js';
import { SILENCE_MS } from './worker-client.js';

/** Positions and time each search (normal, misère) takes at most: no progress comes from the worker, so its client waits for both searches and its usual silence on top (a 10-spot torus took 10.4 s in all in Chromium on a busy machine, past the usual 10 s). */
const MAX_NODES = 300000;
const MAX_MILLIS = 3000;

/**
 * @param {{ game: () => any }} host
 * @param {Pick<ReturnType<typeof import('./worker-client.js').createEngineWorker>, 'request'>} worker
 * @param {HTMLElement} panel
 * @param {HTMLButtonElement} [button] reads Stop while searching (a click then stops)
 */
export function createSurfaceAnalysis(host, worker, panel, button) {
  let generation = 0;
  /** The search under way, or null. @type {(() => void) | null} */
  let cancel = null;
  const label = button?.textContent ?? '';

  /** @param {(() => void) | null} c */
  function searching(c) {
    cancel = c;
    if (button) button.textContent = c ? 'Stop' : label;
  }

  /** @param {string} text @param {string} [cls] */
  function line(text, cls) {
    const p = document.createElement('p');
    p.textContent = text;
    if (cls) p.className = cls;
    panel.append(p);
    return p;
  }

  /** @param {string} name @param {any} a @param {boolean} mine */
  function convention(name, a, mine) {
    const head = a.outcome === 'unknown'
      ? `${name}: not solved (${a.stopped})`
      : `${name}: a ${a.outcome} for the player to move${a.outcome === 'win' ? `, ${a.winning.length} winning move${a.winning.length === 1 ? '' : 's'}` : ''}`;
    const p = line(head + (mine ? ' (this game)' : ''), 'surface-analysis-head');
    p.dataset.outcome = a.outcome;
    p.dataset.convention = name === 'Normal play' ? 'normal' : 'misere';
    if (a.winning.length) {
      const ul = document.createElement('ul');
      for (const w of a.winning) {
        const li = document.createElement('li');
        li.textContent = w.move ? `${w.move} → ${w.position}` : `a move to ${w.position} (the computer cannot draw it here)`;
        li.dataset.position = w.position;
        ul.append(li);
      }
      panel.append(ul);
    }
  }

  async function run() {
    const g = host.game();
    if (!g) return;
    if (cancel) {
      // The button reads Stop: nothing was proved yet (the worker sends no progress).
      clear();
      line('Stopped before the outcome was proved.');
      panel.dataset.state = 'stopped';
      return;
    }
    const mine = ++generation;
    panel.textContent = '';
    panel.dataset.state = 'busy';
    line('Analysing…');
    try {
      const req = worker.request('surfaceAnalyse', { game: g.toJson(), maxNodes: MAX_NODES, maxMillis: MAX_MILLIS }, undefined, { silenceMs: 2 * MAX_MILLIS + SILENCE_MS });
      searching(req.cancel);
      const r = await req.promise;
      if (mine !== generation) return;
      searching(null);
      panel.textContent = '';
      line(r.over ? `Position ${r.position}: the game is over.` : `Position ${r.position}:`);
      if (!r.over) {
        convention('Normal play', r.normal, !g.misere);
        convention('Misère', r.misere, g.misere);
      }
      panel.dataset.state = 'done';
    } catch (e) {
      if (mine !== generation) return;
      searching(null);
      panel.textContent = '';
      line(`The analysis failed: ${messageOf(e)}`, 'error');
      panel.dataset.state = 'error';
    }
  }

  /** Forgets the analysis and stops its search (the position changed). */
  function clear() {
    generation++;
    cancel?.();
    searching(null);
    panel.textContent = '';
    delete panel.dataset.state;
  }

  return { run, clear };
}
