// @ts-check
/**
 * `<sprouts-board surface="torus|klein|projective" spots="2">`: the
 * embed shows the surface board (the fundamental square with its glued
 * sides) instead of a plane board. Strokes, Undo, Redo and Restart as on
 * the surface page; `misere` and `readonly` as on the plane. `analysis`
 * adds the Analyse button of the plane's embed, with the surface page's
 * analysis (surface-analysis.js, both conventions) in the surface worker
 * that the boards of a page share. A bad
 * `surface` or `spots` shows the reason in the element (and a
 * `sprouts-error` event) and changes nothing: a game shown stays.
 *
 *   const view = createSurfaceEmbed(el, root);  // root: the element's shadow root
 *   view.update();                               // spots, misere or surface changed
 *   view.showAnalysis();                         // analysis changed
 *   view.destroy();
 */
import { loadSurfaceEngine, messageOf } from './engine.js';
import { attachSurfaceInput } from './surface-input.js';
import { createSurfaceAnalysis } from './surface-analysis.js';
import { createEngineWorker } from './worker-client.js';

export const SURFACES = ['torus', 'klein', 'projective'];
const SIZE = 400;
const MARGIN = 50;

/** The reason a `surface` value is refused, or null. @param {string | null} v */
export function surfaceError(v) {
  return v !== null && SURFACES.includes(v) ? null : `surface="${v ?? ''}" is not a surface the board plays: torus, klein or projective`;
}

/** Styles added to the embed's sheet for the surface board. */
export const SURFACE_CSS = `
.sf-area { flex: 1 1 0; min-height: 80px; touch-action: none; user-select: none; }
.sf-area svg { width: 100%; height: 100%; display: block; cursor: crosshair; }
.status.error { color: #b00020; }
.panel ul { margin: 0 0 2px; padding-left: 1.2em; }
.panel li { overflow-wrap: anywhere; }
`;

/** @type {ReturnType<typeof createEngineWorker> | null} */
let sharedWorker = null;

/**
 * The surface worker the surface boards of a page share, started on the
 * first Analyse; from another site through a same-origin blob module, as
 * the engine worker (embed-engine.js).
 */
function surfaceWorker() {
  if (sharedWorker) return sharedWorker;
  let url = new URL('./surface-worker.js', import.meta.url);
  if (url.origin !== globalThis.location?.origin) {
    const blob = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
    url = new URL(URL.createObjectURL(blob));
  }
  sharedWorker = createEngineWorker({ url });
  return sharedWorker;
}

/**
 * @param {HTMLElement} el the <sprouts-board>
 * @param {ShadowRoot} root
 */
export function createSurfaceEmbed(el, root) {
  root.innerHTML = `<div class="wrap">
    <div class="area sf-area" aria-label="the fundamental square of the surface; draw a line from spot to spot, across a side to come back through its partner"></div>
    <div class="bar"><span class="status" role="status" aria-live="polite"></span>
      <button type="button" data-act="analyse" hidden>Analyse</button>
      <button type="button" data-act="undo" aria-label="Undo" title="Undo" data-icon="↶"><span class="word">Undo</span></button>
      <button type="button" data-act="redo" aria-label="Redo" title="Redo" data-icon="↷"><span class="word">Redo</span></button>
      <button type="button" data-act="reset" aria-label="Restart" title="Restart" data-icon="⟲"><span class="word">Restart</span></button></div>
    <div class="panel" aria-live="polite" hidden></div></div>`;
  const area = /** @type {HTMLElement} */ (root.querySelector('.sf-area'));
  const status = /** @type {HTMLElement} */ (root.querySelector('.status'));
  const analyse = /** @type {HTMLButtonElement} */ (root.querySelector('[data-act=analyse]'));
  const panel = /** @type {HTMLElement} */ (root.querySelector('.panel'));
  /** @type {import('./engine.js').SurfaceEngine | null} */ let engine = null;
  /** @type {any} */ let game = null;
  // The worker starts on the first Analyse, not with the board.
  const analysis = createSurfaceAnalysis({ game: () => game }, { request: (type, msg, onProgress) => surfaceWorker().request(type, msg, onProgress) }, panel, analyse);

  /** @param {string} text @param {boolean} [bad] */
  function say(text, bad = false) {
    status.textContent = text;
    status.classList.toggle('error', bad);
  }
  /** @param {string} message */
  function fail(message) {
    say(message, true);
    el.dispatchEvent(new CustomEvent('sprouts-error', { detail: { message }, bubbles: true, composed: true }));
  }

  function turn() {
    const side = game.cursor % 2 === 0 ? 1 : 2;
    if (!game.isOver()) return `Player ${side} to move.`;
    const winner = game.misere ? side : side === 1 ? 2 : 1;
    return `Game over: player ${winner} wins.`;
  }

  /** The analysis of another position is forgotten; the button follows `analysis`. */
  function showAnalysis() {
    analysis.clear();
    panel.hidden = true;
    analyse.hidden = !el.hasAttribute('analysis');
  }

  function render() {
    showAnalysis();
    area.innerHTML = game.svg(MARGIN);
    el.dataset.moves = String(game.cursor);
    el.dataset.position = game.position();
    for (const b of root.querySelectorAll('.bar button:not([data-act=analyse])')) {
      const act = /** @type {HTMLElement} */ (b).dataset.act;
      /** @type {HTMLButtonElement} */ (b).disabled = act === 'redo' ? game.cursor >= game.moveCount : game.cursor === 0;
    }
  }

  /** Reads the attributes; a bad one keeps the game shown. */
  function update() {
    if (!engine) return;
    const surface = el.getAttribute('surface');
    const bad = surfaceError(surface);
    if (bad) return fail(bad);
    const spotsText = el.getAttribute('spots') ?? '2';
    const n = Number(spotsText);
    if (!Number.isInteger(n) || n < 1 || n > 20) return fail(`spots="${spotsText}" is not a number of spots from 1 to 20`);
    let g;
    try {
      g = new engine.SurfaceGame(/** @type {string} */ (surface), n, SIZE, el.hasAttribute('misere'));
    } catch (e) {
      return fail(messageOf(e));
    }
    game?.free();
    game = g;
    render();
    say(`${n} spot${n === 1 ? '' : 's'} on the ${surface === 'klein' ? 'Klein bottle' : surface === 'projective' ? 'projective plane' : 'torus'}. ${turn()}`);
  }

  const detach = attachSurfaceInput(area, {
    canDraw: () => Boolean(game) && !el.hasAttribute('readonly') && !game.isOver(),
    stroke(flat) {
      try {
        const r = game.play(new Float64Array(flat.map((v) => Math.round(v * 10) / 10)));
        render();
        const move = `${r.from}(${r.new_spot})${r.to}`;
        say(`Played ${move}. ${turn()}`);
        el.dispatchEvent(new CustomEvent('sprouts-move', { detail: { move, record: null, position: r.position, surface: game.surface }, bubbles: true, composed: true }));
      } catch (e) {
        say(`Not a move: ${messageOf(e)}.`, true);
        render();
      }
    },
  });

  /** @param {Event} ev */
  function onClick(ev) {
    const act = /** @type {HTMLElement} */ (ev.target).closest?.('button')?.dataset.act;
    if (!game || !act) return;
    if (act === 'analyse') {
      panel.hidden = false;
      void analysis.run();
      return;
    }
    if (act === 'undo') game.undo();
    else if (act === 'redo') game.redo();
    else if (act === 'reset') game.restart();
    else return;
    render();
    say(`Move ${game.cursor} shown. ${turn()}`);
  }
  root.addEventListener('click', onClick);

  const ready = loadSurfaceEngine().then((e) => {
    engine = e;
    update();
  }, (e) => fail(`the engine did not load: ${messageOf(e)}`));

  return {
    update,
    showAnalysis,
    ready,
    game: () => game,
    destroy() {
      detach();
      analysis.clear();
      root.removeEventListener('click', onClick);
      game?.free();
      game = null;
      root.innerHTML = '';
    },
  };
}
