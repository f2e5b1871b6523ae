// @ts-check
/**
 * The surface board page: Sprouts on the torus, the Klein bottle or the
 * projective plane, drawn on the fundamental square. Rendering and input
 * only: the engine (SurfaceGame, src/board/surface.rs) folds a stroke
 * across the glued sides, checks it, traces the position and checks it is
 * one of its legal moves; the SVG comes from it too.
 */
import { loadEngine } from './engine.js';

const SIZE = 400;
const MARGIN = 100; // room past each side, where a stroke goes on before it comes back

const box = /** @type {HTMLElement} */ (document.getElementById('surface-board'));
const status = /** @type {HTMLElement} */ (document.getElementById('surface-status'));
const positionOut = /** @type {HTMLElement} */ (document.getElementById('surface-position'));
const moves = /** @type {HTMLElement} */ (document.getElementById('surface-moves'));
const form = /** @type {HTMLFormElement} */ (document.getElementById('surface-form'));
const kind = /** @type {HTMLSelectElement} */ (document.getElementById('surface-kind'));
const spotsIn = /** @type {HTMLInputElement} */ (document.getElementById('surface-spots'));

const engine = await loadEngine();
/** @type {any} */ let game = null;
let moveCount = 0;

/** @param {string} text @param {boolean} [bad] */
function say(text, bad = false) {
  status.textContent = text;
  status.classList.toggle('error', bad);
}

function render() {
  box.innerHTML = game.svg(MARGIN);
  positionOut.textContent = game.position();
  box.dataset.moves = String(moveCount);
  box.dataset.position = positionOut.textContent ?? '';
}

/** @param {string} surface @param {number} n */
function start(surface, n) {
  try {
    game = new engine.SurfaceGame(surface, n, SIZE);
  } catch (e) {
    say(String(/** @type {Error} */ (e).message ?? e), true);
    return;
  }
  moveCount = 0;
  moves.textContent = '';
  render();
  say(`${n} spot${n === 1 ? '' : 's'} on the ${kind.selectedOptions[0].text}: draw a line from a spot to a spot.`);
}

/** Pointer position in the square's units. @param {PointerEvent} ev */
function toBoard(ev) {
  const svg = box.querySelector('svg');
  const m = svg?.getScreenCTM();
  if (!svg || !m) return null;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

/** @type {number[] | null} */ let stroke = null;
/** @type {SVGPolylineElement | null} */ let live = null;

box.addEventListener('pointerdown', (ev) => {
  const p = toBoard(ev);
  if (!p || !game) return;
  box.setPointerCapture(ev.pointerId);
  stroke = [...p];
  live = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
  live.setAttribute('class', 'live-stroke');
  live.setAttribute('fill', 'none');
  live.setAttribute('stroke', '#d35400');
  live.setAttribute('stroke-width', '3');
  box.querySelector('svg')?.append(live);
});

box.addEventListener('pointermove', (ev) => {
  if (!stroke || !live) return;
  const p = toBoard(ev);
  if (!p) return;
  stroke.push(...p);
  live.setAttribute('points', pairs(stroke));
});

/** @param {number[]} flat */
function pairs(flat) {
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push(`${flat[i]},${flat[i + 1]}`);
  return out.join(' ');
}

function finish() {
  if (!stroke) return;
  const flat = new Float64Array(stroke);
  stroke = null;
  live?.remove();
  live = null;
  try {
    const r = game.play(flat);
    moveCount += 1;
    const li = document.createElement('li');
    const across = r.crossings ? `, across ${r.crossings} side${r.crossings === 1 ? '' : 's'}` : '';
    li.textContent = `${r.from}–${r.to}, new spot ${r.new_spot}${across}: ${r.position}`;
    moves.append(li);
    render();
    const over = game.isOver();
    const mover = moveCount % 2 === 1 ? 1 : 2;
    say(over ? `Game over: player ${mover} drew the last line and wins (normal play).`
      : `Move ${moveCount} played${across}. Player ${mover === 1 ? 2 : 1} to move.`);
  } catch (e) {
    say(`Not a move: ${/** @type {Error} */ (e).message ?? e}.`, true);
    render();
  }
}
box.addEventListener('pointerup', finish);
box.addEventListener('pointercancel', () => { stroke = null; live?.remove(); live = null; });

form.addEventListener('submit', (ev) => {
  ev.preventDefault();
  start(kind.value, Number(spotsIn.value));
});

const params = new URLSearchParams(location.search);
const s0 = params.get('surface');
if (s0 && [...kind.options].some((o) => o.value === s0)) kind.value = s0;
const n0 = Number(params.get('spots'));
if (Number.isInteger(n0) && n0 >= 1 && n0 <= 20) spotsIn.value = String(n0);
start(kind.value, Number(spotsIn.value));
document.documentElement.dataset.ready = 'true';
