// @ts-check
/**
 * The surface board page: Sprouts on the torus, the Klein bottle or the
 * projective plane, drawn on the fundamental square. Rendering and input
 * only: the engine (SurfaceGame, src/board/surface/) folds a stroke
 * across the glued sides, checks it, traces the position and checks it is
 * one of its legal moves, keeps the moves for undo and redo, and draws
 * the SVG. The computer (surface-computer.js) and the analysis
 * (surface-analysis.js) ask the surface worker; files and links are in
 * surface-save.js and surface-link.js, drawing in surface-input.js.
 *
 * Address: surface.html?surface=torus&spots=2&c=misere&p1=human&p2=perfect
 * (what the main page's New game form sends), or a share link's fragment.
 */
import { loadSurfaceEngine, messageOf } from './engine.js';
import { createEngineWorker } from './worker-client.js';
import { createSurfaceComputer } from './surface-computer.js';
import { createSurfaceAnalysis } from './surface-analysis.js';
import { createSurfaceSave } from './surface-save.js';
import { parseFragment, round } from './surface-link.js';
import { attachSurfaceInput } from './surface-input.js';

const SIZE = 400;
const MARGIN = 100; // room past each side, where a stroke goes on before it comes back

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const box = $('surface-board');
const status = $('surface-status');
const positionOut = $('surface-position');
const movesOut = $('surface-moves');
const form = /** @type {HTMLFormElement} */ ($('surface-form'));
const kind = /** @type {HTMLSelectElement} */ ($('surface-kind'));
const spotsIn = /** @type {HTMLInputElement} */ ($('surface-spots'));
const conventionIn = /** @type {HTMLSelectElement} */ ($('surface-convention'));
const players = { 1: /** @type {HTMLSelectElement} */ ($('surface-p1')), 2: /** @type {HTMLSelectElement} */ ($('surface-p2')) };
const buttons = {
  undo: /** @type {HTMLButtonElement} */ ($('surface-undo')),
  redo: /** @type {HTMLButtonElement} */ ($('surface-redo')),
  restart: /** @type {HTMLButtonElement} */ ($('surface-restart')),
  analyse: /** @type {HTMLButtonElement} */ ($('surface-analyse')),
};

const engine = await loadSurfaceEngine();
const worker = createEngineWorker({ url: new URL('./surface-worker.js', import.meta.url) });
/** @type {any} */ let game = null;

/** @param {string} text @param {boolean} [bad] */
function say(text, bad = false) {
  status.textContent = text;
  status.classList.toggle('error', bad);
}

const host = {
  game: () => game,
  kind: (/** @type {1|2} */ side) => players[side].value,
  play: playStroke,
  say,
  busy: (/** @type {boolean} */ on) => { box.dataset.thinking = String(on); },
  /** @param {string} text @param {string} what */
  load(text, what) {
    try {
      adopt(engine.SurfaceGame.fromJson(text));
    } catch (e) {
      say(`${what}: ${messageOf(e)}. The game shown is unchanged.`, true);
      return false;
    }
    say(`${what}: ${game.moveCount} move${game.moveCount === 1 ? '' : 's'} on the ${surfaceName()}, ${game.cursor} shown. ${turnText()}`);
    computer.maybeMove();
    return true;
  },
};
const computer = createSurfaceComputer(host, worker);
const analysis = createSurfaceAnalysis(host, worker, $('surface-analysis'));
createSurfaceSave(host, {
  save: $('surface-save'),
  open: /** @type {HTMLInputElement} */ ($('surface-open')),
  share: $('surface-share'),
  url: /** @type {HTMLInputElement} */ ($('surface-url')),
});

function surfaceName() {
  return [...kind.options].find((o) => o.value === game.surface)?.text ?? game.surface;
}

function toMove() {
  return game.cursor % 2 === 0 ? 1 : 2;
}

function turnText() {
  if (game.isOver()) {
    const last = toMove() === 1 ? 2 : 1;
    return game.misere
      ? `Game over: player ${last} drew the last line and loses (misère); player ${toMove()} wins.`
      : `Game over: player ${last} drew the last line and wins (normal play).`;
  }
  const side = toMove();
  const who = players[side].value === 'human' ? '' : ' (computer)';
  return `Player ${side}${who} to move.`;
}

function render() {
  box.innerHTML = game.svg(MARGIN);
  positionOut.textContent = game.position();
  box.dataset.moves = String(game.cursor);
  box.dataset.position = positionOut.textContent ?? '';
  box.dataset.over = String(game.isOver());
  movesOut.textContent = '';
  for (const m of game.moves()) {
    const li = document.createElement('li');
    const across = m.crossings ? `, across ${m.crossings} side${m.crossings === 1 ? '' : 's'}` : '';
    li.textContent = `${m.from}–${m.to}, new spot ${m.new_spot}${across}: ${m.position}`;
    movesOut.append(li);
  }
  buttons.undo.disabled = game.cursor === 0;
  buttons.restart.disabled = game.cursor === 0;
  buttons.redo.disabled = game.cursor >= game.moveCount;
  analysis.clear();
}

/** A new game object on the page (from the form, a file or a link). @param {any} g */
function adopt(g) {
  computer.stop();
  game?.free();
  game = g;
  kind.value = g.surface;
  spotsIn.value = String(g.spots);
  conventionIn.value = g.misere ? 'misere' : 'normal';
  render();
}

/** @param {string} surface @param {number} n @param {boolean} misere */
function start(surface, n, misere) {
  let g;
  try {
    g = new engine.SurfaceGame(surface, n, SIZE, misere);
  } catch (e) {
    say(`${messageOf(e)}.`, true);
    return;
  }
  adopt(g);
  say(`${n} spot${n === 1 ? '' : 's'} on the ${surfaceName()}: draw a line from a spot to a spot. ${turnText()}`);
  computer.maybeMove();
}

/**
 * Plays a stroke (square units, unfolded), rounded as a link writes it so
 * that a link replays exactly what was played.
 * @param {number[]} flat @param {string} by who drew it
 */
function playStroke(flat, by) {
  try {
    const r = game.play(new Float64Array(flat.map(round)));
    render();
    const across = r.crossings ? `, across ${r.crossings} side${r.crossings === 1 ? '' : 's'}` : '';
    say(`Move ${game.cursor} (${by}): ${r.from}–${r.to}, new spot ${r.new_spot}${across}. ${turnText()}`);
    computer.maybeMove();
  } catch (e) {
    say(`Not a move: ${messageOf(e)}.`, true);
    render();
  }
}

attachSurfaceInput(box, {
  canDraw() {
    if (!game) return false;
    if (computer.thinking() || (!game.isOver() && players[toMove()].value !== 'human' && !computer.failed())) {
      say(`Player ${toMove()} is the computer: wait for its move.`);
      return false;
    }
    return true;
  },
  stroke: (flat) => playStroke(flat, `player ${toMove()}`),
});

/** Takes back moves until a human is to move (one move between humans). */
buttons.undo.addEventListener('click', () => {
  computer.stop();
  game.undo();
  if (players[toMove()].value !== 'human' && game.cursor > 0) game.undo();
  render();
  say(`Took back to move ${game.cursor}. ${turnText()}`);
});
buttons.redo.addEventListener('click', () => {
  computer.stop();
  game.redo();
  render();
  say(`Move ${game.cursor} again. ${turnText()}`);
  computer.maybeMove();
});
buttons.restart.addEventListener('click', () => {
  computer.stop();
  game.restart();
  render();
  say(`Back to the start (Redo replays the moves). ${turnText()}`);
  computer.maybeMove();
});
buttons.analyse.addEventListener('click', () => analysis.run());
for (const side of /** @type {const} */ ([1, 2])) players[side].addEventListener('change', () => computer.maybeMove());

form.addEventListener('submit', (ev) => {
  ev.preventDefault();
  history.replaceState(null, '', location.pathname);
  start(kind.value, Number(spotsIn.value), conventionIn.value === 'misere');
});

/** The game a share link holds, replayed stroke by stroke; false if it does not replay. */
function fromLink() {
  let link;
  try {
    link = parseFragment(location.hash);
  } catch (e) {
    say(`This link does not open a game: ${messageOf(e)}. A new game is shown instead.`, true);
    return false;
  }
  if (!link) return false;
  try {
    const g = new engine.SurfaceGame(link.surface, link.spots, SIZE, link.misere);
    link.strokes.forEach((s, k) => {
      try {
        g.play(new Float64Array(s));
      } catch (e) {
        g.free();
        throw new Error(`its stroke ${k + 1} is not a move: ${messageOf(e)}`);
      }
    });
    while (link.move !== null && g.cursor > link.move) g.undo();
    adopt(g);
  } catch (e) {
    say(`This link does not open a game: ${messageOf(e)}. A new game is shown instead.`, true);
    return false;
  }
  say(`The linked game: ${game.moveCount} move${game.moveCount === 1 ? '' : 's'} on the ${surfaceName()}, ${game.cursor} shown. ${turnText()}`);
  return true;
}

const params = new URLSearchParams(location.search);
/** @param {HTMLSelectElement} sel @param {string | null} v */
const choose = (sel, v) => { if (v && [...sel.options].some((o) => o.value === v)) sel.value = v; };
choose(kind, params.get('surface'));
choose(conventionIn, params.get('c'));
choose(players[1], params.get('p1'));
choose(players[2], params.get('p2'));
const n0 = Number(params.get('spots'));
if (Number.isInteger(n0) && n0 >= 1 && n0 <= 20) spotsIn.value = String(n0);
if (!fromLink()) {
  const bad = status.classList.contains('error') ? status.textContent : null;
  start(kind.value, Number(spotsIn.value), conventionIn.value === 'misere');
  if (bad) say(bad, true);
}
document.documentElement.dataset.ready = 'true';
