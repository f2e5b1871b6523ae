// @ts-check
/**
 * The page: one game of Sprouts between two players on one device (each
 * a human or the computer), drawn freehand on the board, with the move
 * list, typed moves, undo/redo, analysis, and the game kept across reloads.
 *
 * The rules and the geometry are the engine's (wasm, `Game`); the solver
 * runs in a Web Worker (worker.js) so that the page never freezes.
 */
import { createBoard, BOARD_CSS } from './board.js';
import { loadEngine, isTrap, messageOf } from './engine.js';
import { createEngineWorker } from './worker-client.js';
import { loadSaved, save } from './store.js';

/** @typedef {import('./engine.js').Engine} Engine */
/** @typedef {InstanceType<Engine['Game']>} Game */
/** @typedef {'human' | 'random' | 'heuristic' | 'perfect'} PlayerKind */
/**
 * @typedef {{ moveNumber: number, toMove: number, over: boolean, winner: number | null,
 *   lastMover: number | null, misere: boolean, lives: number, liveSpots: number,
 *   canUndo: boolean, canRedo: boolean }} Status
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id));

const style = document.createElement('style');
style.textContent = BOARD_CSS;
document.head.append(style);

// Selects that share a list of choices name its <template> (index.html).
for (const select of document.querySelectorAll('select[data-options]')) {
  const list = /** @type {HTMLTemplateElement} */ ($(/** @type {HTMLElement} */ (select).dataset.options ?? ''));
  select.append(list.content.cloneNode(true));
}

/** Board area of a new game: 800 wide, as tall as the view's shape suggests. */
function boardSize() {
  const r = $('board').getBoundingClientRect();
  const aspect = r.width > 0 && r.height > 0 ? r.height / r.width : 0.7;
  return { width: 800, height: Math.round(Math.min(1100, Math.max(450, 800 * aspect))) };
}

// ---------------------------------------------------------------------------
// State (no DOM in it)

const app = {
  /** @type {Engine | null} */ engine: null,
  /** @type {Game | null} */ game: null,
  /** @type {{ 1: PlayerKind, 2: PlayerKind }} */ players: { 1: 'human', 2: 'human' },
  /** Seconds the computer may think. */
  budget: 15,
  placeSpot: false,
  /** The first spot chosen with the keyboard. */
  /** @type {number | null} */ selected: null,
  /** The computer is paused (after Stop, or while the player browses history). */
  paused: false,
  /** @type {{ cancel: () => void, record: string } | null} */ thinking: null,
  /** @type {{ cancel: () => void } | null} */ solving: null,
  /** Analyses by labelled position. @type {Map<string, any>} */ analyses: new Map(),
  /** The JSON of the game as last saved (to rebuild it after a crash). */
  savedJson: '',
};

const worker = createEngineWorker();

// ---------------------------------------------------------------------------
// The board

const board = createBoard($('board'), {
  check: (points) => {
    try {
      return guard(() => game().checkStroke(new Float64Array(points)), null);
    } catch (e) {
      return null; // no feedback; releasing the stroke will say what is wrong
    }
  },
  onStroke: (points, t) => playStroke(points, t),
  onStrokeStart: (type) => applyRules(type),
  onScale: () => applyRules('mouse'),
  onSpotActivate: (n) => activateSpot(n),
  onPending: (p) => { $('place-bar').hidden = !p; },
  spotLabel: (s) => `Spot ${s.n}, ${s.lives} ${s.lives === 1 ? 'life' : 'lives'}${s.lives === 0 ? ' (dead)' : ''}`,
});

/** The distances that decide what a stroke touches: constant on screen. */
/** @param {string} pointerType */
function applyRules(pointerType) {
  const g = app.game;
  if (!g) return;
  const s = board.scale() || 1;
  const snap = Math.min(40, Math.max(16, (pointerType === 'touch' ? 26 : 18) / s));
  const spot = Math.min(snap * 0.6, Math.max(8, 7 / s));
  const edge = Math.max(3, 3 / s);
  guard(() => g.setRules(snap, spot, edge), undefined);
}

function game() {
  if (!app.game) throw new Error('no game');
  return app.game;
}

// ---------------------------------------------------------------------------
// Engine calls: a trapped engine (a Rust panic) is replaced by a fresh one
// and the game rebuilt from its last saved state.

/**
 * @template T
 * @param {() => T} f
 * @param {T} fallback what to return if the engine crashed
 * @returns {T}
 */
function guard(f, fallback) {
  try {
    return f();
  } catch (e) {
    if (!isTrap(e)) throw e;
    console.warn('the engine crashed; restarting it', e);
    recover();
    return fallback;
  }
}

let recovering = false;
async function recover() {
  if (recovering) return;
  recovering = true;
  try {
    app.engine = await loadEngine({ fresh: true });
    app.game = app.savedJson ? app.engine.Game.fromJson(app.savedJson) : newGame(3, false);
    setStatusNote('The engine crashed and was restarted; the game was kept.');
    render();
  } catch (e) {
    setStatusNote(`The engine crashed and could not be restarted: ${messageOf(e)}`);
  } finally {
    recovering = false;
  }
}

// ---------------------------------------------------------------------------
// Moves

/** @param {number[]} points @param {number} t */
function playStroke(points, t) {
  if (!isHumanTurn()) return;
  try {
    const text = guard(() => game().playStroke(new Float64Array(points), t), null);
    if (text === null) return;
    afterMove(`Played ${text}`);
  } catch (e) {
    board.message(`Not a move: ${messageOf(e)}`, false);
  }
}

/** @param {string} text @returns {boolean} */
function playText(text) {
  const err = $('move-error');
  try {
    const played = guard(() => game().playText(text), null);
    if (played === null) return false;
    err.textContent = '';
    afterMove(`Played ${played}`);
    return true;
  } catch (e) {
    err.textContent = messageOf(e);
    return false;
  }
}

/** @param {string} note */
function afterMove(note) {
  app.selected = null;
  app.paused = false;
  board.message(note, true);
  changed();
}

function undo() {
  const g = game();
  stopComputer();
  if (!g.undo()) return;
  // Back to a human's turn (the computer would only play again).
  while (g.moveCount > 0 && !isHuman(/** @type {1|2} */ (g.toMove())) && bothKinds()) g.undo();
  app.paused = !isHuman(/** @type {1|2} */ (g.toMove()));
  changed();
}

function redo() {
  stopComputer();
  if (!game().redo()) return;
  app.paused = true;
  changed();
}

/** Jumps to just after move k (0: the start) by undoing or redoing. */
/** @param {number} k */
function jumpTo(k) {
  const g = game();
  stopComputer();
  while (g.moveCount > k && g.undo());
  while (g.moveCount < k && g.redo());
  app.paused = true;
  changed();
}

const bothKinds = () => isHuman(1) !== isHuman(2);
/** @param {1|2} p */
const isHuman = (p) => app.players[p] === 'human';
function isHumanTurn() {
  const g = app.game;
  return !!g && !g.isOver() && isHuman(/** @type {1|2} */ (g.toMove()));
}

/** A spot activated from the keyboard (or the spot button). */
/** @param {number} n */
function activateSpot(n) {
  const g = game();
  if (!isHumanTurn()) return;
  if (g.lives(n) === 0) {
    board.message(`Spot ${n} has no lives left`, false);
    return;
  }
  if (app.selected === null) {
    app.selected = n;
    board.highlight({ marked: [n] });
    board.message(`Spot ${n} chosen: now choose where the line ends (the same spot for a loop)`, true);
    return;
  }
  const a = app.selected;
  app.selected = null;
  board.highlight({ marked: [] });
  const options = g.movesBetween(a, n, 64);
  if (options.length === 0) {
    board.message(`No move joins spot ${a} to spot ${n}`, false);
  } else if (options.length === 1) {
    playText(options[0]);
  } else {
    const list = $('move-options');
    list.replaceChildren(...options.map((o) => Object.assign(document.createElement('option'), { value: o })));
    const field = input('move-input');
    field.value = options[0];
    field.focus();
    const many = options.length >= 64 ? 'At least 64' : String(options.length);
    const shown = options.slice(0, 8).join(', ') + (options.length > 8 ? ', …' : '');
    board.message(`${many} different moves (${shown}): edit the move field and press Enter.`, true);
  }
}

// ---------------------------------------------------------------------------
// Computer players (in the worker)

function stopComputer() {
  if (app.thinking) {
    app.thinking.cancel();
    app.thinking = null;
  }
}

async function maybeComputerMove() {
  const g = app.game;
  if (!g || app.thinking || app.paused || g.isOver()) return;
  const side = /** @type {1|2} */ (g.toMove());
  const kind = app.players[side];
  const st = /** @type {Status} */ (g.status());
  if (kind === 'human' || st.canRedo) return;
  const record = g.record();
  const started = performance.now();
  const req = worker.request('computerMove', { record, strength: kind, maxMillis: app.budget * 1000, maxNodes: 1e12 }, (p) => {
    $('status').textContent = `${playerName(side)} is thinking… ${formatNodes(p.nodes)} positions`;
  });
  const mine = { cancel: req.cancel, record };
  app.thinking = mine;
  renderControls();
  try {
    const r = await req.promise;
    // Keep a steady pace in computer-vs-computer games.
    const wait = !isHuman(1) && !isHuman(2) ? Math.max(0, 400 - (performance.now() - started)) : 0;
    if (wait) await new Promise((ok) => setTimeout(ok, wait));
    if (app.thinking !== mine) return; // stopped, or a new game
    app.thinking = null;
    if (game().record() !== record) {
      renderControls();
      maybeComputerMove();
      return;
    }
    const played = guard(() => game().playText(r.move), null);
    if (played !== null) {
      board.message(`${playerName(side)} played ${played}`, true);
      changed();
    }
  } catch (e) {
    if (app.thinking !== mine) return; // cancelled by stopComputer()
    app.thinking = null;
    app.paused = true;
    setStatusNote(`The computer could not move: ${messageOf(e)}`);
    renderControls();
  }
}

/** @param {number} n */
function formatNodes(n) {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${Math.round(n / 1e3)}k` : String(n);
}

/** @param {1|2} p */
function playerName(p) {
  const k = app.players[p];
  return k === 'human' ? `Player ${p}` : `Player ${p} (computer, ${k})`;
}

// ---------------------------------------------------------------------------
// Analysis (in the worker)

async function analyse() {
  const g = app.game;
  if (!g || app.solving) return;
  if (g.isOver()) {
    $('analysis-result').textContent = 'The game is over.';
    return;
  }
  const key = `${g.misere}|${g.hoey()}`;
  const cached = app.analyses.get(key);
  if (cached) {
    showAnalysis(cached);
    return;
  }
  const record = g.record();
  const t0 = performance.now();
  const req = worker.request('analyse', { record, maxNodes: 1e12 }, (p) => {
    $('solve-stats').textContent = `${formatNodes(p.nodes)} positions · ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  });
  app.solving = { cancel: req.cancel };
  $('solve-stats').textContent = 'starting…';
  $('analysis-result').textContent = '';
  renderControls();
  try {
    const a = await req.promise;
    a.seconds = (performance.now() - t0) / 1000;
    if (a.complete) app.analyses.set(key, a);
    if (game().record() === record) showAnalysis(a);
  } catch (e) {
    $('analysis-result').textContent = /** @type {any} */ (e)?.cancelled ? 'Analysis cancelled.' : `Analysis failed: ${messageOf(e)}`;
  } finally {
    app.solving = null;
    renderControls();
  }
}

/** @param {any} a the worker's analysis */
function showAnalysis(a) {
  const out = $('analysis-result');
  out.replaceChildren();
  const g = game();
  const who = playerName(/** @type {1|2} */ (g.toMove()));
  const p = (/** @type {string} */ text) => Object.assign(document.createElement('p'), { textContent: text });
  if (!a.complete) {
    out.append(p(`Not solved: ${a.stopped}.`));
    return;
  }
  const outcome = document.createElement('p');
  outcome.className = 'outcome';
  outcome.dataset.outcome = a.outcome;
  outcome.textContent = `${a.outcome === 'win' ? 'Win' : 'Loss'} for ${who}, to move, with perfect play${a.misere ? ' (misère)' : ''}.`;
  out.append(outcome);
  if (a.nimber !== null) out.append(p(`Nimber: *${a.nimber}.`));
  if (a.lands.length > 1 || (a.lands.length === 1 && a.nimber !== null)) {
    const ul = document.createElement('ul');
    ul.setAttribute('aria-label', 'Lands');
    a.lands.forEach((/** @type {any} */ land, /** @type {number} */ i) => {
      const li = document.createElement('li');
      li.className = 'land';
      li.tabIndex = 0;
      li.textContent = `Land ${i + 1}: spots ${land.spots.join(', ')}${land.nimber !== null ? `, nimber *${land.nimber}` : ''}`;
      const on = () => board.highlight({ lands: [land.spots] });
      const off = () => board.highlight({ lands: a.lands.length > 1 ? a.lands.map((/** @type {any} */ l) => l.spots) : [] });
      li.addEventListener('mouseenter', on);
      li.addEventListener('focus', on);
      li.addEventListener('mouseleave', off);
      li.addEventListener('blur', off);
      ul.append(li);
    });
    out.append(ul);
    board.highlight({ lands: a.lands.length > 1 ? a.lands.map((/** @type {any} */ l) => l.spots) : [] });
  }
  if (a.outcome === 'win') {
    out.append(p(`Winning moves (${a.winningMoves.length} of the ${a.moves} moves that lead to different positions):`));
    const box = document.createElement('div');
    box.className = 'win-moves';
    box.setAttribute('role', 'list');
    for (const m of a.winningMoves) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'win-move';
      b.setAttribute('role', 'listitem');
      b.textContent = m.move;
      b.title = `Play ${m.move} (leaves ${m.position})`;
      const show = () => {
        const prev = guard(() => { try { return game().previewText(m.move); } catch { return null; } }, null);
        board.highlight({ preview: prev ? { points: prev.points, newSpot: prev.newSpot } : null });
      };
      const hide = () => board.highlight({ preview: null });
      b.addEventListener('mouseenter', show);
      b.addEventListener('focus', show);
      b.addEventListener('mouseleave', hide);
      b.addEventListener('blur', hide);
      b.addEventListener('click', () => {
        hide();
        if (isHumanTurn()) playText(m.move);
      });
      box.append(b);
    }
    out.append(box);
  } else {
    out.append(p(`Every move loses against perfect play (${a.moves} moves lead to different positions).`));
  }
  out.append(p(`${formatNodes(a.nodes)} positions searched${a.seconds ? ` in ${a.seconds.toFixed(2)} s` : ''}.`));
}

function clearAnalysis() {
  if (app.solving) {
    app.solving.cancel();
    app.solving = null;
  }
  $('analysis-result').replaceChildren();
  board.highlight({ lands: [], preview: null });
}

// ---------------------------------------------------------------------------
// Rendering the state into the page

let statusNote = '';
/** @param {string} note */
function setStatusNote(note) {
  statusNote = note;
  renderStatus();
}

function renderStatus() {
  const g = app.game;
  const el = $('status');
  if (!g) return;
  const st = /** @type {Status} */ (g.status());
  el.classList.toggle('over', st.over);
  let text;
  if (st.over) {
    const w = /** @type {1|2} */ (st.winner);
    const l = /** @type {1|2} */ (st.lastMover);
    text = `Game over: ${playerName(w)} wins. ${playerName(l)} made the last move, and in ${
      st.misere ? 'misère play the last move loses' : 'normal play the last move wins'}. ${st.liveSpots} spots survive.`;
  } else {
    const p = /** @type {1|2} */ (st.toMove);
    text = `${playerName(p)} to move (move ${st.moveNumber + 1}, ${st.lives} lives left).`;
  }
  el.dataset.winner = st.winner ? String(st.winner) : '';
  el.dataset.toMove = String(st.toMove);
  el.textContent = statusNote ? `${text} ${statusNote}` : text;
}

function renderControls() {
  const g = app.game;
  if (!g) return;
  const st = /** @type {Status} */ (g.status());
  /** @type {HTMLButtonElement} */ ($('undo')).disabled = !st.canUndo;
  /** @type {HTMLButtonElement} */ ($('redo')).disabled = !st.canRedo;
  $('computer-cancel').hidden = !app.thinking;
  const computerToMove = !st.over && !isHuman(/** @type {1|2} */ (st.toMove));
  $('computer-resume').hidden = !(computerToMove && !app.thinking && (app.paused || st.canRedo));
  $('solve-cancel').hidden = !app.solving;
  $('solve-progress').hidden = !app.solving;
  /** @type {HTMLButtonElement} */ ($('analyse')).disabled = !!app.solving || st.over;
  board.setInteractive(isHumanTurn() && !app.thinking);
}

function render() {
  const g = app.game;
  if (!g) return;
  const spots = g.spotList();
  const st = /** @type {Status} */ (g.status());
  board.setState({
    spots,
    edges: g.edgeList(),
    extent: g.extent(),
    lastSpot: st.moveNumber > 0 ? g.spots + st.moveNumber : 0,
  });
  board.highlight({ marked: app.selected ? [app.selected] : [] });
  const played = g.moves();
  const list = $('moves');
  list.replaceChildren(
    ...played.map((m, i) => {
      const li = document.createElement('li');
      li.textContent = m;
      li.title = `Go back to just after move ${i + 1}`;
      li.addEventListener('click', () => jumpTo(i + 1));
      return li;
    }),
  );
  list.scrollTop = list.scrollHeight;
  input('glop').value = g.glop();
  input('record').value = g.record();
  renderStatus();
  renderControls();
  applyRules('mouse');
}

/** After any change of the game: save, redraw, let the computer move. */
function changed() {
  statusNote = '';
  clearAnalysis();
  persist();
  render();
  maybeComputerMove();
}

function persist() {
  const g = app.game;
  if (!g) return;
  app.savedJson = g.toJson();
  save({
    game: app.savedJson,
    players: app.players,
    budget: app.budget,
    placeSpot: app.placeSpot,
  });
}

// ---------------------------------------------------------------------------
// Set-up

/** @param {number} n @param {boolean} misere */
function newGame(n, misere) {
  const E = /** @type {Engine} */ (app.engine);
  const { width, height } = boardSize();
  return new E.Game(n, misere, width, height);
}

function readSetup() {
  const form = /** @type {HTMLFormElement} */ ($('setup'));
  const data = new FormData(form);
  const n = Math.max(1, Math.min(20, Math.round(Number(data.get('spots')) || 3)));
  return {
    n,
    misere: data.get('convention') === 'misere',
    players: {
      1: /** @type {PlayerKind} */ (String(data.get('player1') ?? 'human')),
      2: /** @type {PlayerKind} */ (String(data.get('player2') ?? 'human')),
    },
    budget: Number(data.get('budget')) || 15,
  };
}

function writeSetup() {
  const g = app.game;
  if (!g) return;
  input('spots').value = String(g.spots);
  const conv = /** @type {RadioNodeList} */ (/** @type {HTMLFormElement} */ ($('setup')).elements.namedItem('convention'));
  conv.value = g.misere ? 'misere' : 'normal';
  /** @type {HTMLSelectElement} */ ($('player1')).value = app.players[1];
  /** @type {HTMLSelectElement} */ ($('player2')).value = app.players[2];
  /** @type {HTMLSelectElement} */ ($('budget')).value = String(app.budget);
  input('place-spot').checked = app.placeSpot;
}

function startNewGame() {
  const s = readSetup();
  stopComputer();
  app.players = s.players;
  app.budget = s.budget;
  app.paused = false;
  app.selected = null;
  app.game?.free();
  app.game = newGame(s.n, s.misere);
  board.message('', true);
  $('board').scrollIntoView({ block: 'nearest' });
  $('move-error').textContent = '';
  changed();
}

// ---------------------------------------------------------------------------
// Wiring

function wire() {
  $('setup').addEventListener('submit', (ev) => {
    ev.preventDefault();
    startNewGame();
  });
  // Changing who plays takes effect at once (no new game needed).
  for (const id of ['player1', 'player2', 'budget']) {
    $(id).addEventListener('change', () => {
      const s = readSetup();
      app.players = s.players;
      app.budget = s.budget;
      app.paused = false;
      persist();
      renderStatus();
      renderControls();
      maybeComputerMove();
    });
  }
  input('place-spot').addEventListener('change', () => {
    app.placeSpot = input('place-spot').checked;
    board.setPlaceSpot(app.placeSpot);
    persist();
  });
  $('place-ok').addEventListener('click', () => board.confirmPending());
  $('place-cancel').addEventListener('click', () => board.cancelPending());
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('computer-cancel').addEventListener('click', () => {
    stopComputer();
    app.paused = true;
    setStatusNote('The computer was stopped.');
    renderControls();
  });
  $('computer-resume').addEventListener('click', () => {
    app.paused = false;
    // Moves that could be redone are dropped by the computer's move.
    const g = game();
    const st = /** @type {Status} */ (g.status());
    if (st.canRedo) {
      const json = JSON.parse(g.toJson());
      json.moves = json.moves.slice(0, json.cursor);
      if (json.drawing) {
        json.drawing.spots = json.drawing.spots.slice(0, g.spots + json.cursor);
        json.drawing.edges = json.drawing.edges.slice(0, 2 * json.cursor);
      }
      const E = /** @type {Engine} */ (app.engine);
      const fresh = E.Game.fromJson(JSON.stringify(json));
      g.free();
      app.game = fresh;
    }
    changed();
  });
  $('move-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const field = input('move-input');
    const text = field.value.trim();
    if (!text) return;
    if (!isHumanTurn()) {
      $('move-error').textContent = game().isOver() ? 'The game is over.' : 'It is the computer’s turn.';
      return;
    }
    if (playText(text)) {
      field.value = '';
      $('move-options').replaceChildren();
    }
  });
  $('analyse').addEventListener('click', analyse);
  $('solve-cancel').addEventListener('click', () => {
    app.solving?.cancel();
    app.solving = null;
    renderControls();
  });
  for (const [button, field] of [['copy-glop', 'glop'], ['copy-record', 'record']]) {
    $(button).addEventListener('click', async () => {
      const text = input(field).value;
      try {
        await navigator.clipboard.writeText(text);
        setStatusNote('Copied.');
      } catch {
        input(field).select(); // the user can copy the selection
      }
    });
  }
  document.addEventListener('keydown', (ev) => {
    const target = /** @type {HTMLElement} */ (ev.target);
    if (target.matches('input, textarea, select')) return;
    const mod = ev.ctrlKey || ev.metaKey;
    if (mod && ev.key.toLowerCase() === 'z' && !ev.shiftKey) {
      ev.preventDefault();
      undo();
    } else if (mod && (ev.key.toLowerCase() === 'y' || (ev.key.toLowerCase() === 'z' && ev.shiftKey))) {
      ev.preventDefault();
      redo();
    } else if (ev.key === 'Escape' && app.selected !== null) {
      app.selected = null;
      board.highlight({ marked: [] });
      board.message('', true);
    }
  });
}

async function main() {
  try {
    app.engine = await loadEngine();
  } catch (e) {
    $('engine-version').textContent = 'failed to load the engine';
    $('status').textContent = `The engine did not load: ${messageOf(e)}`;
    console.error(e);
    return;
  }
  performance.mark('sprouts:engine');
  $('engine-version').textContent = app.engine.engineVersion();
  const saved = loadSaved();
  let note = '';
  if (saved) {
    try {
      app.players = saved.players ?? app.players;
      app.budget = [3, 15, 120].includes(Number(saved.budget)) ? Number(saved.budget) : app.budget;
      app.placeSpot = !!saved.placeSpot;
      app.game = app.engine.Game.fromJson(saved.game);
    } catch (e) {
      note = `The saved game could not be restored (${messageOf(e)}); a new game was started.`;
    }
  }
  if (!app.game) app.game = newGame(3, false);
  app.paused = false;
  board.setPlaceSpot(app.placeSpot);
  writeSetup();
  wire();
  persist();
  render();
  if (note) setStatusNote(note);
  document.documentElement.dataset.ready = 'true';
  performance.mark('sprouts:interactive');
  maybeComputerMove();
}

// For the console and for the browser tests.
Object.assign(globalThis, {
  sprouts: {
    get game() { return app.game; },
    get app() { return app; },
    board,
    worker,
    /** Shows the game again after changing it from the console. */
    refresh: changed,
  },
});

main();
