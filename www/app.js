// @ts-check
/**
 * The page: one game of Sprouts between two players on one device (each a
 * human or the computer), drawn freehand on the board. This module wires
 * the parts together; each lives in its own module:
 *
 *   game-controller.js  the game and who plays it (the engine's `Game`)
 *   board.js            the canvas, spot buttons and freehand input
 *   move-list.js        the moves, the replay bar, "Continue from here"
 *   computer.js         the computer's turn (in the worker)
 *   analysis.js         the analysis panel (in the worker)
 *   setup.js            the "New game" form
 *   open-game.js        opening a record, a game file or a share link
 *   export.js           PNG/SVG pictures, the game file, share links
 *   store.js            the game kept across reloads
 *   status.js           the status line
 *
 * The rules and the geometry are the engine's (wasm); the solver runs in a
 * Web Worker (worker.js) so that the page never freezes.
 */
import { createBoard, boardShape, BOARD_CSS } from './board.js';
import { checkStroke, gameFromJson, isPq, loadEngine, messageOf, readyFor } from './engine.js';
import { createEngineWorker } from './worker-client.js';
import { GameController } from './game-controller.js';
import { createComputer } from './computer.js';
import { createAnalysis } from './analysis.js';
import { createMoveList } from './move-list.js';
import { createSetup } from './setup.js';
import { createOpener } from './open-game.js';
import { createExport } from './export.js';
import { createStatus } from './status.js';
import { createTidy } from './tidy.js';
import { createDrawClient } from './draw-client.js';
import { persist, restored, loadSaved, unreadable, storedText, hasDrawing, hasPrevious, takePrevious, showingOpened } from './store.js';
import { $, button, input, typing } from './dom.js';
import { createFirstRun, firstVisit } from './first-run.js';
import { createGlossary } from './glossary.js';
import { createTeachPage } from './teach-page.js';
import { createVariantsBar } from './variants.js';

/** @typedef {import('./game-controller.js').Status} Status */

// A constructed style sheet, not a <style> element: the page's CSP allows
// no inline styles.
const boardSheet = new CSSStyleSheet();
boardSheet.replaceSync(BOARD_CSS);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, boardSheet];

/** Board area of a new game: 800 wide, the board element's shape. */
function boardSize() {
  const r = $('board').getBoundingClientRect();
  return boardShape(r.width, r.height);
}

const worker = createEngineWorker();

/** @type {GameController | null} */
let controller = null;
/** @type {ReturnType<typeof createTidy> | null} */
let tidy = null;
/** @type {ReturnType<typeof createDrawClient> | null} */
let drawClient = null;
const ctl = () => /** @type {GameController} */ (controller);
/** @type {ReturnType<typeof createVariantsBar> | null} */
let variantsBar = null;

const board = createBoard($('board'), {
  check: (points, from) => {
    try {
      return ctl().guard(() => checkStroke(ctl().game, points, from), null);
    } catch (e) {
      return null; // no feedback; releasing the stroke will say what is wrong
    }
  },
  onStroke: (points, t) => {
    if (!ctl().canPlay()) return;
    try {
      const text = ctl().playStroke(points, t);
      const left = /** @type {any} */ (ctl().current)?.linesLeft ?? 0;
      // A (p, q) move is drawn line by line: say what is left to draw.
      if (text !== null && left > 0) board.message(`Drew ${text}: ${left} more line${left === 1 ? '' : 's'} from the new spot`, true);
      else if (text !== null) board.message(`Played ${text}`, true);
    } catch (e) {
      board.message(`Not a move: ${messageOf(e)}`, false);
    }
  },
  onStrokeStart: (type) => {
    tidy?.stop();
    applyRules(type);
  },
  onScale: () => applyRules('mouse'),
  onSpotActivate: (n) => activateSpot(n),
  onPending: (p) => { $('place-bar').hidden = !p; },
  labelPlaces: (scale, margin) => controller?.guard(() => controller?.current?.labelBoxes(scale, margin) ?? null, null) ?? null,
  // Placing the numbers late in a game takes ~100 ms in wasm: the drawing
  // worker does it. A tidy redrawing as it goes places them when it settles.
  placeLabels: (scale, margin) => {
    const g = controller?.current;
    // A game under other rules is saved without its drawing: the worker's
    // copy would be routed anew, so its numbers are placed here.
    if (!g || !drawClient || tidy?.animating() || (g.rulesName ?? 'sprouts') !== 'sprouts') return null;
    const game = controller?.guard(() => g.toJson(), null);
    if (!game) return null;
    return drawClient.request({ type: 'place', game, scale, margin }).reply.then((m) => m.labels ?? null);
  },
  spotLabel: (s) => `Spot ${s.n}, ${s.lives} ${s.lives === 1 ? 'life' : 'lives'}${s.lives === 0 ? ' (dead)' : ''}`,
});

/** The distances that decide what a stroke touches: constant on screen. @param {string} pointerType */
function applyRules(pointerType) {
  const g = controller?.current;
  if (!g) return;
  const s = board.scale() || 1;
  const snap = Math.min(40, Math.max(16, (pointerType === 'touch' ? 26 : 18) / s));
  const spot = Math.min(snap * 0.6, Math.max(8, 7 / s));
  const edge = Math.max(3, 3 / s);
  ctl().guard(() => g.setRules(snap, spot, edge), undefined);
}

/** Plays a typed (or chosen) move; false if it is not one (the reason is shown). @param {string} text */
function playText(text) {
  const err = $('move-error');
  try {
    const played = ctl().playText(text);
    if (played === null) return false;
    err.textContent = '';
    board.message(`Played ${played}`, true);
    return true;
  } catch (e) {
    err.textContent = messageOf(e);
    return false;
  }
}

/** A spot activated from the keyboard (or the spot button). @param {number} n */
function activateSpot(n) {
  const c = ctl();
  if (!c.canPlay()) return;
  const g = c.game;
  if (g.lives(n) === 0) {
    board.message(`Spot ${n} has no lives left`, false);
    return;
  }
  if (c.selected === null) {
    c.selected = n;
    board.highlight({ marked: [n] });
    board.message(`Spot ${n} chosen: now choose where the line ends (the same spot for a loop)`, true);
    return;
  }
  const a = c.selected;
  c.selected = null;
  board.highlight({ marked: [] });
  const options = g.movesBetween(a, n, 64);
  if (options.length === 0) {
    board.message(`No move joins spot ${a} to spot ${n}`, false);
  } else if (options.length === 1) {
    playText(options[0]);
  } else {
    $('move-options').replaceChildren(...options.map((o) => Object.assign(document.createElement('option'), { value: o })));
    const field = input('move-input');
    field.value = options[0];
    field.focus();
    const many = options.length >= 64 ? 'At least 64' : String(options.length);
    const shown = options.slice(0, 8).join(', ') + (options.length > 8 ? ', …' : '');
    board.message(`${many} different moves (${shown}): edit the move field and press Enter.`, true);
  }
}

/**
 * The parts that need the engine, once it is loaded.
 * @param {GameController} c
 */
function start(c) {
  const status = createStatus(c);
  const moveList = createMoveList(c);
  const computer = createComputer(c, worker, {
    progress: (text) => status.progress(text),
    played: (text) => {
      board.message(text, true);
      animateNext = true;
    },
    failed: (text) => status.note(text),
    busy: () => renderControls(),
  });
  const analysis = createAnalysis(c, worker, board, { play: playShown, busy: () => renderControls() });
  /** A new game replaces the shown one. @param {() => import('./game-controller.js').Game} make */
  function fresh(make) {
    board.message('', true);
    $('move-error').textContent = '';
    c.replace(make());
    backToBoard();
  }
  // On a phone the forms (New game, Open a game) are below the board: a
  // game started or opened there brings the board back into view.
  function backToBoard() {
    if (scrollY > 0) scrollTo({ top: 0 });
  }
  /**
   * Plays a move typed or chosen in the panel; on a phone (the panel below
   * the board) the board comes back into view to show it, and the keyboard
   * goes away. @param {string} text
   */
  function playShown(text) {
    if (!playText(text)) return false;
    if (scrollY > 0) {
      /** @type {HTMLElement | null} */ (document.activeElement)?.blur();
      scrollTo({ top: 0 });
    }
    return true;
  }
  const setup = createSetup(c, {
    start: (n, misere, rules, start) => {
      const make = () => fresh(() => c.newGame(n, misere, rules, start));
      // (p, q) Sprouts is in the module fetched on demand (engine.js); a
      // plain game starts at once.
      if (!isPq(rules)) return make();
      readyFor(rules).then(make, (e) => { $('move-error').textContent = `(p, q) Sprouts could not be loaded: ${messageOf(e)}`; });
    },
    again: () => fresh(() => c.again()),
    playersChanged: () => {
      persist(c);
      status.render();
      renderControls();
      computer.maybeMove();
    },
    placeSpotChanged: () => {
      board.setPlaceSpot(c.placeSpot);
      persist(c);
    },
  });
  const drawing = createDrawClient();
  drawClient = drawing;
  // A game the engine drew from a record, a position or a link is
  // tidied at once, as after a move (a game file keeps its own drawing).
  const opener = createOpener(c, drawing, {
    opened: (note) => { setup.write(); status.note(note); backToBoard(); },
    reading: (note) => status.note(note),
    drawn: () => { backToBoard(); tidy?.start(); },
    saved: () => { const s = loadSaved(c); if (s.game !== null) readSaved(s.game, s.replaying); },
  });

  /**
   * Shows a stored game (the tab's, or its previous one); one without its
   * drawing is read in the drawing worker meanwhile, the board read-only.
   * @param {string} text @param {boolean} replaying
   */
  function readSaved(text, replaying) {
    const show = (/** @type {import('./game-controller.js').Game} */ game) => {
      showingOpened(false);
      restored(game); // the stored game itself: nothing to keep as the previous one
      c.replace(game, { replaying });
      setup.write();
    };
    if (hasDrawing(text)) {
      const open = () => {
        try {
          show(gameFromJson(c.engine, text));
        } catch (e) {
          status.note(unreadable(storedText(), messageOf(e)));
        }
      };
      if (!isPq(text)) return Promise.resolve(open());
      // (p, q) Sprouts: its module first (a failure to load says so in open's note).
      return readyFor(text).catch(() => {}).then(open);
    }
    const before = c.current;
    status.note('Reading the saved game…');
    return drawing.request({ type: 'file', text }).reply.then(async (m) => {
      await readyFor(String(m.game ?? '')).catch(() => {}); // a (p, q) game's module (engine.js)
      if (c.current !== before) return; // something else was opened meanwhile
      let game;
      try {
        if (m.error) throw new Error(m.all ? 'the drawing worker stopped' : m.error);
        game = gameFromJson(c.engine, String(m.game));
      } catch (e) {
        showingOpened(false);
        c.replace(c.newGame(3, false));
        status.note(unreadable(text, messageOf(e)));
        return;
      }
      show(game);
      status.note('');
    });
  }
  $('previous-game').addEventListener('click', () => {
    const prev = takePrevious();
    if (prev) {
      board.message('', true);
      readSaved(prev.game, !!prev.replaying);
      backToBoard();
    }
  });
  createExport(c, board, { note: (text) => status.note(text) });

  function renderControls() {
    const g = c.current;
    if (!g) return;
    const st = /** @type {Status} */ (g.status());
    button('undo').disabled = !st.canUndo;
    button('redo').disabled = !st.canRedo;
    $('computer-cancel').hidden = !computer.thinking();
    $('game-bar').dataset.computer = String(!c.isHuman(1) || !c.isHuman(2));
    const computerToMove = !st.over && !c.replaying && !c.isHuman(/** @type {1|2} */ (st.toMove));
    $('computer-resume').hidden = !(computerToMove && !computer.thinking() && (c.paused || st.canRedo));
    $('solve-cancel').hidden = !analysis.solving();
    $('solve-progress').hidden = !analysis.solving();
    button('analyse').disabled = analysis.solving() || st.over;
    board.setInteractive(c.canPlay() && !computer.thinking());
    $('previous-game').hidden = !hasPrevious();
  }

  /** The computer's move just played draws itself along its curve. */
  let animateNext = false;
  /** @type {import('./game-controller.js').Game | null} the game drawn last (another one is fitted to the board) */
  let drawn = null;

  function render() {
    const g = c.current;
    if (!g) return;
    const st = /** @type {Status} */ (g.status());
    board.setState({
      spots: g.spotList(),
      edges: g.edgeList(),
      extent: g.extent(),
      lastSpot: st.moveNumber > 0 ? g.spots + st.moveNumber : 0,
      animate: animateNext,
    });
    animateNext = false;
    if (g !== drawn) {
      drawn = g;
      board.fit();
    }
    $('end-actions').hidden = !st.over || c.replaying;
    board.highlight({ marked: c.selected ? [c.selected] : [] });
    moveList.render();
    input('glop').value = g.glop();
    input('record').value = g.record();
    variantsBar?.render();
    status.render();
    renderControls();
    applyRules('mouse');
  }

  tidy = createTidy(c, board, drawing, { settled: () => persist(c) });
  c.addEventListener('change', () => {
    // A tidy works on the drawing shown; another move shown ends it.
    tidy?.stop();
    status.clearNote();
    analysis.clear();
    persist(c);
    render();
    computer.maybeMove();
  });
  // After every move the drawing tidies itself (a short animation; the
  // saved game is stored again when it settles). A move supersedes a link
  // or file still being read.
  c.addEventListener('moved', () => {
    if (opener.reading()) opener.drop('What was being opened was dropped: a move was played meanwhile.');
    tidy?.start();
  });
  $('tidy').addEventListener('click', () => tidy?.start());
  c.addEventListener('note', (ev) => status.note(/** @type {CustomEvent<string>} */ (ev).detail));

  $('undo').addEventListener('click', () => c.undo());
  $('redo').addEventListener('click', () => c.redo());
  $('place-ok').addEventListener('click', () => board.confirmPending());
  $('place-cancel').addEventListener('click', () => board.cancelPending());
  $('computer-cancel').addEventListener('click', () => {
    computer.stop();
    c.paused = true;
    status.note('The computer was stopped.');
    renderControls();
  });
  $('computer-resume').addEventListener('click', () => {
    // Moves that could be redone are dropped by the computer's move.
    if (c.laterMoves() > 0) c.truncate();
    c.paused = false;
    c.changed();
  });
  $('move-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const field = input('move-input');
    const text = field.value.trim();
    if (!text) return;
    if (!c.canPlay()) {
      $('move-error').textContent = c.replaying
        ? 'Replaying: choose “Continue from here” to play from this move.'
        : c.game.isOver() ? 'The game is over.' : 'It is the computer’s turn.';
      return;
    }
    if (playShown(text)) {
      field.value = '';
      $('move-options').replaceChildren();
    }
  });
  $('analyse').addEventListener('click', analysis.run);
  $('solve-cancel').addEventListener('click', analysis.cancel);
  for (const [id, field] of [['copy-glop', 'glop'], ['copy-record', 'record']]) {
    $(id).addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(input(field).value);
        status.note('Copied.');
      } catch {
        input(field).select(); // the user can copy the selection
      }
    });
  }
  document.addEventListener('keydown', (ev) => {
    if (typing(ev)) return;
    const mod = ev.ctrlKey || ev.metaKey;
    const key = ev.key.toLowerCase();
    if (mod && key === 'z' && !ev.shiftKey) {
      ev.preventDefault();
      c.undo();
    } else if (mod && (key === 'y' || (key === 'z' && ev.shiftKey))) {
      ev.preventDefault();
      c.redo();
    } else if (ev.key === 'Escape' && c.selected !== null) {
      c.selected = null;
      board.highlight({ marked: [] });
      board.message('', true);
    }
  });
  // A share link opened in this tab while the page is open.
  addEventListener('hashchange', () => {
    if (opener.openFragment(location.hash)) forgetFragment();
  });

  // Teaching: the glossary's links, the first-run hint and words, the
  // mathematics on the board and the game-tree explorer.
  createGlossary();
  createFirstRun(c, board);
  createTeachPage(c, board, { analyse: analysis.run });

  return { render, setup, status, opener, computer, readSaved };
}

/** The fragment was read: a reload shows the saved game, not the link again. */
function forgetFragment() {
  history.replaceState(null, '', location.pathname + location.search);
}

async function main() {
  let engine;
  try {
    engine = await loadEngine();
  } catch (e) {
    $('engine-version').textContent = 'failed to load the engine';
    $('status').textContent = `The engine did not load: ${messageOf(e)}`;
    console.error(e);
    return;
  }
  performance.mark('sprouts:engine');
  $('engine-version').textContent = engine.engineVersion();
  const c = new GameController(engine, boardSize);
  variantsBar = createVariantsBar(c, $('variant-bar'));
  controller = c;
  // This tab's game (a new tab: the last game saved by any tab). One
  // without its drawing is read in the drawing worker (routing its moves
  // takes seconds): meanwhile an empty board is shown, read-only, unsaved.
  const saved = loadSaved(c);
  let note = saved.problem;
  if (saved.game !== null && hasDrawing(saved.game)) {
    // A (p, q) game's module first (engine.js); failing, the note below says why.
    await readyFor(saved.game).catch(() => {});
    try {
      c.current = gameFromJson(engine, saved.game);
      c.replaying = saved.replaying;
      restored(c.current);
    } catch (e) {
      note = unreadable(storedText(), messageOf(e));
    }
  }
  const later = saved.game !== null && !hasDrawing(saved.game) ? saved.game : null;
  // Nothing saved at all: a first visit plays the computer (first-run.js).
  if (!c.current && !later && saved.game === null) firstVisit(c);
  if (!c.current) c.current = c.newGame(3, false);
  if (later) {
    showingOpened(true);
    c.replaying = true;
  }
  const page = start(c);
  board.setPlaceSpot(c.placeSpot);
  page.setup.write();
  // A share link wins over the saved game (the link says why if it is broken).
  const link = page.opener.openFragment(location.hash);
  if (link) {
    forgetFragment();
    page.render();
    if (later) page.readSaved(later, saved.replaying);
    await link;
  } else {
    persist(c);
    page.render();
    if (note) page.status.note(note);
    if (later) page.readSaved(later, saved.replaying);
    else page.computer.maybeMove();
  }
  document.documentElement.dataset.ready = 'true';
  performance.mark('sprouts:interactive');
}

// For the console and for the browser tests.
Object.assign(globalThis, {
  sprouts: {
    get game() { return controller?.current; },
    get app() { return controller; },
    board,
    worker,
    get tidy() { return tidy; },
    /** The drawing worker's client (null until first needed): `pending()` is 0 once it has nothing to read. */
    get drawing() { return drawClient; },
    /** Shows the game again after changing it from the console. */
    refresh: () => controller?.changed(),
  },
});

main();
