// @ts-check
/**
 * An embeddable Sprouts board for teaching pages, one tag:
 *
 *   <script type="module" src="https://…/embed.js"></script>
 *   <sprouts-board spots="3"></sprouts-board>
 *   <sprouts-board spots="2" misere moves="1(3)2 1(4)2" readonly></sprouts-board>
 *   <sprouts-board position="0*2.AB.}AB.}]!"></sprouts-board>
 *
 * Attributes (read when the element connects, and again when they change):
 *   spots     number of spots, 1–20 (default 3)
 *   misere    present: the last move loses
 *   position  a position to start from (GLOP, spots dialect or Hoey list),
 *             laid out by the engine; `moves` are then played from it
 *   moves     moves to play first, in WGOSA notation, separated by spaces, or a
 *             whole WGOSA record ("8+ 1(9)1[2,3] …", whose header then decides
 *             spots and convention); a record that does not read shows the
 *             engine's reason (and a `sprouts-error` event) over the start
 *   readonly  present: show the game, accept no strokes
 *   controls  "none" hides the status line and the Undo/Redo buttons
 *
 * Properties and methods:
 *   el.record          the game as a WGOSA record ("3+ 1(4)2 …")
 *   el.position        the position as a canonical GLOP string
 *   el.status          {moveNumber, toMove, over, winner, …}
 *   el.play(text)      plays a move in WGOSA notation; returns its shortest text, throws if illegal
 *   el.undo(), el.redo(), el.reset()
 *   el.ready           a promise that resolves when the engine is loaded and the
 *                      game read (a new one after each change of attributes);
 *                      record, position and status describe that game
 *   el.destroy()       removes every listener and frees the engine's game (also on removal from the page)
 *
 * Events (bubbling, composed): `sprouts-move` {detail: {move, record}},
 * `sprouts-over` {detail: {winner, record}}, `sprouts-error` {detail: {message}}.
 *
 * The board is drawn in a shadow root, so the page's styles do not leak in;
 * size the element with CSS (default 480 × 320 px).
 *
 * Moves and positions are read (every move routed, a position laid out:
 * seconds for a 20-spot game) in the page's drawing worker,
 * `draw-worker.js` next to this file, so the host page stays responsive;
 * all boards of a page share it. Loaded from another site, embed.js starts
 * it from a blob (a worker's script must be the page's own), which the
 * page's CSP must allow (`worker-src blob:` and this file's origin: a
 * module worker loads its imports under worker-src); where none starts,
 * the boards read on the main thread as before. The worker also places
 * the spot numbers, as the page does (where it cannot, they are placed the
 * same way on the main thread), and tidies the drawing at the scale shown,
 * as the page tidies a game it reads (where it cannot, the drawing stays
 * as routed).
 */
import { createBoard, BOARD_CSS } from './board.js';
import { createDrawClient } from './draw-client.js';
import { checkStroke, loadEngine, messageOf } from './engine.js';
import { looksLikeRecord, readGame } from './reading.js';

/** @typedef {InstanceType<import('./engine.js').Engine['Game']>} EngineGame */

/** The drawing worker every board of the page shares; null once it could not start. */
let drawing = /** @type {ReturnType<typeof createDrawClient> | null | undefined} */ (undefined);

/**
 * Reads a game in the drawing worker (see draw-worker.js, `link`): its
 * saved-game JSON, an Error with the engine's reason, or null where the
 * worker cannot do it (then the caller reads on the main thread).
 * @param {Parameters<typeof readGame>[1]} what
 * @returns {Promise<string | Error | null>}
 */
async function readInWorker(what) {
  if (drawing === null) return null;
  const client = (drawing ??= createDrawClient());
  const m = await client.request({ type: 'link', ...what }).reply;
  if (m.all) {
    // The worker stopped or never started: every board reads on the main thread from now on.
    if (drawing === client) drawing = null;
    return null;
  }
  return 'game' in m ? String(m.game) : new Error(String(m.error));
}

/**
 * Where a game's spot numbers go, worked out in the drawing worker (see
 * draw-worker.js, `place`), as the page places them; null where the
 * worker cannot (the board then places them itself).
 * @param {EngineGame | null} game @param {number} scale @param {number} margin
 * @returns {Promise<ArrayLike<number> | null> | null}
 */
function placeInWorker(game, scale, margin) {
  if (!game || drawing === null) return null;
  let json;
  try {
    json = game.toJson();
  } catch {
    return null;
  }
  const client = (drawing ??= createDrawClient());
  return client.request({ type: 'place', game: json, scale, margin }).reply.then((m) => {
    if (m.all && drawing === client) drawing = null;
    return m.labels ?? null;
  });
}

/**
 * The game's drawing tidied in the drawing worker at the scale shown (see
 * draw-worker.js, `tidied`), as the page tidies a game it reads: curves
 * spread to gaps that read at that scale, so the numbers find room beside
 * their spots. Null where the worker cannot (the drawing stays as routed).
 * @param {EngineGame | null} game @param {number} scale
 * @returns {Promise<object | null> | null}
 */
function tidyInWorker(game, scale) {
  if (!game || !(scale > 0) || drawing === null) return null;
  let json;
  try {
    json = game.toJson();
  } catch {
    return null;
  }
  const client = (drawing ??= createDrawClient());
  return client.request({ type: 'tidied', game: json, scale }).reply.then((m) => {
    if (m.all && drawing === client) drawing = null;
    return m.drawing ?? null;
  });
}

const CSS = `
:host { display: block; width: 480px; max-width: 100%; height: 320px; font: 14px/1.3 system-ui, sans-serif; }
.wrap { display: flex; flex-direction: column; height: 100%; gap: 4px; }
.area { flex: 1 1 auto; min-height: 120px; border: 1px solid #cfc8b6; border-radius: 8px; }
.bar { display: flex; gap: 6px; align-items: center; }
.bar[hidden] { display: none; }
.status { flex: 1; }
button { font: inherit; padding: 1px 8px; }
${BOARD_CSS}
`;
/** One constructed sheet for every board: no inline <style>, which a page's CSP may forbid. */
const SHEET = new CSSStyleSheet();
SHEET.replaceSync(CSS);

export class SproutsBoard extends HTMLElement {
  static get observedAttributes() {
    return ['spots', 'misere', 'moves', 'position', 'readonly', 'controls'];
  }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    /** @type {import('./engine.js').Engine | null} */
    this.engine = null;
    /** @type {InstanceType<import('./engine.js').Engine['Game']> | null} */
    this.game = null;
    /** @type {ReturnType<typeof createBoard> | null} */
    this.board = null;
    /** @type {(() => void)[]} */
    this.cleanups = [];
    /** @type {Promise<void>} */
    this.ready = Promise.resolve();
    /** Which read of the attributes is the latest (older answers are dropped). */
    this.reads = 0;
  }

  connectedCallback() {
    if (this.board) return;
    const root = /** @type {ShadowRoot} */ (this.shadowRoot);
    root.adoptedStyleSheets = [SHEET];
    root.innerHTML = `<div class="wrap">
      <div class="area"></div>
      <div class="bar"><span class="status" role="status" aria-live="polite"></span>
        <button type="button" data-act="undo">Undo</button><button type="button" data-act="redo">Redo</button>
        <button type="button" data-act="reset">Restart</button></div></div>`;
    const area = /** @type {HTMLElement} */ (root.querySelector('.area'));
    this.board = createBoard(area, {
      interactive: !this.hasAttribute('readonly'),
      check: (points, from) => {
        try {
          return this.game ? checkStroke(this.game, points, from) : null;
        } catch {
          return null;
        }
      },
      onStroke: (points, t) => {
        if (!this.game) return;
        try {
          const move = this.game.playStroke(new Float64Array(points), t);
          this.board?.message(`Played ${move}`, true);
          this.moved(move);
        } catch (e) {
          this.board?.message(`Not a move: ${messageOf(e)}`, false);
        }
      },
      onScale: (s) => this.rules(s),
      placeLabels: (scale, margin) => placeInWorker(this.game, scale, margin),
      // Where no worker starts: placed as the page places them, on this thread.
      labelPlaces: (scale, margin) => {
        try {
          return this.game?.labelBoxes(scale, margin) ?? null;
        } catch {
          return null;
        }
      },
    });
    const onClick = (/** @type {Event} */ ev) => {
      const act = /** @type {HTMLElement} */ (ev.target).closest?.('button')?.dataset.act;
      if (act === 'undo') this.undo();
      else if (act === 'redo') this.redo();
      else if (act === 'reset') void this.reset();
    };
    root.addEventListener('click', onClick);
    this.cleanups.push(() => root.removeEventListener('click', onClick));
    this.ready = loadEngine().then(
      (engine) => {
        this.engine = engine;
        return this.reset();
      },
      (e) => this.fail(`the engine did not load: ${messageOf(e)}`),
    );
  }

  disconnectedCallback() {
    this.destroy();
  }

  /** @param {string} _name @param {string | null} old @param {string | null} value */
  attributeChangedCallback(_name, old, value) {
    if (old === value || !this.engine || !this.board) return;
    this.board.setInteractive(!this.hasAttribute('readonly'));
    void this.reset();
  }

  /** Starts again from the attributes; resolves (as `el.ready` does) when the game is shown. */
  reset() {
    this.ready = this.read();
    return this.ready;
  }

  /** Reads the attributes' game and shows it. */
  async read() {
    const engine = this.engine;
    if (!engine || !this.board) return;
    const read = ++this.reads;
    const n = Math.max(1, Math.min(20, Math.round(Number(this.getAttribute('spots') ?? 3)) || 3));
    const r = this.getBoundingClientRect();
    const aspect = r.width > 0 && r.height > 0 ? r.height / r.width : 0.66;
    const height = Math.round(Math.min(1000, Math.max(300, 600 * aspect)));
    const misere = this.hasAttribute('misere');
    // The moves are read as a record, exactly as the page's Open box reads
    // one: a whole record (with its header) or moves after spots/misere,
    // or after the position laid out by the engine.
    const moves = (this.getAttribute('moves') ?? '').trim();
    const position = this.getAttribute('position');
    const record = position ? moves : looksLikeRecord(moves) ? moves : `${n}${misere ? '-' : '+'} ${moves}`;
    /** @type {EngineGame | null} */
    let game = null;
    /** @type {unknown} */
    let why = null;
    // A plain start is drawn at once; anything to route or lay out goes to the worker.
    let saved = null;
    if (position || moves) {
      // Said only if it takes a while (a short record would flash it).
      const slow = setTimeout(() => { if (read === this.reads) this.board?.message('Reading the game…', true); }, 250);
      saved = await readInWorker({ position: position || null, misere, record, width: 600, height });
      clearTimeout(slow);
    }
    if (read !== this.reads || !this.board) return; // attributes changed meanwhile, or removed
    try {
      if (typeof saved === 'string') {
        game = engine.Game.fromJson(saved);
      } else if (saved instanceof Error) {
        why = saved;
      } else {
        game = readGame(engine.Game, { position: position || null, misere, record, width: 600, height });
      }
    } catch (e) {
      why = e;
    }
    if (why !== null) {
      game?.free();
      game = new engine.Game(n, misere, 600, height);
    }
    this.game?.free();
    this.game = game;
    if (why !== null) this.fail(messageOf(why));
    else this.board.message('', true);
    this.rules(this.board.scale());
    this.render();
    void this.tidy();
  }

  /** Tidies the drawing shown (in the worker), then shows it if the game has not changed meanwhile. */
  async tidy() {
    const game = this.game;
    const shown = game?.record();
    const tidied = await tidyInWorker(game, this.board?.scale() ?? 0);
    if (!tidied || !game || this.game !== game || game.record() !== shown) return;
    try {
      game.adoptDrawing(tidied, true);
    } catch {
      return; // not this game's drawing any more
    }
    this.render();
  }

  /** @param {number} scale */
  rules(scale) {
    if (!this.game || !scale) return;
    const snap = Math.min(40, Math.max(16, 20 / scale));
    try {
      this.game.setRules(snap, Math.min(snap * 0.6, Math.max(8, 7 / scale)), Math.max(3, 3 / scale));
    } catch { /* keeps the previous rules */ }
  }

  get record() { return this.game?.record() ?? ''; }
  get position() { return this.game?.glop() ?? ''; }
  get status() { return this.game?.status() ?? null; }

  /** @param {string} text a move in WGOSA notation */
  play(text) {
    if (!this.game) throw new Error('the engine is not loaded yet (await el.ready)');
    const move = this.game.playText(text);
    this.moved(move);
    return move;
  }

  undo() {
    if (this.game?.undo()) this.render();
  }

  redo() {
    if (this.game?.redo()) this.render();
  }

  /** @param {string} move */
  moved(move) {
    this.render();
    void this.tidy();
    const record = this.record;
    this.dispatchEvent(new CustomEvent('sprouts-move', { detail: { move, record }, bubbles: true, composed: true }));
    const st = this.status;
    if (st?.over) {
      this.dispatchEvent(new CustomEvent('sprouts-over', { detail: { winner: st.winner, record }, bubbles: true, composed: true }));
    }
  }

  render() {
    const g = this.game;
    const board = this.board;
    if (!g || !board) return;
    const st = g.status();
    board.setState({ spots: g.spotList(), edges: g.edgeList(), extent: g.extent(), lastSpot: st.moveNumber ? g.spots + st.moveNumber : 0 });
    const root = /** @type {ShadowRoot} */ (this.shadowRoot);
    const bar = /** @type {HTMLElement} */ (root.querySelector('.bar'));
    bar.hidden = this.getAttribute('controls') === 'none';
    const status = /** @type {HTMLElement} */ (root.querySelector('.status'));
    status.textContent = st.over
      ? `Player ${st.winner} wins (${st.misere ? 'the last move loses' : 'the last move wins'}).`
      : `Player ${st.toMove} to move.`;
    /** @type {HTMLButtonElement} */ (root.querySelector('[data-act=undo]')).disabled = !st.canUndo;
    /** @type {HTMLButtonElement} */ (root.querySelector('[data-act=redo]')).disabled = !st.canRedo;
  }

  /** @param {string} message */
  fail(message) {
    this.board?.message(message, false);
    this.dispatchEvent(new CustomEvent('sprouts-error', { detail: { message }, bubbles: true, composed: true }));
  }

  /** Removes every listener, the board and the engine's game. */
  destroy() {
    for (const f of this.cleanups.splice(0)) f();
    this.board?.destroy();
    this.board = null;
    this.game?.free();
    this.game = null;
    if (this.shadowRoot) this.shadowRoot.innerHTML = '';
  }
}

if (!customElements.get('sprouts-board')) customElements.define('sprouts-board', SproutsBoard);
