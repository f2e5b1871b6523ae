// @ts-check
/**
 * An embeddable Sprouts board for teaching pages, one tag:
 *
 *   <script type="module" src="https://…/embed.js"></script>
 *   <sprouts-board spots="3"></sprouts-board>
 *   <sprouts-board moves="26- (AuntBeast - Khorkov*) 1(27)1[2-15] …" readonly controls="replay"></sprouts-board>
 *   <sprouts-board spots="5" opponent="heuristic" side="2" analysis></sprouts-board>
 *
 * The full reference (every attribute, property and event, with examples)
 * is docs/embed.md. In short:
 *
 * Attributes (read when the element connects, and again when they change):
 *   spots, misere, position, moves   the game (moves: WGOSA moves, or a whole record)
 *   readonly                         show the game, accept no strokes
 *   controls  "none" (no bar), "replay" (the step-through bar and keys)
 *   move      the move shown first (0 = the start; default the last)
 *   opponent  "random" | "heuristic" | "perfect": the computer plays `side` ("1" | "2", default 2)
 *   analysis  present: an Analyse button (outcome and winning moves)
 *   theme     "light" (default) | "dark"
 *   aspect    "3/2" (or CSS `--sprouts-aspect: 3/2`): fill the container's width at that ratio
 *   mode      "explore": the game-tree explorer of `position` (or of `spots`
 *             spots, default 2) instead of a board; or a teaching mode from MODES below
 *   overlay   present: the mathematics under the board (lives, moves still to
 *             come, V − E + F = 1 + C, regions shaded one by one, survivors)
 *   mode      "puzzle": find a winning move, with `puzzle="<id>"` (see embed-puzzle.js)
 *   surface   "torus" | "klein" | "projective": the surface board of `spots` spots (embed-surface.js)
 *
 * Properties and methods: record, position, status, written, moveShown,
 * ready, play(text), undo(), redo(), goTo(k), reset(), destroy().
 * Events (bubbling, composed): sprouts-move, sprouts-over, sprouts-error, sprouts-step.
 *
 * The board is drawn in a shadow root (styles are constructed sheets, so a
 * page's CSP need allow no inline style). Moves and positions are read
 * in the page's drawing worker (draw-worker.js, shared by every board;
 * from another site started from a blob module, which the page's CSP must
 * allow: `worker-src blob:` and this file's origin), where the spot
 * numbers are placed too; where no worker starts, the boards read on the
 * main thread and each number goes to the clearest corner of its spot.
 * The computer opponent and the analysis ask the engine worker
 * (worker.js, embed-engine.js).
 *
 * The parts: embed-status.js (the status words), embed-replay.js (the
 * replay bar), embed-opponent.js, embed-analysis.js, embed-drawing.js
 * (the drawing worker's requests), embed-surface.js (the surface board). A teaching mode
 * (`mode="…"`) is a module whose default export takes the element and
 * returns a Feature ({render, destroy, key?}); add it to MODES.
 * The drawing worker also tidies the drawing at the scale shown, as the page
 * tidies a game it reads (where it cannot, the drawing stays as routed).
 */
import { boardShape, createBoard, BOARD_CSS } from './board.js';
import { cancelDrawing, placeInWorker, readInWorker, tidyInWorker } from './embed-drawing.js';
import { checkStroke, gameFromRecord, loadEngine, messageOf, newPqGame, readyFor } from './engine.js';
import { looksLikeRecord, readGame } from './reading.js';
import { HINT, statusText } from './embed-status.js';
import { createReplay } from './embed-replay.js';
import { createOpponent, opponentOf } from './embed-opponent.js';
import { createAnalysis } from './embed-analysis.js';
import { createOverlay, OVERLAY_CSS } from './overlay.js';
import { createExplorer, EXPLORER_CSS } from './explorer.js';
import { attachPuzzle } from './embed-puzzle.js';
import { createSpotChoice } from './variants.js';
import { createSurfaceEmbed, surfaceError, SURFACE_CSS } from './embed-surface.js';

/** @typedef {InstanceType<import('./engine.js').Engine['Game']>} EngineGame */

/** The least height (board units, 800 wide) of an embed's board; see read(). */
const EMBED_LEAST_HEIGHT = 300;
/**
 * Below this height (CSS px) an embed is short: its status takes one line
 * (the whole text in its title) and the zoom buttons sit over the
 * drawing's top right corner instead of a 30 px band above it, so the
 * board gets more of the height (a record at 320×240 had 155 of its
 * 240 px; docs/labels.md).
 */
const SHORT_PX = 280;

const CSS = `
:host { display: block; width: 480px; max-width: 100%; height: 320px; font: 14px/1.3 system-ui, sans-serif;
  --sb-fg: #1a1a1a; --sb-muted: #5a5548; --sb-line: #cfc8b6; --sb-button: #f6f3ea; color: var(--sb-fg); }
:host([theme=dark]) { --sb-fg: #ece8dc; --sb-muted: #b8b2a2; --sb-line: #4d4a42; --sb-button: #2c2b27; background: #1c1b18; }
:host(:focus-visible) { outline: 3px solid #0072b2; outline-offset: 2px; }
/* Inside the host's box at any size (issue 34): the lines keep their height (status ≤ 2 lines, whole texts in title), the board the rest. */
.wrap { display: flex; flex-direction: column; height: 100%; gap: 3px; container-type: inline-size; min-width: 0; }
.wrap > * { flex: none; min-width: 0; }
.head { font-size: 12px; color: var(--sb-muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.newspot { display: flex; gap: 4px; align-items: center; font-size: 13px; }
.newspot button { min-height: 26px; }
.newspot button[aria-pressed=true] { background: #0b5394; color: #fff; border-color: #0b5394; }
.head[hidden], .newspot[hidden], .bar[hidden], .replay[hidden], .panel[hidden], button[hidden] { display: none; }
.wrap > .area { flex: 1 1 0; min-height: 0; border: 1px solid var(--sb-line); border-radius: 8px; }
.bar, .replay { display: flex; gap: 4px; align-items: center; flex-wrap: nowrap; min-width: 0; }
.status { flex: 1; min-width: 0; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }
/* Read-only (a record shown): two lines kept for the status (its end, who won by the record, takes two),
   so that the board's area measured before the game is read is the one it gets, and stays while stepping. */
:host([readonly]) .status { min-height: 2.6em; }
.replay .at { flex: 1; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.replay .engine { color: var(--sb-muted); }
button { font: inherit; padding: 1px 8px; color: var(--sb-fg); background: var(--sb-button); border: 1px solid var(--sb-line); border-radius: 5px; }
button:disabled { opacity: 0.45; }
button:focus-visible { outline: 3px solid #0072b2; outline-offset: 1px; }
.replay button { min-width: 30px; }
.panel { max-height: 40%; overflow: auto; font-size: 13px; border-top: 1px solid var(--sb-line); }
.panel p { margin: 2px 0; }
.win-moves { display: flex; flex-wrap: wrap; gap: 4px; }
/* Short (SHORT_PX): one line of status; the zoom buttons sit over the drawing's corner, where they would hide
   spots: to a mouse they show only while it is over the board (or a button has focus), on touch they stay faint. */
.wrap.short .status { -webkit-line-clamp: 1; line-clamp: 1; }
:host([readonly]) .wrap.short .status { min-height: 1.3em; }
.wrap.short .sb-zoom { opacity: 0.6; transition: opacity 0.15s; }
@media (hover: hover) { .wrap.short .sb-zoom { opacity: 0; } }
.wrap.short .sb-board:hover .sb-zoom, .wrap.short .sb-zoom:focus-within { opacity: 1; }
@container (max-width: 360px) {
  .wrap { font-size: 12px; }
  button { padding: 1px 5px; }
  .replay .engine { display: none; }
  /* Narrow: Undo, Redo and Restart as symbols (their names stay for screen readers). */
  button[data-icon] .word { display: none; }
  button[data-icon]::before { content: attr(data-icon); }
  /* The zoom buttons (+, −, Fit) smaller (.area: more specific than BOARD_CSS, which comes later). */
  .area .sb-zoom { gap: 3px; right: 3px; }
  .area .sb-zoom button { font-size: 12px; min-width: 24px; height: 22px; padding: 0 4px; }
}
${BOARD_CSS}
.sb-board { min-height: 0; }
/* Dark: the canvas inverted with its hues turned back (the spots keep their colours' meaning). */
:host([theme=dark]) .sb-board { filter: invert(0.88) hue-rotate(180deg); }
${OVERLAY_CSS}
${EXPLORER_CSS}
:host([mode=explore]) { height: auto; min-height: 320px; }
.sb-maths { flex: 0 0 auto; font-size: 12px; }
.sb-maths[hidden] { display: none; }
${SURFACE_CSS}
`;
/** One constructed sheet for every board: no inline <style>, which a page's CSP may forbid. */
const SHEET = new CSSStyleSheet();
SHEET.replaceSync(CSS);
/** Added when the element fills its container's width at a ratio (`aspect`, `--sprouts-aspect`). */
const FILL = new CSSStyleSheet();
FILL.replaceSync(':host { width: 100%; height: auto; } .wrap { height: auto; aspect-ratio: var(--sb-aspect); }');

/**
 * A ratio written "3/2", "16:9" or "1.5" (width over height), 0.2 to 5; null otherwise.
 * @param {string | null | undefined} text
 */
export function parseAspect(text) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:[/:]\s*(\d+(?:\.\d+)?))?\s*$/.exec(text ?? '');
  if (!m) return null;
  const r = Number(m[1]) / (m[2] === undefined ? 1 : Number(m[2]));
  return Number.isFinite(r) && r >= 0.2 && r <= 5 ? r : null;
}

/**
 * Teaching modes (`mode="…"`), loaded when an element asks for one: each
 * module's default export takes the element and returns a Feature.
 * @typedef {{ render: () => void, destroy: () => void, key?: (ev: KeyboardEvent) => boolean }} Feature
 * @type {Record<string, () => Promise<{ default: (el: SproutsBoard) => Feature }>>}
 */
export const MODES = {};

/** Attributes that change the game itself: the board reads it again. */
const GAME_ATTRIBUTES = ['spots', 'misere', 'moves', 'position', 'readonly', 'rules', 'start'];

/**
 * The `rules` and `start` attributes: null for plain Sprouts from dots,
 * else the rules, the start and the record tag (`{dots-or-crosses crosses}`).
 * @param {HTMLElement} el
 */
function variantAttributes(el) {
  const rules = el.getAttribute('rules');
  const start = el.getAttribute('start') ?? '';
  if ((rules === null || rules === 'sprouts') && (start === '' || start === 'dots')) return null;
  const r = rules ?? 'sprouts';
  return { rules: r, start, tag: `{${r}${start ? ` ${start}` : ''}}` };
}

export class SproutsBoard extends HTMLElement {
  static get observedAttributes() {
    return [...GAME_ATTRIBUTES, 'controls', 'move', 'opponent', 'side', 'analysis', 'theme', 'aspect', 'mode', 'overlay', 'surface'];
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
    /**
     * The record as written, when the game came from one: its header and
     * each move as written beside the engine's form (`readRecord`).
     * @type {{ header: import('./embed-status.js').Header, moves: { move: string, written: string }[] } | null}
     */
    this.written = null;
    /** @type {(() => void)[]} */
    this.cleanups = [];
    /** @type {Promise<void>} */
    this.ready = Promise.resolve();
    /** Which read of the attributes is the latest (older answers are dropped). */
    this.reads = 0;
    /** @type {ReturnType<typeof createReplay> | null} */
    this.replayBar = null;
    /** @type {ReturnType<typeof createOpponent> | null} */
    this.computer = null;
    /** @type {ReturnType<typeof createAnalysis> | null} */
    this.analyser = null;
    /** The teaching mode's feature, and which mode it is. @type {{ name: string, feature: Feature | null } | null} */
    this.teaching = null;
    /** The first spot chosen from the keyboard. @type {number | null} */
    this.selected = null;
    /** `mode="explore"`: the explorer shown instead of a board. @type {ReturnType<typeof createExplorer> | null} */
    this.explorer = null;
    /** The mathematics under the board (`overlay`). @type {ReturnType<typeof createOverlay> | null} */
    this.overlay = null;
    /** Under rules with a choice, what the next stroke puts on its line (variants.js). @type {string | null} */
    this.newSpot = null;
    /** @type {ReturnType<typeof createSpotChoice> | null} */
    this.spotChoice = null;
    /** `surface="…"`: the surface board shown instead of the plane's. @type {ReturnType<typeof createSurfaceEmbed> | null} */
    this.surfaceView = null;
  }

  connectedCallback() {
    if (this.board || this.explorer || this.surfaceView) return;
    const root = /** @type {ShadowRoot} */ (this.shadowRoot);
    if (this.hasAttribute('surface')) {
      root.adoptedStyleSheets = [SHEET];
      this.surfaceView = createSurfaceEmbed(this, root);
      this.ready = this.surfaceView.ready;
      return;
    }
    if (this.getAttribute('mode') === 'explore') {
      root.adoptedStyleSheets = [SHEET];
      this.explore(root);
      return;
    }
    root.adoptedStyleSheets = [SHEET];
    root.innerHTML = `<div class="wrap">
      <div class="head" hidden></div>
      <div class="area"></div>
      <div class="newspot" hidden></div>
      <div class="replay" hidden></div>
      <div class="bar"><span class="status" role="status" aria-live="polite"></span>
        <button type="button" data-act="analyse" hidden>Analyse</button>
        <button type="button" data-act="undo" aria-label="Undo" title="Undo" data-icon="↶"><span class="word">Undo</span></button>
        <button type="button" data-act="redo" aria-label="Redo" title="Redo" data-icon="↷"><span class="word">Redo</span></button>
        <button type="button" data-act="reset" aria-label="Restart" title="Restart" data-icon="⟲"><span class="word">Restart</span></button></div>
      <div class="panel" aria-live="polite" hidden></div>
      <div class="maths" hidden></div></div>`;
    this.lines(null); // the buttons the attributes allow, from the first frame
    const q = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (root.querySelector(sel));
    const area = q('.area');
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
        if (!this.game || !this.canPlay()) return;
        try {
          const pts = new Float64Array(points);
          const move = this.newSpot ? this.game.playStrokeAs(pts, t, this.newSpot) : this.game.playStroke(pts, t);
          const left = /** @type {any} */ (this.game).linesLeft ?? 0;
          if (left > 0) {
            // A line of a (p, q) move: drawn, the move not played yet.
            this.board?.message(`Drew ${move}: ${left} more line${left === 1 ? '' : 's'} from the new spot`, true);
            this.render();
            return;
          }
          this.board?.message(`Played ${move}`, true);
          this.moved(move);
        } catch (e) {
          this.board?.message(`Not a move: ${messageOf(e)}`, false);
        }
      },
      onScale: (s) => this.rules(s),
      // Short: no band above the drawing (the zoom buttons over its corner).
      band: () => (this.short() ? 0 : 30),
      onSpotActivate: (n) => this.activateSpot(n),
      spotLabel: (s) => `Spot ${s.n}, ${s.lives} ${s.lives === 1 ? 'life' : 'lives'}${s.lives === 0 ? ' (dead)' : ''}`,
      placeLabels: (scale, margin) => placeInWorker(this.game, scale, margin, this),
      // Where no worker starts: placed as the page places them, on this thread.
      labelPlaces: (scale, margin) => {
        try {
          return this.game?.labelBoxes(scale, margin) ?? null;
        } catch {
          return null;
        }
      },
    });
    this.overlay = createOverlay(q('.maths'), this.board, area);
    this.spotChoice = createSpotChoice({ game: () => this.game, get: () => this.newSpot, set: (w) => { this.newSpot = w; } }, q('.newspot'));
    const host = this;
    this.replayBar = createReplay({ get game() { return host.game; }, get written() { return host.written; }, goTo: (k) => this.goTo(k) }, q('.replay'));
    this.computer = createOpponent({
      get game() { return host.game; },
      getAttribute: (n) => this.getAttribute(n),
      hasAttribute: (n) => this.hasAttribute(n),
      computerMoved: (move) => {
        this.board?.message(`The computer played ${move}`, true);
        this.moved(move);
      },
      note: (text, ok) => this.board?.message(text, ok),
      thinkingChanged: () => this.render(),
    });
    this.analyser = createAnalysis(
      { get game() { return host.game; }, get board() { return host.board; }, canPlay: () => this.canPlay(), play: (m) => this.play(m) },
      /** @type {HTMLButtonElement} */ (q('[data-act=analyse]')),
      q('.panel'),
    );
    const onClick = (/** @type {Event} */ ev) => {
      const act = /** @type {HTMLElement} */ (ev.target).closest?.('button')?.dataset.act;
      if (act === 'undo') this.undo();
      else if (act === 'redo') this.redo();
      else if (act === 'reset') void this.reset();
    };
    root.addEventListener('click', onClick);
    // The replay keys (and a mode's) while the focus is anywhere in the element.
    const onKey = (/** @type {KeyboardEvent} */ ev) => {
      if (ev.defaultPrevented) return;
      if (this.teaching?.feature?.key?.(ev) || (this.getAttribute('controls') === 'replay' && this.replayBar?.key(ev))) ev.preventDefault();
      else if (ev.key === 'Escape' && this.selected !== null) {
        this.selected = null;
        this.board?.highlight({ marked: [] });
        this.board?.message('', true);
      }
    };
    this.addEventListener('keydown', onKey);
    // The element's own size: the ratio from CSS may change with the page's media queries.
    const ro = new ResizeObserver(() => this.fit());
    ro.observe(this);
    this.cleanups.push(() => {
      root.removeEventListener('click', onClick);
      this.removeEventListener('keydown', onKey);
      ro.disconnect();
    });
    this.fit();
    this.ready = loadEngine().then(
      (engine) => {
        this.engine = engine;
        return this.reset();
      },
      (e) => this.fail(`the engine did not load: ${messageOf(e)}`),
    );
    // mode="puzzle": find a winning move (embed-puzzle.js).
    if (this.getAttribute('mode') === 'puzzle') this.cleanups.push(attachPuzzle(this));
  }

  disconnectedCallback() {
    this.destroy();
  }

  /**
   * @param {string} name @param {string | null} old @param {string | null} value
   */
  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    if (name === 'surface' && (this.board || this.surfaceView)) {
      // A bad value is refused where the game is shown, which stays.
      if (value !== null && surfaceError(value)) {
        if (this.surfaceView) this.surfaceView.update();
        else this.fail(/** @type {string} */ (surfaceError(value)));
        return;
      }
      if (this.surfaceView && value !== null) return this.surfaceView.update();
      // Between the plane and a surface: a new board.
      this.destroy();
      this.connectedCallback();
      return;
    }
    if (this.surfaceView) {
      if (['spots', 'misere'].includes(name)) this.surfaceView.update();
      else if (name === 'analysis') this.surfaceView.showAnalysis();
      return;
    }
    if (!this.board) return;
    if (name === 'aspect' || name === 'theme') {
      this.fit();
      return;
    }
    // The overlay only shows more of the same game.
    if (name === 'overlay') return this.render();
    if (!this.engine) return;
    if (GAME_ATTRIBUTES.includes(name)) {
      this.board.setInteractive(!this.hasAttribute('readonly'));
      void this.reset();
    } else if (name === 'move') {
      this.goTo(this.firstMove());
    } else {
      if (name === 'opponent' || name === 'side') this.computer?.stop();
      if (name === 'mode') void this.loadMode();
      this.render();
      this.computer?.maybeMove();
    }
  }

  /** The ratio asked for (attribute first, then the CSS custom property), or null. */
  aspect() {
    return parseAspect(this.getAttribute('aspect')) ?? parseAspect(getComputedStyle(this).getPropertyValue('--sprouts-aspect'));
  }

  /** Fills the container's width at the ratio asked for, or keeps the element's own size. */
  fit() {
    const root = this.shadowRoot;
    const wrap = /** @type {HTMLElement | null} */ (root?.querySelector('.wrap'));
    if (!root || !wrap) return;
    const r = this.aspect();
    const filling = root.adoptedStyleSheets.includes(FILL);
    if (r && !filling) root.adoptedStyleSheets = [SHEET, FILL];
    else if (!r && filling) root.adoptedStyleSheets = [SHEET];
    // CSSOM, not a style attribute: a page's CSP may forbid inline styles.
    if (r) wrap.style.setProperty('--sb-aspect', String(r));
    else wrap.style.removeProperty('--sb-aspect');
    wrap.classList.toggle('short', this.short());
  }

  /** Whether the element is short (SHORT_PX): see fit(). */
  short() {
    const h = this.getBoundingClientRect().height;
    return h > 0 && h < SHORT_PX;
  }

  /** Starts again from the attributes; resolves (as `el.ready` does) when the game is shown. */
  reset() {
    this.ready = this.read();
    return this.ready;
  }

  /** The move to show first: `move="k"` (clamped), else the last. */
  firstMove() {
    const k = Number(this.getAttribute('move'));
    return this.hasAttribute('move') && Number.isFinite(k) ? Math.max(0, Math.round(k)) : Number.MAX_SAFE_INTEGER;
  }

  /** Reads the attributes' game and shows it. */
  async read() {
    const engine = this.engine;
    if (!engine || !this.board) return;
    const read = ++this.reads;
    this.computer?.stop();
    this.analyser?.clear();
    const n = Math.max(1, Math.min(20, Math.round(Number(this.getAttribute('spots') ?? 3)) || 3));
    // The board's shape, as the page chooses it (800 units wide): the drawing fills the board's area.
    // Down to 300 units tall (the page: 450), so that a wide embed's
    // drawing fills its width too: at 320×240 the drawing is then shown
    // 11% larger, with room for numbers beside their spots (docs/labels.md).
    const misere = this.hasAttribute('misere');
    // The moves are read as a record, exactly as the page's Open box reads
    // one: a whole record (with its header) or moves after spots/misere,
    // or after the position laid out by the engine.
    const moves = (this.getAttribute('moves') ?? '').trim();
    const position = this.getAttribute('position');
    const record = position ? moves : looksLikeRecord(moves) ? moves : `${n}${misere ? '-' : '+'} ${moves}`;
    // The record as written (undrawn, so quick): its header and moves as the players wrote them.
    /** @type {{ header: import('./embed-status.js').Header, moves: { move: string, written: string }[] } | null} */
    let written = null;
    if (!position && moves) {
      try {
        written = engine.readRecord(record);
      } catch { /* the game may still read; only the written forms are missing */ }
    }
    // The lines round the board (header, replay bar) as they will be shown,
    // before the board's area is measured: measured without them, the
    // board was shaped for an area taller than it gets (at 320×240 the
    // fitted drawing ran under the bar, docs/labels.md).
    this.lines(written?.header ?? null);
    this.fit(); // (short or not: the status's lines)
    const area = this.shadowRoot?.querySelector('.area')?.getBoundingClientRect();
    const { width, height } = boardShape(area?.width ?? 0, area?.height ?? 0, 24, EMBED_LEAST_HEIGHT, this.short() ? 0 : undefined);
    /** @type {EngineGame | null} */
    let game = null;
    /** @type {unknown} */
    let why = null;
    // A plain start is drawn at once; anything to route or lay out goes to the worker.
    let saved = null;
    // Other rules (variants.js, issue 37): a start of dots or crosses and
    // moves read as a tagged record; a bad rules or start is refused.
    const variant = variantAttributes(this);
    if (variant) {
      try {
        const tagged = `${variant.tag} ${looksLikeRecord(moves) ? moves : `${n}${misere ? '-' : '+'} ${moves}`}`;
        // (p, q) Sprouts (`rules="pq:4,3"`) is the PqGame of the module
        // fetched on demand (engine.js), loaded first.
        const pq = variant.rules.startsWith('pq:');
        if (pq) await readyFor(variant.rules);
        game = moves
          ? gameFromRecord(engine, tagged, width, height)
          : pq ? newPqGame(variant.rules, n, misere, width, height)
          : engine.Game.newVariant(variant.rules, variant.start, n, misere, width, height);
      } catch (e) {
        why = e;
      }
    } else if (position || moves) {
      // Said only if it takes a while (a short record would flash it).
      const slow = setTimeout(() => { if (read === this.reads) this.board?.message('Reading the game…', true); }, 250);
      saved = await readInWorker({ position: position || null, misere, record, width, height }, this);
      clearTimeout(slow);
    }
    if (read !== this.reads || !this.board) return; // attributes changed meanwhile, or removed
    try {
      if (variant) {
        // read above
      } else if (typeof saved === 'string') {
        game = engine.Game.fromJson(saved);
      } else if (saved instanceof Error) {
        why = saved;
      } else {
        game = readGame(engine.Game, { position: position || null, misere, record, width, height });
      }
    } catch (e) {
      why = e;
    }
    if (why !== null) {
      game?.free();
      game = new engine.Game(n, misere, width, height);
    }
    this.game?.free();
    this.game = game;
    this.written = why === null ? written : null;
    this.selected = null;
    const k = this.firstMove();
    if (k < this.game.moveCount) this.game.goTo(k);
    // A game someone is to start: how to move, as the page's band says it
    // (a student who never heard of Sprouts meets a bare row of spots).
    // Not on a short board: it has no band, and the words would cover spots.
    const hint = !this.short() && !this.hasAttribute('mode') && this.getAttribute('controls') !== 'replay' && this.game.moveCount === 0 && this.canPlay();
    if (why !== null) this.fail(messageOf(why));
    else this.board.message(hint ? HINT : '', true);
    this.rules(this.board.scale());
    await this.loadMode();
    if (read !== this.reads) return;
    this.render();
    this.computer?.maybeMove();
    void this.tidy();
  }

  /** Loads the teaching mode the `mode` attribute names (once per element and mode). */
  async loadMode() {
    const name = this.getAttribute('mode') ?? '';
    if (this.teaching?.name === name) return;
    this.teaching?.feature?.destroy();
    this.teaching = { name, feature: null };
    const load = Object.hasOwn(MODES, name) ? MODES[name] : null;
    if (!load) return;
    try {
      const mod = await load();
      if (this.teaching?.name === name && this.board) this.teaching.feature = mod.default(this);
    } catch (e) {
      this.fail(`the mode ${name} did not load: ${messageOf(e)}`);
    }
  }

  /** Tidies the drawing shown (in the worker), then shows it if the game has not changed meanwhile. */
  async tidy() {
    const game = this.game;
    const shown = game?.record();
    const tidied = await tidyInWorker(game, this.board?.scale() ?? 0, this);
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
  /** How many moves are shown (0: the start). */
  get moveShown() { return this.game?.moveCount ?? 0; }

  /** Whether a move may be played now: not read-only, not the computer's turn. */
  canPlay() {
    const g = this.game;
    if (!g || this.hasAttribute('readonly') || g.isOver() || this.computer?.thinking()) return false;
    const who = opponentOf(this);
    return !who || g.toMove() !== who.side;
  }

  /** @param {string} text a move in WGOSA notation */
  play(text) {
    if (!this.game) throw new Error('the engine is not loaded yet (await el.ready)');
    const move = this.game.playText(text);
    this.moved(move);
    return move;
  }

  /** Takes back a move; against the computer, back to the player's own turn. */
  undo() {
    const g = this.game;
    if (!g?.undo()) return;
    this.computer?.stop();
    const who = opponentOf(this);
    if (who && g.toMove() === who.side && g.moveCount > 0) g.undo();
    this.changed();
  }

  redo() {
    if (this.game?.redo()) this.changed();
  }

  /**
   * Shows the game after k moves (0: the start; past the end: the last);
   * false if there is no game yet.
   * @param {number} k
   */
  goTo(k) {
    const g = this.game;
    if (!g) return false;
    this.computer?.stop();
    if (!g.goTo(Math.max(0, Math.min(k, Number.MAX_SAFE_INTEGER)))) {
      while (g.redo()) { /* to the last move */ }
    }
    this.changed();
    this.dispatchEvent(new CustomEvent('sprouts-step', { detail: { move: g.moveCount, record: this.record }, bubbles: true, composed: true }));
    return true;
  }

  /** The position shown changed without a move played (undo, redo, a step). */
  changed() {
    this.analyser?.clear();
    this.render();
  }

  /**
   * A spot chosen from the keyboard (Tab to it, Enter): the first is
   * marked, the second plays the move joining them when there is one
   * (several: the board says which, to be drawn or played with el.play).
   * @param {number} n
   */
  activateSpot(n) {
    const g = this.game;
    if (!g || !this.canPlay()) return;
    if (g.lives(n) === 0) {
      this.board?.message(`Spot ${n} has no lives left`, false);
      return;
    }
    if (this.selected === null) {
      this.selected = n;
      this.board?.highlight({ marked: [n] });
      this.board?.message(`Spot ${n} chosen: now the spot where the line ends (the same for a loop)`, true);
      return;
    }
    const a = this.selected;
    this.selected = null;
    this.board?.highlight({ marked: [] });
    const options = g.movesBetween(a, n, 8);
    if (options.length === 1) {
      this.play(options[0]);
      this.board?.message(`Played ${options[0]}`, true);
    } else if (options.length === 0) {
      this.board?.message(`No move joins spot ${a} to spot ${n}`, false);
    } else {
      this.board?.message(`${options.length >= 8 ? 'Many' : options.length} moves join them (${options.slice(0, 4).join(', ')}…): draw the one you mean`, false);
    }
  }

  /** @param {string} move */
  moved(move) {
    this.analyser?.clear();
    this.render();
    void this.tidy();
    const record = this.record;
    this.dispatchEvent(new CustomEvent('sprouts-move', { detail: { move, record }, bubbles: true, composed: true }));
    const st = this.status;
    if (st?.over) {
      this.dispatchEvent(new CustomEvent('sprouts-over', { detail: { winner: st.winner, record }, bubbles: true, composed: true }));
    }
    this.computer?.maybeMove();
  }

  render() {
    const g = this.game;
    const board = this.board;
    const root = this.shadowRoot;
    if (!g || !board || !root) return;
    const q = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (root.querySelector(sel));
    const st = g.status();
    const controls = this.getAttribute('controls');
    const readonly = this.hasAttribute('readonly');
    const replaying = controls === 'replay';
    const who = opponentOf(this);
    // The lines round the board first, the board last: the board fits the
    // drawing to the area the lines leave (measured when its state is set),
    // and the tidy asks for that scale.
    const h = this.written?.header;
    this.lines(h ?? null);
    if (replaying) {
      this.replayBar?.render();
      // Focusable so that the replay keys work once the element is clicked or tabbed to.
      if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    }
    const atRecordEnd = !!this.written && g.moveCount === this.written.moves.length && this.written.moves.every((m, i) => g.moves()[i] === m.move);
    q('.status').textContent = statusText(st, { header: h ?? null, atRecordEnd, computer: who?.side ?? null, thinking: this.computer?.thinking(), game: g });
    q('.status').title = q('.status').textContent; // clamped to two lines: the whole text on hover
    /** @type {HTMLButtonElement} */ (q('[data-act=undo]')).disabled = !st.canUndo;
    /** @type {HTMLButtonElement} */ (q('[data-act=redo]')).disabled = !st.canRedo;
    this.spotChoice?.render();
    if (readonly || replaying || st.over) q('.newspot').hidden = true;
    board.setState({ spots: g.spotList(), edges: g.edgeList(), extent: g.extent(), lastSpot: st.moveNumber ? g.spots + st.moveNumber : 0 });
    board.highlight({ marked: this.selected ? [this.selected] : [] });
    board.setInteractive(this.canPlay());
    this.teaching?.feature?.render();
    this.overlay?.show(this.hasAttribute('overlay') ? g : null);
  }

  /**
   * Which lines show round the board: the header (players, or the result
   * in a replay), the replay bar and the bar of buttons.
   * @param {import('./embed-status.js').Header | null} h the record's header
   */
  lines(h) {
    const root = this.shadowRoot;
    if (!root) return;
    const q = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (root.querySelector(sel));
    const controls = this.getAttribute('controls');
    q('.bar').hidden = controls === 'none';
    q('.replay').hidden = controls !== 'replay';
    // Undo and Redo only where moves are played and not stepped through;
    // Restart where moves are played. Set here, before the game is read: a
    // read-only record never shows them, not even while "Reading the game…".
    const readonly = this.hasAttribute('readonly');
    q('[data-act=undo]').hidden = readonly || controls === 'replay';
    q('[data-act=redo]').hidden = readonly || controls === 'replay';
    q('[data-act=reset]').hidden = readonly;
    q('[data-act=analyse]').hidden = !this.hasAttribute('analysis');
    const head = q('.head');
    head.hidden = !h?.players && !(controls === 'replay' && h?.result);
    head.textContent = h ? headerLine(h) : '';
    head.title = head.textContent; // the whole line where it is cut with an ellipsis
  }

  /**
   * `mode="explore"`: the game-tree explorer (explorer.js) of `position`
   * or of `spots` spots, instead of a board.
   * @param {ShadowRoot} root
   */
  explore(root) {
    const box = document.createElement('div');
    root.replaceChildren(box);
    this.ready = loadEngine().then((engine) => {
      this.explorer = createExplorer(box, engine);
      const n = Math.max(1, Math.min(20, Math.round(Number(this.getAttribute('spots') ?? 2)) || 2));
      this.explorer.open(this.getAttribute('position') || `0*${n}`, this.hasAttribute('misere'));
    }, (e) => this.fail(`the engine did not load: ${messageOf(e)}`));
  }

  /** @param {string} message */
  fail(message) {
    this.board?.message(message, false);
    this.dispatchEvent(new CustomEvent('sprouts-error', { detail: { message }, bubbles: true, composed: true }));
  }

  /** Removes every listener, the board and the engine's game. */
  destroy() {
    this.reads++;
    this.teaching?.feature?.destroy();
    this.teaching = null;
    this.replayBar?.destroy();
    this.computer?.destroy();
    this.analyser?.destroy();
    this.replayBar = this.computer = this.analyser = null;
    this.explorer?.destroy();
    this.explorer = null;
    this.surfaceView?.destroy();
    this.surfaceView = null;
    this.overlay = null;
    cancelDrawing(this); // its reading, queued or running, is not waited for by the next board
    for (const f of this.cleanups.splice(0)) f();
    this.board?.destroy();
    this.board = null;
    this.game?.free();
    this.game = null;
    if (this.shadowRoot) this.shadowRoot.innerHTML = '';
  }
}

/**
 * The header of a record in one line: "AuntBeast (1) – Khorkov* (2) · 2006 · 26 spots, misère · result II".
 * @param {import('./embed-status.js').Header} h
 */
export function headerLine(h) {
  const parts = [];
  if (h.players) {
    const star = (/** @type {number} */ k) => (h.players?.chooser === k ? '*' : '');
    parts.push(`${h.players.first}${star(1)} (1) – ${h.players.second}${star(2)} (2)`);
    if (h.players.note) parts.push(h.players.note);
  }
  parts.push(`${h.spots} spots, ${h.convention === 'misere' ? 'misère' : 'normal play'}`);
  if (h.result) parts.push(`result ${h.result === 1 ? 'I' : 'II'}`);
  return parts.join(' · ');
}

if (!customElements.get('sprouts-board')) customElements.define('sprouts-board', SproutsBoard);
