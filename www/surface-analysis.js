// @ts-check
/**
 * The surface board's analysis button: asks the surface worker for the
 * outcome and winning moves of the position shown, normal and misère,
 * and lists them (as text nodes: nothing from the engine becomes markup).
 *
 *   const analysis = createSurfaceAnalysis(host, worker, panel);
 *   analysis.run();      // the button
 *   analysis.clear();    // the position changed
 */
import { messageOf } from './engine.js';

/** Positions and time each search (normal, misère) takes at most: no progress comes from the worker, whose client waits 10 s. */
const MAX_NODES = 300000;
const MAX_MILLIS = 3000;

/**
 * @param {{ game: () => any }} host
 * @param {ReturnType<typeof import('./worker-client.js').createEngineWorker>} worker
 * @param {HTMLElement} panel
 */
export function createSurfaceAnalysis(host, worker, panel) {
  let generation = 0;

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
        li.textContent = w.move ? `${w.move} → ${w.position}` : `→ ${w.position} (a move the computer cannot draw here)`;
        ul.append(li);
      }
      panel.append(ul);
    }
  }

  async function run() {
    const g = host.game();
    if (!g) return;
    const mine = ++generation;
    panel.textContent = '';
    panel.dataset.state = 'busy';
    line('Analysing…');
    try {
      const r = await worker.request('surfaceAnalyse', { game: g.toJson(), maxNodes: MAX_NODES, maxMillis: MAX_MILLIS }).promise;
      if (mine !== generation) return;
      panel.textContent = '';
      line(r.over ? `Position ${r.position}: the game is over.` : `Position ${r.position}:`);
      if (!r.over) {
        convention('Normal play', r.normal, !g.misere);
        convention('Misère', r.misere, g.misere);
      }
      panel.dataset.state = 'done';
    } catch (e) {
      if (mine !== generation) return;
      panel.textContent = '';
      line(`The analysis failed: ${messageOf(e)}`, 'error');
      panel.dataset.state = 'error';
    }
  }

  function clear() {
    generation++;
    panel.textContent = '';
    delete panel.dataset.state;
  }

  return { run, clear };
}
