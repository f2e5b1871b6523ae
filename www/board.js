// @ts-check
/**
 * The board view: a canvas that draws spots and curves, an overlay of
 * focusable spot buttons for keyboard and assistive use, and freehand
 * drawing with pointer events (mouse, pen, touch).
 *
 * The board knows no rules. The host gives it what to draw (`setState`),
 * a `check` function that says what a stroke being drawn means (the engine
 * answers), and is told when a stroke is finished (`onStroke`). All state
 * lives in plain objects; the DOM only reflects it, and redraws are batched
 * into one animation frame.
 *
 *   const board = createBoard(element, { check, onStroke });
 *   board.setState({ spots, edges, extent });
 *   board.destroy();   // removes every listener and element it added
 *
 * Coordinates: the host's "board units" (the engine's); the view fits the
 * extent into the element, the player may zoom and pan on top of that
 * (wheel, pinch, two-finger or modifier drag, the + / − / fit buttons,
 * double tap to fit), and every stroke goes through the same transform,
 * so a stroke drawn zoomed in is the same stroke in board units. The
 * scale (CSS px per board unit, zoom included) is `board.scale()`.
 */

/** @typedef {{ n: number, x: number, y: number, lives: number, idle?: boolean }} SpotData idle: no move left where it is (drawn faded) */
/** @typedef {{ ends: number[], points: number[], idle?: boolean }} EdgeData idle: part of no move (drawn faded) */
/** @typedef {{ minX: number, minY: number, maxX: number, maxY: number }} Extent */
/**
 * What the host's check says about a stroke (see `Game.extendStroke`).
 * @typedef {{
 *   ok: boolean, complete: boolean, from: number|null, to: number|null,
 *   targets: number[], reason: string|null, code: string|null, at: number|null,
 *   spot: number|null, newSpot: number[]|null, t: number|null, curve: number[]|null,
 *   release?: string|null
 * }} Feedback
 */
/**
 * A finished stroke waiting for the player to place its new spot.
 * @typedef {{ points: number[], curve: number[], t: number, newSpot: number[] }} Pending
 */
/**
 * @typedef {Object} BoardConfig
 * @property {(points: number[], from: number) => Feedback | null} [check] what a stroke being drawn means: `points` is the whole stroke (flat x, y), of which the first `from` numbers were in the last call for this stroke (0: a new stroke), so a host can send the engine only the new ones
 * @property {(points: number[], t: number) => void} [onStroke] a finished stroke (t: where its new spot goes, 0..1)
 * @property {(pointerType: string) => void} [onStrokeStart] a stroke begins (mouse, pen or touch)
 * @property {(spot: number) => void} [onSpotActivate] a spot button was activated (Enter / Space / click)
 * @property {(scale: number) => void} [onScale] CSS pixels per board unit changed
 * @property {(pending: Pending | null) => void} [onPending] a stroke awaits placement of its new spot, or not any more
 * @property {boolean} [placeSpot] let the player slide the new spot before confirming (default false)
 * @property {boolean} [interactive] accept strokes (default true)
 * @property {(s: SpotData) => string} [spotLabel] accessible name of a spot button
 * @property {number} [margin] board units kept around the extent (default 24)
 * @property {() => number} [band] CSS px kept free above the fitted drawing for the message and the zoom buttons (default MESSAGE_BAND; a short embed gives 0: the buttons then sit over the drawing's corner)
 * @property {(scale: number, margin: number) => ArrayLike<number> | null} [labelPlaces] where the spot numbers go (box centres and font sizes in CSS px, flat x, y, font; or flat x, y at 12 px), instead of the board's own choice
 * @property {(scale: number, margin: number) => Promise<ArrayLike<number> | null> | null} [placeLabels] the same, worked out off the page's thread (null: not now); shown when it comes if the drawing and scale are still those it was asked for. With it, `labelPlaces` is asked only for a picture (`image`) and where `placeLabels` gives null
 */

/** Okabe–Ito colours (safe for colour-blind readers), backed by shapes. */
const LIFE_COLOUR = ['#8a8a8a', '#cc79a7', '#e69f00', '#0072b2'];
const LIFE_SHAPE = ['dot', 'triangle', 'square', 'circle'];
const PAPER = '#fffdf8';
/** Curves where no move is left: lighter, so the eye goes to the live parts (as in the SVG picture). */
const IDLE_CURVE = '#b8b8b8';
const LAND_COLOURS = ['rgba(0,158,115,0.22)', 'rgba(86,180,233,0.25)', 'rgba(240,228,66,0.35)', 'rgba(213,94,0,0.18)'];

/** Styles of the board (also used inside the embed's shadow root). */
export const BOARD_CSS = `
.sb-board { position: relative; touch-action: none; user-select: none; -webkit-user-select: none;
  width: 100%; height: 100%; min-height: 200px; overflow: hidden; background: ${PAPER}; border-radius: 8px; }
.sb-board canvas { position: absolute; inset: 0; width: 100%; height: 100%; touch-action: none; display: block; }
.sb-spots { position: absolute; inset: 0; pointer-events: none; }
.sb-spot { position: absolute; width: 28px; height: 28px; margin: -14px 0 0 -14px; padding: 0;
  border: 0; border-radius: 50%; background: transparent; pointer-events: none; color: transparent; font-size: 1px; }
.sb-spot:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
.sb-spot.sb-selected { outline: 3px dashed #009e73; outline-offset: 2px; }
/* The message and the zoom buttons share the line the fitted drawing keeps free at the top (MESSAGE_BAND). */
.sb-msg { position: absolute; left: 8px; right: 116px; top: 8px; pointer-events: none; font: 14px/1.3 system-ui, sans-serif;
  color: #7a1f00; background: rgba(255,255,255,0.9); border-radius: 4px; padding: 2px 6px; width: fit-content; }
.sb-msg:empty { display: none; }
@media (max-width: 480px) { .sb-msg { font-size: 12px; } }
.sb-msg.sb-ok { color: #00573f; }
.sb-board.sb-pan canvas { cursor: grab; }
.sb-zoom { position: absolute; right: 4px; top: 2px; display: flex; gap: 4px; }
.sb-zoom button { font: 600 15px/1 system-ui, sans-serif; min-width: 30px; height: 26px; padding: 0 6px; border: 1px solid #8a8474;
  border-radius: 6px; background: rgba(255,255,255,0.92); color: #1a1a1a; cursor: pointer; }
.sb-zoom button:hover { background: #eef5fb; }
.sb-zoom button:focus-visible { outline: 3px solid #0072b2; outline-offset: 1px; }
`;

/** Zoom limits on top of the fitted view, and the factor of one button press. */
const ZOOM_MIN = 0.5;
const ZOOM_MAX = 12;
const ZOOM_STEP = 1.5;
/** CSS px at the top of the board kept for a line of message (8 px from the top, 14 px text) and the zoom buttons. */
const MESSAGE_BAND = 30;
/** The least margin (CSS px) round the fitted drawing: a spot's mark (a triangle reaches 8 px from its centre) and a little. */
const MIN_MARGIN_PX = 10;
/**
 * Below MARK_FULL_SCALE CSS px per board unit spots, curves' widths and
 * numbers drawn on spots are drawn smaller, in proportion, down to
 * MARK_LEAST of their size, so that at an embed's small scales a curve
 * between two close spots clears both discs (`mark_scale` in
 * src/board/labels.rs, which places the numbers with the same sizes).
 */
const MARK_FULL_SCALE = 0.4;
const MARK_LEAST = 0.7;

/**
 * The size of the marks drawn at `px` board units per CSS px, as a part of their full size.
 * @param {number} px
 */
export function markScale(px) {
  const scale = 1 / px;
  return Number.isFinite(scale) && scale > 0 ? Math.min(1, Math.max(MARK_LEAST, scale / MARK_FULL_SCALE)) : 1;
}
/** How long the computer's curve takes to draw itself. */
const ANIMATION_MS = 400;
/** While the player zooms, and this long after, the numbers are not placed again. */
const ZOOM_REST_MS = 200;

/**
 * The board area of a new game, 800 units wide, for a board element of
 * `width` × `height` CSS px: as tall as fills the element when fitted
 * (below the message line, `margin` units all round), `least` (450 on
 * the page) to 1400 units. A phone's tall element then gets a tall
 * board, not a cropped one. (`board_shape` in src/board/legible.rs
 * measures with the same.) `band`: CSS px kept free above the drawing.
 * @param {number} width @param {number} height @param {number} [margin] @param {number} [least] @param {number} [band]
 */
export function boardShape(width, height, margin = 24, least = 450, band = MESSAGE_BAND) {
  if (!(width > 0 && height > 0)) return { width: 800, height: 560 };
  const tall = height - Math.min(band, height / 4);
  const h = (tall / width) * (800 + 2 * margin) - 2 * margin;
  return { width: 800, height: Math.round(Math.min(1400, Math.max(least, h))) };
}

/**
 * @param {HTMLElement} element where the board goes (it fills it)
 * @param {BoardConfig} [config]
 */
export function createBoard(element, config = {}) {
  /** @type {BoardConfig} */
  const cfg = { interactive: true, placeSpot: false, margin: 24, ...config };
  const doc = element.ownerDocument;
  const root = doc.createElement('div');
  root.className = 'sb-board';
  const canvas = doc.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  const overlay = doc.createElement('div');
  overlay.className = 'sb-spots';
  const msg = doc.createElement('div');
  msg.className = 'sb-msg';
  msg.setAttribute('role', 'status');
  msg.setAttribute('aria-live', 'polite');
  const zoomBar = doc.createElement('div');
  zoomBar.className = 'sb-zoom';
  for (const [act, text, name] of [['in', '+', 'Zoom in'], ['out', '−', 'Zoom out'], ['fit', 'Fit', 'Fit the drawing to the board (double tap)']]) {
    const b = doc.createElement('button');
    b.type = 'button';
    b.dataset.zoom = act;
    b.textContent = text;
    b.title = name;
    b.setAttribute('aria-label', name);
    zoomBar.append(b);
  }
  root.append(canvas, overlay, msg, zoomBar);
  element.append(root);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));

  /** Everything drawn comes from here. */
  const state = {
    /** @type {SpotData[]} */ spots: [],
    /** @type {EdgeData[]} */ edges: [],
    /** @type {Extent} */ extent: { minX: 0, minY: 0, maxX: 1, maxY: 1 },
    /** Spot number of the last move's new spot (its curve is emphasised). */
    lastSpot: 0,
    /** @type {number[]} spots to ring (e.g. a keyboard selection) */ marked: [],
    /** @type {number[][]} lands to tint */ lands: [],
    /** @type {{ points: number[], newSpot: number[] } | null} a move shown on hover */ preview: null,
    /** @type {{ points: number[], id: number, checked: number } | null} the stroke being drawn (`checked`: numbers of it the last check had) */ stroke: null,
    /** @type {Feedback | null} */ feedback: null,
    /** @type {Pending | null} */ pending: null,
    sliding: false,
    /** @type {{ spot: number, start: number, path: number[], lengths: number[], reach: number, middle: number, to: number } | null} the last move drawing itself */
    anim: null,
    /** The drawing is moving (a tidy in progress): numbers follow their spots instead of being placed again. */
    moving: false,
    /** @type {{ scale: number, places: ArrayLike<number> } | null} the numbers' places for these spots at that scale, worked out elsewhere (box centres, flat x, y) */
    labels: null,
    message: '',
    messageOk: false,
  };
  /** The view: CSS px = board * scale + offset (the fit, then the player's zoom). */
  const view = { scale: 1, ox: 0, oy: 0, width: 0, height: 0, dpr: 1 };
  /** The extent fitted into the element: CSS px = board * scale + offset; `margin` board units round it. */
  const fitted = { scale: 1, ox: 0, oy: 0, margin: cfg.margin ?? 24 };

  /**
   * The scale that fits the extent `e` and `margin` units round it into
   * `width` × `tall` CSS px, the margin at least MIN_MARGIN_PX: at an
   * embed's small scales 24 units are 5–7 px, less than a spot's mark,
   * and a spot at the drawing's edge was cut by the board's edge (the
   * 26-spot record at 320×240, docs/labels.md). Sets `fitted.margin`.
   * @param {Extent} e @param {number} width @param {number} tall @param {number} margin
   */
  function fitScale(e, width, tall, margin) {
    const ew = Math.max(1e-9, e.maxX - e.minX);
    const eh = Math.max(1e-9, e.maxY - e.minY);
    const scale = Math.min(width / (ew + 2 * margin), tall / (eh + 2 * margin));
    fitted.margin = margin;
    if (margin * scale >= MIN_MARGIN_PX) return scale;
    const least = Math.min((width - 2 * MIN_MARGIN_PX) / ew, (tall - 2 * MIN_MARGIN_PX) / eh);
    if (!(least > 0)) return scale;
    fitted.margin = MIN_MARGIN_PX / least;
    return least;
  }
  /** The player's zoom and pan on top of the fit: CSS px = fitted px * k + t. */
  const zoom = { k: 1, tx: 0, ty: 0 };
  /** @type {HTMLButtonElement[]} */
  let buttons = [];
  let frame = 0;
  let checkFrame = 0;
  let destroyed = false;

  // ---- view

  function layout() {
    // Zoomed in or out, the board point at the centre stays at the centre
    // when the element changes size (a phone turned); fitted, it stays fitted.
    const zoomed = zoom.k !== 1 || zoom.tx !== 0 || zoom.ty !== 0;
    const centre = [(view.width / 2 - view.ox) / view.scale, (view.height / 2 - view.oy) / view.scale];
    const r = root.getBoundingClientRect();
    view.width = Math.max(1, r.width);
    view.height = Math.max(1, r.height);
    view.dpr = Math.max(1, globalThis.devicePixelRatio || 1);
    const e = state.extent;
    // The fitted drawing starts below a line of message, which would
    // otherwise cover its top (on a phone the margin is only 10 px).
    const band = Math.min(cfg.band?.() ?? MESSAGE_BAND, view.height / 4);
    const tall = Math.max(1, view.height - band);
    fitted.scale = fitScale(e, view.width, tall, cfg.margin ?? 24);
    const m = fitted.margin;
    const w = Math.max(1, e.maxX - e.minX + 2 * m);
    const h = Math.max(1, e.maxY - e.minY + 2 * m);
    fitted.ox = (view.width - w * fitted.scale) / 2 - (e.minX - m) * fitted.scale;
    fitted.oy = band + (tall - h * fitted.scale) / 2 - (e.minY - m) * fitted.scale;
    if (zoomed) {
      zoom.tx = view.width / 2 - zoom.k * (centre[0] * fitted.scale + fitted.ox);
      zoom.ty = view.height / 2 - zoom.k * (centre[1] * fitted.scale + fitted.oy);
    }
    const cw = Math.round(view.width * view.dpr);
    const ch = Math.round(view.height * view.dpr);
    if (canvas.width !== cw || canvas.height !== ch) {
      canvas.width = cw;
      canvas.height = ch;
    }
    applyZoom();
  }

  /** The view from the fit and the player's zoom; the drawing never leaves the element entirely. */
  function applyZoom() {
    const e = state.extent;
    const m = fitted.margin;
    // The fitted drawing's box after zooming keeps 48 px (or all of itself) inside.
    const box = (/** @type {number} */ lo, /** @type {number} */ hi, /** @type {number} */ s, /** @type {number} */ o) => [(lo - m) * s * zoom.k + o * zoom.k, (hi + m) * s * zoom.k + o * zoom.k];
    const [x0, x1] = box(e.minX, e.maxX, fitted.scale, fitted.ox);
    const [y0, y1] = box(e.minY, e.maxY, fitted.scale, fitted.oy);
    const keep = (/** @type {number} */ t, /** @type {number} */ lo, /** @type {number} */ hi, /** @type {number} */ size) => {
      const need = Math.min(48, hi - lo);
      return Math.max(need - hi, Math.min(size - need - lo, t));
    };
    zoom.tx = keep(zoom.tx, x0, x1, view.width);
    zoom.ty = keep(zoom.ty, y0, y1, view.height);
    const old = view.scale;
    view.scale = fitted.scale * zoom.k;
    view.ox = fitted.ox * zoom.k + zoom.tx;
    view.oy = fitted.oy * zoom.k + zoom.ty;
    placeButtons();
    if (old !== view.scale) cfg.onScale?.(view.scale);
  }

  /** When the player last zoomed (ms, `performance.now()`). */
  let zoomedAt = -Infinity;

  /**
   * Zooms by `factor` keeping the point (x, y) (CSS px in the element) still.
   * @param {number} factor @param {number} x @param {number} y
   */
  function zoomAt(factor, x, y) {
    zoomedAt = performance.now();
    const k = Math.max(ZOOM_MIN, Math.min(ZOOM_MAX, zoom.k * factor));
    const f = k / zoom.k;
    zoom.k = k;
    zoom.tx = x - f * (x - zoom.tx);
    zoom.ty = y - f * (y - zoom.ty);
    applyZoom();
    schedule();
  }

  /** @param {number} dx @param {number} dy CSS px */
  function panBy(dx, dy) {
    zoom.tx += dx;
    zoom.ty += dy;
    applyZoom();
    schedule();
  }

  function fitView() {
    zoomedAt = performance.now();
    Object.assign(zoom, { k: 1, tx: 0, ty: 0 });
    applyZoom();
    schedule();
  }

  /** @param {number} x @param {number} y board units → CSS px in the element */
  function toView(x, y) {
    return [x * view.scale + view.ox, y * view.scale + view.oy];
  }

  /** @param {number} clientX @param {number} clientY → board units */
  function toBoard(clientX, clientY) {
    const r = root.getBoundingClientRect();
    return [(clientX - r.left - view.ox) / view.scale, (clientY - r.top - view.oy) / view.scale];
  }

  /** @param {number} x @param {number} y board units → client (viewport) px */
  function toClient(x, y) {
    const r = root.getBoundingClientRect();
    const [vx, vy] = toView(x, y);
    return [vx + r.left, vy + r.top];
  }

  // ---- spot buttons (keyboard, screen readers, and test hooks)

  /** @param {SpotData} s */
  function label(s) {
    if (cfg.spotLabel) return cfg.spotLabel(s);
    return `Spot ${s.n}, ${s.lives} ${s.lives === 1 ? 'life' : 'lives'}`;
  }

  function syncButtons() {
    while (buttons.length > state.spots.length) buttons.pop()?.remove();
    while (buttons.length < state.spots.length) {
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = 'sb-spot';
      const i = buttons.length;
      b.dataset.spot = String(i + 1);
      b.addEventListener('click', onButton);
      overlay.append(b);
      buttons.push(b);
    }
    state.spots.forEach((s, i) => {
      const b = buttons[i];
      b.setAttribute('aria-label', label(s));
      b.dataset.lives = String(s.lives);
      b.textContent = String(s.n);
      b.classList.toggle('sb-selected', state.marked.includes(s.n));
    });
    placeButtons();
  }

  function placeButtons() {
    state.spots.forEach((s, i) => {
      const b = buttons[i];
      if (!b) return;
      const [x, y] = toView(s.x, s.y);
      b.style.left = `${x}px`;
      b.style.top = `${y}px`;
    });
  }

  /** @param {Event} ev */
  function onButton(ev) {
    const n = Number(/** @type {HTMLElement} */ (ev.currentTarget).dataset.spot);
    if (n) cfg.onSpotActivate?.(n);
  }

  // ---- drawing

  function schedule() {
    if (!frame && !destroyed) frame = requestAnimationFrame(draw);
  }

  /** A smooth path through a flat polyline (quadratic pieces through midpoints). */
  /** @param {CanvasRenderingContext2D} ctx @param {number[]} p */
  function pathOf(ctx, p) {
    ctx.beginPath();
    const n = p.length / 2;
    if (n < 1) return;
    ctx.moveTo(p[0], p[1]);
    if (n < 3) {
      for (let i = 1; i < n; i++) ctx.lineTo(p[2 * i], p[2 * i + 1]);
      return;
    }
    for (let i = 1; i < n - 1; i++) {
      const mx = (p[2 * i] + p[2 * i + 2]) / 2;
      const my = (p[2 * i + 1] + p[2 * i + 3]) / 2;
      ctx.quadraticCurveTo(p[2 * i], p[2 * i + 1], mx, my);
    }
    ctx.lineTo(p[2 * n - 2], p[2 * n - 1]);
  }

  /** @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} lives @param {number} r */
  function spotShape(ctx, x, y, lives, r) {
    ctx.beginPath();
    switch (LIFE_SHAPE[Math.max(0, Math.min(3, lives))]) {
      case 'circle': ctx.arc(x, y, r, 0, 2 * Math.PI); break;
      case 'square': ctx.rect(x - r * 0.88, y - r * 0.88, r * 1.76, r * 1.76); break;
      case 'triangle':
        ctx.moveTo(x, y - r * 1.15);
        ctx.lineTo(x + r * 1.05, y + r * 0.7);
        ctx.lineTo(x - r * 1.05, y + r * 0.7);
        ctx.closePath();
        break;
      default: ctx.arc(x, y, r * 0.55, 0, 2 * Math.PI);
    }
  }

  /**
   * The curves; the two edges of the last move (ending at spot `lastSpot`)
   * stand out a little.
   * @param {CanvasRenderingContext2D} ctx @param {number} px one CSS pixel in board units @param {number} lastSpot
   */
  function paintCurves(ctx, px, lastSpot) {
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    const anim = lastSpot > 0 && state.anim?.spot === lastSpot ? state.anim : null;
    const m = markScale(px);
    for (const e of state.edges) {
      const last = lastSpot > 0 && e.ends.includes(lastSpot);
      if (last && anim) continue;
      ctx.strokeStyle = last ? '#000' : e.idle ? IDLE_CURVE : '#3b3b3b';
      ctx.lineWidth = (last ? 3 : 2.4) * m * px;
      pathOf(ctx, e.points);
      ctx.stroke();
    }
    if (anim) {
      ctx.strokeStyle = '#000';
      ctx.lineWidth = 3 * m * px;
      pathOf(ctx, prefix(anim.path, anim.lengths, anim.reach));
      ctx.stroke();
    }
  }

  /**
   * The last move as one path from its first spot through its new spot to
   * its last, and the length along it at each point (for drawing it in).
   * @param {number} spot the move's new spot
   */
  function movePath(spot) {
    const s = state.spots[spot - 1];
    const halves = state.edges.filter((e) => e.ends.includes(spot)).slice(0, 2);
    if (!s || halves.length !== 2) return null;
    const startsAt = (/** @type {number[]} */ p) => Math.hypot(p[0] - s.x, p[1] - s.y) < Math.hypot(p[p.length - 2] - s.x, p[p.length - 1] - s.y);
    const reversed = (/** @type {number[]} */ p) => {
      const r = [];
      for (let i = p.length - 2; i >= 0; i -= 2) r.push(p[i], p[i + 1]);
      return r;
    };
    const [a, b] = halves.map((e) => e.points);
    // Into the new spot, then out of it.
    const path = [...(startsAt(a) ? reversed(a) : a), ...(startsAt(b) ? b : reversed(b))];
    const lengths = [0];
    for (let i = 2; i < path.length; i += 2) lengths.push(lengths[lengths.length - 1] + Math.hypot(path[i] - path[i - 2], path[i + 1] - path[i - 1]));
    // The spot it ends at, which keeps its life until the line gets there.
    const to = halves[1].ends[0] === spot ? halves[1].ends[1] : halves[1].ends[0];
    return { path, lengths, middle: lengths[a.length / 2 - 1], to };
  }

  /**
   * The part of a path up to length `d`.
   * @param {number[]} path @param {number[]} lengths @param {number} d
   */
  function prefix(path, lengths, d) {
    const out = [path[0], path[1]];
    for (let i = 1; i < lengths.length; i++) {
      if (lengths[i] <= d) {
        out.push(path[2 * i], path[2 * i + 1]);
        continue;
      }
      const f = (d - lengths[i - 1]) / Math.max(1e-9, lengths[i] - lengths[i - 1]);
      out.push(path[2 * i - 2] + f * (path[2 * i] - path[2 * i - 2]), path[2 * i - 1] + f * (path[2 * i + 1] - path[2 * i - 1]));
      break;
    }
    return out;
  }

  /** Starts drawing in the last move (none when the reader asked for reduced motion). */
  function animateLast() {
    state.anim = null;
    if (!state.lastSpot || globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const m = movePath(state.lastSpot);
    if (!m) return;
    state.anim = { spot: state.lastSpot, start: performance.now(), reach: 0, ...m };
  }

  /** Advances the animation to now; whether it goes on. */
  function stepAnimation() {
    const a = state.anim;
    if (!a) return false;
    const t = Math.min(1, (performance.now() - a.start) / ANIMATION_MS);
    if (t >= 1) {
      state.anim = null;
      return false;
    }
    // Ease in and out, like a hand drawing it.
    const e = t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t);
    a.reach = e * a.lengths[a.lengths.length - 1];
    return true;
  }

  /**
   * Spots: shape and colour by lives; dead spots faded; `marked` ones
   * ringed; then their numbers.
   * @param {CanvasRenderingContext2D} ctx @param {number} px @param {number[]} marked
   */
  function paintSpots(ctx, px, marked, still = false) {
    const m = markScale(px);
    const r = 7 * m * px;
    // While the last move draws itself, its new spot appears when the line reaches it.
    const a = ctx.canvas === canvas ? state.anim : null;
    const hidden = a && a.reach < a.middle ? a.spot : 0;
    const unreached = a ? a.to : 0;
    for (const s of state.spots) {
      if (s.n === hidden) continue;
      const lives = Math.max(0, Math.min(3, s.lives + (s.n === unreached ? 1 : 0)));
      // A dead spot's dot is small but solid: faded, it vanished on its
      // faded curves and its number seemed to float (issue 34).
      ctx.globalAlpha = lives > 0 && s.idle ? 0.5 : 1;
      spotShape(ctx, s.x, s.y, lives, r);
      ctx.fillStyle = LIFE_COLOUR[lives];
      ctx.fill();
      if (lives > 0) {
        ctx.lineWidth = 1.5 * m * px;
        ctx.strokeStyle = '#1a1a1a';
        ctx.stroke();
      }
      // A (p, q) Sprouts spot may have more than three lives: its count,
      // in white on the three-lives mark.
      if (s.lives > 3 && s.n !== unreached) {
        ctx.fillStyle = '#ffffff';
        ctx.font = `700 ${9 * px}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(String(s.lives), s.x, s.y + 0.5 * px);
      }
      if (marked.includes(s.n)) {
        ctx.globalAlpha = 1;
        ctx.strokeStyle = '#009e73';
        ctx.lineWidth = 2.5 * px;
        ctx.beginPath();
        ctx.arc(s.x, s.y, 15 * px, 0, 2 * Math.PI);
        ctx.stroke();
      }
    }
    ctx.globalAlpha = 1;
    const font = (size) => `${size * px}px system-ui, sans-serif`;
    ctx.font = font(12);
    ctx.lineWidth = 3 * px;
    ctx.strokeStyle = PAPER;
    const places = labelPlaces(ctx, px, still);
    const twins = twinSpots(px);
    state.spots.forEach((s, i) => {
      if (s.n === hidden || twins.has(s.n)) return;
      const [x, y, corner, size = 12] = places[i];
      // A number centred on its spot (no place beside it reads) is drawn
      // on the spot's mark, bold, with a thin halo so the mark's shape and
      // colour show round it.
      const onSpot = corner < 0 && Math.abs(x - s.x) < 1e-9 && Math.abs(y - s.y) < 1e-9;
      ctx.lineWidth = (onSpot ? 2 * m : 3) * px;
      // A number with no clear place at 12 px may have one smaller.
      ctx.font = (onSpot ? '700 ' : '') + font(size);
      // corner -1: (x, y) is the centre (the host's places).
      ctx.textAlign = corner < 0 ? 'center' : corner % 2 ? 'right' : 'left';
      ctx.textBaseline = corner < 0 ? 'middle' : corner < 2 ? 'bottom' : 'top';
      // A halo of paper keeps the number legible over lines.
      ctx.strokeText(String(s.n), x, y);
      ctx.fillStyle = s.lives === 0 || s.idle ? '#6a6a6a' : '#1a1a1a';
      ctx.fillText(String(s.n), x, y);
    });
    ctx.textAlign = 'left';
  }

  /**
   * Dead spots drawn on one dot with a lower-numbered dead spot they are
   * joined to: a cross's two centres, a hair apart (a board spot takes at
   * most three lines, so a cross is two joined centres, src/board/crosses.rs).
   * They read as one dot, so only the lower number is drawn: two numbers
   * on one dot covered each other and their neighbours on a phone (the
   * spot's own label still names it).
   * @param {number} px board units per CSS px
   * @returns {Set<number>}
   */
  function twinSpots(px) {
    const out = new Set();
    const byN = new Map(state.spots.map((s) => [s.n, s]));
    for (const e of state.edges) {
      const [a, b] = e.ends.map((n) => byN.get(n));
      // A centre bar is a straight segment (2 points); a drawn line has more.
      if (!a || !b || a === b || a.lives > 0 || b.lives > 0 || e.points.length !== 4) continue;
      // Closer than a dead dot's diameter (2 × 3.85 CSS px) on screen.
      if (Math.hypot(a.x - b.x, a.y - b.y) < 7.7 * px) out.add(Math.max(a.n, b.n));
    }
    return out;
  }

  /**
   * The numbers' places and what they were worked out for; `from`: given
   * by the host with the state (`labels`), kept beside their spots while
   * the player zooms or the drawing moves ('zooming', 'following'), asked
   * of the host (`labelPlaces`: 'host'), kept beside their spots until
   * the host's places come (`placeLabels`: 'waiting'), or the board's own
   * ('board').
   * @type {{ spots: SpotData[] | null, edges: EdgeData[] | null, extent: Extent | null, px: number, labels: object | null, places: number[][], from: string }}
   */
  const labelCache = { spots: null, edges: null, extent: null, px: 0, labels: null, places: [], from: '' };

  /** The drawing and scale whose numbers `placeLabels` was last asked for, and whether its answer is awaited. */
  let asked = { spots: /** @type {SpotData[] | null} */ (null), edges: /** @type {EdgeData[] | null} */ (null), px: 0, waiting: false };

  /**
   * Asks the host to place the numbers of the drawing shown at this scale
   * (once); its answer becomes the state's `labels` if the drawing and the
   * scale are still the same. Returns whether an answer is awaited (no:
   * the host gave none, and the board places them itself).
   * @param {number} px
   */
  function askPlaces(px) {
    if (asked.spots === state.spots && asked.edges === state.edges && asked.px === px) return asked.waiting;
    const reply = cfg.placeLabels?.(1 / px, cfg.margin ?? 24) ?? null;
    const key = { spots: state.spots, edges: state.edges, px, waiting: !!reply };
    asked = key;
    /** @param {ArrayLike<number> | null} flat */
    const answer = (flat) => {
      key.waiting = false;
      if (destroyed || asked !== key) return;
      const n = state.spots.length;
      const shown = state.spots === key.spots && state.edges === key.edges && 1 / view.scale === px;
      if (shown && flat && (flat.length === 3 * n || flat.length === 2 * n)) state.labels = { scale: 1 / px, places: flat };
      // No places: worked out again on the next frame (the board's own).
      else labelCache.labels = { stale: true };
      schedule();
    };
    reply?.then(answer, () => answer(null));
    return key.waiting;
  }

  /**
   * Where each spot's number goes: of the four corners beside the spot
   * (0 above right, 1 above left, 2 below right, 3 below left), the one
   * farthest from other spots, lines and the numbers placed before it.
   * Remembered until the drawing or the scale changes.
   * @param {CanvasRenderingContext2D} ctx with the labels' font set @param {number} px
   * @param {boolean} still for a picture (`image`), not the screen
   * @returns {number[][]} per spot: [x, y, corner] or [x, y, -1, font size]
   */
  function labelPlaces(ctx, px, still) {
    const c = labelCache;
    const zooming = performance.now() - zoomedAt < ZOOM_REST_MS;
    if (c.spots === state.spots && c.edges === state.edges && c.px === px && c.extent === state.extent && c.labels === state.labels && (zooming || c.from !== 'zooming')) return c.places;
    const old = c.spots;
    /** @param {number[][]} places @param {string} from */
    const keep = (places, from) => {
      Object.assign(c, { spots: state.spots, edges: state.edges, extent: state.extent, px, labels: state.labels, places, from });
      return places;
    };
    const n = state.spots.length;
    /** @param {ArrayLike<number> | null | undefined} flat box centres and font sizes, or centres only */
    const fits = (flat) => !!flat && (flat.length === 3 * n || flat.length === 2 * n);
    /** @param {ArrayLike<number>} flat */
    const centres = (flat) => {
      const k = flat.length === 3 * n ? 3 : 2;
      return state.spots.map((_, i) => [flat[k * i], flat[k * i + 1], -1, k === 3 ? flat[k * i + 2] : 12]);
    };
    const given = state.labels;
    if (given && Math.abs(given.scale * px - 1) < 1e-9 && fits(given.places)) return keep(centres(given.places), 'given');
    // Zooming (only the scale changed): the numbers stay beside their
    // spots, their offsets following the scale, and are placed again once
    // the zoom rests (that takes up to ~160 ms in wasm late in a game: a
    // long task on every frame of a pinch).
    if (zooming && old === state.spots && c.edges === state.edges && c.places.length === state.spots.length && c.px !== px) {
      const k = px / c.px;
      setTimeout(schedule, ZOOM_REST_MS);
      return keep(state.spots.map((s, i) => [s.x + (c.places[i][0] - s.x) * k, s.y + (c.places[i][1] - s.y) * k, ...c.places[i].slice(2)]), 'zooming');
    }
    // (Whatever the scale: the view's fit follows the drawing as it spreads.)
    if (state.moving && old && old.length === state.spots.length) {
      return keep(state.spots.map((s, i) => [c.places[i][0] + s.x - old[i].x, c.places[i][1] + s.y - old[i].y, ...c.places[i].slice(2)]), 'following');
    }
    const waiting = !!cfg.placeLabels && !still && askPlaces(px);
    if (waiting) {
      // Until the host's places come the numbers stay where they were beside their spots.
      if (old && old.length === n && c.places.length === n && c.px > 0) {
        const k = px / c.px;
        return keep(state.spots.map((s, i) => [s.x + (c.places[i][0] - old[i].x) * k, s.y + (c.places[i][1] - old[i].y) * k, ...c.places[i].slice(2)]), 'waiting');
      }
    } else {
      // (Also where the host's worker gave no answer: placed on this thread rather than by corners.)
      const host = cfg.labelPlaces?.(1 / px, cfg.margin ?? 24);
      if (host && fits(host)) return keep(centres(host), 'host');
    }
    const r = 7 * px;
    const h = 12 * px;
    const e = state.extent;
    const m = cfg.margin ?? 24;
    /** @type {number[]} flat x, y of what a number should keep clear of */
    const obstacles = [];
    for (const s of state.spots) obstacles.push(s.x, s.y);
    for (const e of state.edges) for (let i = 0; i + 1 < e.points.length; i += 2) obstacles.push(e.points[i], e.points[i + 1]);
    const places = state.spots.map((s) => {
      const w = ctx.measureText(String(s.n)).width;
      let best = [s.x + r * 1.1, s.y - r * 0.6, 0];
      let bestScore = -Infinity;
      for (let corner = 0; corner < 4; corner++) {
        const dx = corner % 2 ? -1 : 1;
        const dy = corner < 2 ? -1 : 1;
        const x = s.x + dx * r * 1.1;
        const y = s.y + dy * r * 0.6;
        const cx = x + dx * w / 2;
        const cy = y + dy * h / 2;
        let near = Infinity;
        for (let i = 0; i < obstacles.length; i += 2) {
          const d = Math.hypot(obstacles[i] - cx, obstacles[i + 1] - cy);
          if (d < near) near = d;
        }
        // Inside the area always shown (and exported); a slight preference
        // for the usual corner keeps numbers steady.
        const inside = cx - w / 2 >= e.minX - m && cx + w / 2 <= e.maxX + m && cy - h / 2 >= e.minY - m && cy + h / 2 <= e.maxY + m;
        const score = Math.min(near, 3 * h) + (corner === 0 ? px : 0) - (inside ? 0 : 1e9);
        if (score > bestScore) {
          bestScore = score;
          best = [x, y, corner];
        }
      }
      // Later numbers keep clear of this one.
      obstacles.push(best[0] + (best[2] % 2 ? -1 : 1) * w / 2, best[1] + (best[2] < 2 ? -1 : 1) * h / 2);
      return best;
    });
    return keep(places, 'board');
  }

  /**
   * The drawing alone (curves, spots, numbers; nothing being drawn or
   * highlighted) on a new canvas of `scale` pixels per board unit, on the
   * board's paper colour.
   * @param {number} scale
   */
  function image(scale) {
    const e = state.extent;
    const m = cfg.margin ?? 24;
    const c = doc.createElement('canvas');
    c.width = Math.round((e.maxX - e.minX + 2 * m) * scale);
    c.height = Math.round((e.maxY - e.minY + 2 * m) * scale);
    const x = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
    x.fillStyle = PAPER;
    x.fillRect(0, 0, c.width, c.height);
    x.setTransform(scale, 0, 0, scale, -(e.minX - m) * scale, -(e.minY - m) * scale);
    paintCurves(x, 1, 0);
    paintSpots(x, 1, [], true);
    return c;
  }

  function draw() {
    frame = 0;
    if (destroyed) return;
    if (stepAnimation()) schedule();
    const px = 1 / view.scale; // one CSS pixel in board units
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const k = view.dpr * view.scale;
    ctx.setTransform(k, 0, 0, k, view.dpr * view.ox, view.dpr * view.oy);

    // Lands: a soft halo around their spots.
    state.lands.forEach((land, i) => {
      ctx.fillStyle = LAND_COLOURS[i % LAND_COLOURS.length];
      for (const n of land) {
        const s = state.spots[n - 1];
        if (!s) continue;
        ctx.beginPath();
        ctx.arc(s.x, s.y, 20 * px, 0, 2 * Math.PI);
        ctx.fill();
      }
    });

    paintCurves(ctx, px, state.lastSpot);

    // A move shown on hover (analysis), dashed.
    if (state.preview) {
      ctx.save();
      ctx.setLineDash([8 * px, 6 * px]);
      ctx.strokeStyle = '#009e73';
      ctx.lineWidth = 3 * px;
      pathOf(ctx, state.preview.points);
      ctx.stroke();
      ctx.restore();
      hollow(ctx, state.preview.newSpot, '#009e73', px);
    }

    // Targets of the stroke being drawn.
    const fb = state.feedback;
    if (state.stroke && fb) {
      ctx.lineWidth = 2 * px;
      ctx.setLineDash([4 * px, 3 * px]);
      for (const n of fb.targets ?? []) {
        const s = state.spots[n - 1];
        if (!s) continue;
        ctx.strokeStyle = n === fb.to ? '#009e73' : 'rgba(0,158,115,0.8)';
        ctx.beginPath();
        ctx.arc(s.x, s.y, (n === fb.to ? 17 : 14) * px, 0, 2 * Math.PI);
        ctx.stroke();
      }
      ctx.setLineDash([]);
    }

    paintSpots(ctx, px, state.marked);
    const r = 7 * px;

    // The stroke being drawn: fine so far in dark green, wrong from the
    // offending point on in red, with a marker there.
    if (state.stroke) {
      const p = state.stroke.points;
      const bad = fb && !fb.ok && fb.at != null ? Math.max(0, Math.min(fb.at, p.length / 2 - 1)) : -1;
      ctx.lineWidth = 3 * px;
      ctx.strokeStyle = fb?.complete ? '#00573f' : '#444';
      pathOf(ctx, bad >= 0 ? p.slice(0, 2 * bad + 2) : p);
      ctx.stroke();
      if (fb && !fb.ok) {
        ctx.strokeStyle = '#d55e00';
        if (bad >= 0) {
          pathOf(ctx, p.slice(2 * bad));
          ctx.stroke();
          ctx.beginPath();
          ctx.arc(p[2 * bad], p[2 * bad + 1], 9 * px, 0, 2 * Math.PI);
          ctx.lineWidth = 2.5 * px;
          ctx.stroke();
        } else {
          pathOf(ctx, p);
          ctx.stroke();
        }
      }
      if (fb?.complete && fb.newSpot) hollow(ctx, fb.newSpot, '#00573f', px);
    }

    // A finished stroke whose new spot the player may slide.
    if (state.pending) {
      ctx.lineWidth = 3 * px;
      ctx.strokeStyle = '#00573f';
      pathOf(ctx, state.pending.curve);
      ctx.stroke();
      const [x, y] = state.pending.newSpot;
      ctx.fillStyle = LIFE_COLOUR[1];
      spotShape(ctx, x, y, 1, r);
      ctx.fill();
      ctx.beginPath();
      ctx.arc(x, y, 16 * px, 0, 2 * Math.PI);
      ctx.strokeStyle = '#00573f';
      ctx.lineWidth = 2 * px;
      ctx.setLineDash([3 * px, 3 * px]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  /** @param {CanvasRenderingContext2D} ctx @param {number[]} at @param {string} colour @param {number} px */
  function hollow(ctx, at, colour, px) {
    ctx.beginPath();
    ctx.arc(at[0], at[1], 7 * px, 0, 2 * Math.PI);
    ctx.fillStyle = '#fff';
    ctx.fill();
    ctx.lineWidth = 2.5 * px;
    ctx.strokeStyle = colour;
    ctx.stroke();
  }

  function showMessage() {
    msg.textContent = state.message;
    msg.classList.toggle('sb-ok', state.messageOk);
  }

  // ---- pointer input

  /** @type {number | null} the pointer drawing a stroke (or sliding a new spot) */
  let pointerId = null;
  /** Fingers on the board (two: pinch and pan). @type {Map<number, { x: number, y: number }>} */
  const touches = new Map();
  /** @type {{ x: number, y: number, d: number } | null} the two fingers' centre and spread */
  let pinch = null;
  /** @type {{ id: number, x: number, y: number, moved: number } | null} a drag that pans the view */
  let pan = null;
  /** The last tap (a press without a stroke), for double taps. */
  let lastTap = { time: -1e9, x: 0, y: 0 };
  let spaceDown = false;
  let hovering = false;

  /** Element px of a pointer. @param {{ clientX: number, clientY: number }} ev */
  function local(ev) {
    const r = root.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top };
  }

  function pinchNow() {
    const [a, b] = [...touches.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
  }

  /** A stroke in progress is dropped (a second finger came, or the board stopped accepting strokes). */
  function dropStroke() {
    state.stroke = null;
    state.feedback = null;
    state.sliding = false;
    pointerId = null;
  }

  /** A press that drew nothing: two of them close together fit the view. @param {PointerEvent} ev */
  function tap(ev) {
    const p = local(ev);
    const now = performance.now();
    if (now - lastTap.time < 400 && Math.hypot(p.x - lastTap.x, p.y - lastTap.y) < 30) {
      lastTap.time = -1e9;
      fitView();
    } else {
      lastTap = { time: now, ...p };
    }
  }

  /** @param {PointerEvent} ev */
  function onDown(ev) {
    if (ev.pointerType === 'touch') {
      touches.set(ev.pointerId, local(ev));
      if (touches.size === 2) {
        // Two fingers zoom and pan; a stroke the first one began is dropped.
        ev.preventDefault();
        if (state.stroke) setMessage('', true);
        dropStroke();
        pan = null;
        pinch = pinchNow();
        schedule();
        return;
      }
      if (touches.size > 2 || pinch) return;
    }
    const mouse = ev.pointerType === 'mouse';
    if (mouse && ev.button !== 0 && ev.button !== 1) return;
    if (pointerId !== null || pan) return;
    // The middle button, Space or Shift held, or a board that takes no
    // strokes: the drag pans.
    if ((mouse && ev.button === 1) || spaceDown || ev.shiftKey || !cfg.interactive) {
      ev.preventDefault();
      pan = { id: ev.pointerId, ...local(ev), moved: 0 };
      try { canvas.setPointerCapture(ev.pointerId); } catch { /* synthetic events */ }
      return;
    }
    ev.preventDefault();
    const [x, y] = toBoard(ev.clientX, ev.clientY);
    pointerId = ev.pointerId;
    try { canvas.setPointerCapture(ev.pointerId); } catch { /* synthetic events */ }
    if (state.pending) {
      const [sx, sy] = state.pending.newSpot;
      if (Math.hypot(sx - x, sy - y) * view.scale <= 22) {
        state.sliding = true;
        return;
      }
      setPending(null);
    }
    cfg.onStrokeStart?.(ev.pointerType || 'mouse');
    state.stroke = { points: [x, y], id: ev.pointerId, checked: 0 };
    state.feedback = null;
    requestCheck();
    schedule();
  }

  /** @param {PointerEvent} ev */
  function onMove(ev) {
    if (pinch && touches.has(ev.pointerId)) {
      ev.preventDefault();
      touches.set(ev.pointerId, local(ev));
      const now = pinchNow();
      panBy(now.x - pinch.x, now.y - pinch.y);
      zoomAt(now.d / pinch.d, now.x, now.y);
      pinch = now;
      return;
    }
    if (pan && ev.pointerId === pan.id) {
      ev.preventDefault();
      const p = local(ev);
      pan.moved += Math.hypot(p.x - pan.x, p.y - pan.y);
      panBy(p.x - pan.x, p.y - pan.y);
      pan.x = p.x;
      pan.y = p.y;
      return;
    }
    if (ev.pointerId !== pointerId) return;
    ev.preventDefault();
    if (state.sliding && state.pending) {
      const [x, y] = toBoard(ev.clientX, ev.clientY);
      const { t, at } = nearestOnCurve(state.pending.curve, x, y);
      state.pending.t = t;
      state.pending.newSpot = at;
      schedule();
      return;
    }
    if (!state.stroke) return;
    const events = typeof ev.getCoalescedEvents === 'function' ? ev.getCoalescedEvents() : [];
    for (const e of events.length ? events : [ev]) add(e.clientX, e.clientY);
    requestCheck();
    schedule();
  }

  /** Appends a sample if it moved at least 1.5 CSS px. */
  /** @param {number} cx @param {number} cy */
  function add(cx, cy) {
    if (!state.stroke) return;
    const p = state.stroke.points;
    const [x, y] = toBoard(cx, cy);
    const lx = p[p.length - 2];
    const ly = p[p.length - 1];
    if (Math.hypot(x - lx, y - ly) * view.scale < 1.5) return;
    p.push(x, y);
  }

  /** One check per animation frame, however many pointer events came. */
  function requestCheck() {
    if (checkFrame || destroyed) return;
    checkFrame = requestAnimationFrame(() => {
      checkFrame = 0;
      runCheck();
    });
  }

  function runCheck() {
    if (!state.stroke || !cfg.check) return;
    const fb = cfg.check(state.stroke.points, state.stroke.checked);
    state.stroke.checked = state.stroke.points.length;
    state.feedback = fb;
    if (!fb) return;
    if (!fb.ok) setMessage(fb.reason ?? 'not a move', false);
    else if (fb.complete) setMessage(`Release to join spot ${fb.from} to spot ${fb.to}`, true);
    else if (fb.release) setMessage(`Releasing here: ${fb.release}`, false);
    else if (fb.from != null && state.stroke.points.length > 2) {
      const t = fb.targets ?? [];
      setMessage(t.length ? `May end on spot${t.length > 1 ? 's' : ''} ${t.join(', ')}` : 'No spot to end on', t.length > 0);
    } else setMessage('', true);
    schedule();
  }

  /** @param {PointerEvent} ev */
  function onUp(ev) {
    touches.delete(ev.pointerId);
    if (pinch) {
      // The view stays where the fingers left it; the last finger draws nothing.
      if (touches.size < 2) pinch = null;
      return;
    }
    if (pan && ev.pointerId === pan.id) {
      if (pan.moved < 4) tap(ev);
      pan = null;
      return;
    }
    if (ev.pointerId !== pointerId) return;
    pointerId = null;
    if (state.sliding) {
      state.sliding = false;
      cfg.onPending?.(state.pending);
      return;
    }
    const stroke = state.stroke;
    if (!stroke) return;
    add(ev.clientX, ev.clientY);
    if (checkFrame) {
      cancelAnimationFrame(checkFrame);
      checkFrame = 0;
    }
    runCheck();
    const fb = state.feedback;
    state.stroke = null;
    state.feedback = null;
    schedule();
    if (stroke.points.length < 4) {
      setMessage('', true);
      tap(ev);
      return;
    }
    if (cfg.placeSpot && fb?.complete && fb.curve && fb.newSpot) {
      setPending({ points: stroke.points, curve: fb.curve, t: fb.t ?? 0.5, newSpot: fb.newSpot });
      setMessage('Slide the new spot along the line, then place it (Enter) or cancel (Escape)', true);
      return;
    }
    cfg.onStroke?.(stroke.points, 0.5);
  }

  /** @param {PointerEvent} ev */
  function onCancel(ev) {
    touches.delete(ev.pointerId);
    if (touches.size < 2) pinch = null;
    if (pan && ev.pointerId === pan.id) pan = null;
    if (ev.pointerId !== pointerId) return;
    pointerId = null;
    state.stroke = null;
    state.feedback = null;
    state.sliding = false;
    setMessage('', true);
    schedule();
  }

  /** @param {KeyboardEvent} ev */
  function onKey(ev) {
    if (ev.key === 'Escape') {
      if (state.stroke) {
        dropStroke();
        setMessage('Stroke cancelled', true);
      }
      if (state.pending) api.cancelPending();
      schedule();
    } else if (ev.key === 'Enter' && state.pending) {
      ev.preventDefault();
      api.confirmPending();
    } else if (!ev.ctrlKey && !ev.metaKey && !ev.altKey && ['+', '=', '-', '0'].includes(ev.key)) {
      // With the focus on the board (a spot or a zoom button): + and − zoom, 0 fits.
      ev.preventDefault();
      if (ev.key === '0') fitView();
      else zoomAt(ev.key === '-' ? 1 / ZOOM_STEP : ZOOM_STEP, view.width / 2, view.height / 2);
    }
  }

  /** @param {Pending | null} p */
  function setPending(p) {
    state.pending = p;
    cfg.onPending?.(p);
    schedule();
  }

  /** @param {string} text @param {boolean} ok */
  function setMessage(text, ok) {
    if (state.message === text && state.messageOk === ok) return;
    state.message = text;
    state.messageOk = ok;
    showMessage();
  }

  /** The wheel zooms around the pointer. @param {WheelEvent} ev */
  function onWheel(ev) {
    ev.preventDefault();
    const lines = ev.deltaMode === 1 ? 40 : ev.deltaMode === 2 ? 400 : 1;
    const p = local(ev);
    zoomAt(Math.exp(-Math.max(-300, Math.min(300, ev.deltaY * lines)) * 0.002), p.x, p.y);
  }

  /** Space held over the board: a drag pans. @param {KeyboardEvent} ev */
  function onSpace(ev) {
    if (ev.key !== ' ') return;
    const down = ev.type === 'keydown';
    const t = /** @type {HTMLElement} */ (ev.target);
    if (down && (!hovering || t.matches?.('input, textarea, select, button, summary, [contenteditable]'))) return;
    if (down) ev.preventDefault(); // not a page scroll
    spaceDown = down;
    root.classList.toggle('sb-pan', down);
  }
  const onEnter = () => { hovering = true; };
  const onLeave = () => { hovering = false; };

  /** @param {MouseEvent} ev */
  function onZoomButton(ev) {
    const act = /** @type {HTMLElement} */ (ev.target).closest?.('button')?.dataset.zoom;
    if (act === 'fit') fitView();
    else if (act) zoomAt(act === 'in' ? ZOOM_STEP : 1 / ZOOM_STEP, view.width / 2, view.height / 2);
  }

  /** Every listener the board adds (destroy removes them). @type {[EventTarget, string, (ev: any) => void][]} */
  const listeners = [
    [canvas, 'pointerdown', onDown], [canvas, 'pointermove', onMove], [canvas, 'pointerup', onUp],
    [canvas, 'pointercancel', onCancel], [canvas, 'wheel', onWheel], [canvas, 'pointerenter', onEnter],
    [canvas, 'pointerleave', onLeave], [doc, 'keydown', onSpace], [doc, 'keyup', onSpace],
    [zoomBar, 'click', onZoomButton], [root, 'keydown', onKey],
  ];
  // Not passive: the wheel zooms instead of scrolling the page.
  for (const [target, type, f] of listeners) target.addEventListener(type, f, { passive: false });
  const ro = new ResizeObserver(() => {
    layout();
    schedule();
  });
  ro.observe(root);
  // devicePixelRatio changes (zoom, moving to another screen).
  let dprQuery = matchMedia(`(resolution: ${globalThis.devicePixelRatio || 1}dppx)`);
  const onDpr = () => {
    dprQuery.removeEventListener('change', onDpr);
    dprQuery = matchMedia(`(resolution: ${globalThis.devicePixelRatio || 1}dppx)`);
    dprQuery.addEventListener('change', onDpr);
    layout();
    schedule();
  };
  dprQuery.addEventListener('change', onDpr);
  layout();

  const api = {
    /**
     * What to draw. Any field left out keeps its value.
     * animate: the last move draws itself along its curve (not under
     * prefers-reduced-motion).
     * moving: a frame of the drawing moving (a tidy); the numbers keep
     * their places beside their spots until a state without it (placing
     * them takes up to ~160 ms in wasm late in a game, too long per frame).
     * labels: where the numbers of these spots go at `scale` CSS px per
     * board unit, worked out off the main thread (used while the scale
     * stays that; new spots drop them).
     * @param {{ spots?: SpotData[], edges?: EdgeData[], extent?: Extent, lastSpot?: number, animate?: boolean, moving?: boolean, labels?: { scale: number, places: ArrayLike<number> } }} s
     */
    setState(s) {
      state.moving = Boolean(s.moving);
      if (s.spots || s.labels) state.labels = s.labels ?? null;
      if (s.spots) state.spots = s.spots;
      if (s.edges) state.edges = s.edges;
      if (s.lastSpot !== undefined) state.lastSpot = s.lastSpot;
      if (s.extent) {
        state.extent = s.extent;
        layout();
      }
      if (s.animate) animateLast();
      else if (state.anim && state.lastSpot !== state.anim.spot) state.anim = null;
      else if (state.anim && s.edges) {
        // The same move redrawn (say, tidied) while it draws itself: follow its new curve.
        const m = movePath(state.anim.spot);
        if (m) Object.assign(state.anim, m);
        else state.anim = null;
      }
      syncButtons();
      schedule();
    },
    /**
     * Highlights: marked spots, lands to tint, a move to show dashed.
     * @param {{ marked?: number[], lands?: number[][], preview?: { points: number[], newSpot: number[] } | null }} h
     */
    highlight(h) {
      if (h.marked) state.marked = h.marked;
      if (h.lands) state.lands = h.lands;
      if (h.preview !== undefined) state.preview = h.preview;
      syncButtons();
      schedule();
    },
    /** @param {string} text @param {boolean} [ok] a message over the board ('' hides it) */
    message(text, ok = false) {
      setMessage(text, ok);
    },
    /** @param {boolean} on accept strokes */
    setInteractive(on) {
      cfg.interactive = on;
      if (!on) {
        dropStroke();
        if (state.pending) setPending(null);
        schedule();
      }
    },
    /** @param {boolean} on let the player slide the new spot before confirming */
    setPlaceSpot(on) {
      cfg.placeSpot = on;
      if (!on && state.pending) setPending(null);
    },
    /** Plays the pending stroke with its new spot where the player left it. */
    confirmPending() {
      const p = state.pending;
      if (!p) return;
      setPending(null);
      setMessage('', true);
      cfg.onStroke?.(p.points, p.t);
    },
    cancelPending() {
      if (!state.pending) return;
      setPending(null);
      setMessage('Move cancelled', true);
    },
    /** What is highlighted now (for tests and hosts). */
    shown: () => ({ preview: !!state.preview, lands: state.lands.length, marked: [...state.marked], pending: !!state.pending,
      animating: !!state.anim, numbers: { from: labelCache.from, scale: labelCache.px ? 1 / labelCache.px : 0, places: labelCache.places.flatMap(([x, y]) => [x, y]), fonts: labelCache.places.map((p) => p[3] ?? 12),
        hidden: labelCache.px ? [...twinSpots(labelCache.px)].sort((a, b) => a - b) : [] } }),
    /** CSS pixels per board unit (zoom included). */
    scale: () => view.scale,
    /** Board units kept round the drawing (where numbers may go). */
    margin: () => cfg.margin ?? 24,
    /** The player's zoom: 1 when the drawing is fitted to the board. */
    zoom: () => zoom.k,
    /** CSS pixels per board unit with the drawing fitted (the zoom left out). */
    fitScale: () => fitted.scale,
    /** Fits the drawing to the board again (a new game). */
    fit: fitView,
    /** @param {number} factor zooms around the board's centre */
    zoomBy: (factor) => zoomAt(factor, view.width / 2, view.height / 2),
    toBoard,
    toClient,
    /** The focusable button of spot n. @param {number} n */
    spotButton: (n) => buttons[n - 1] ?? null,
    /**
     * The drawing as a picture, `scale` pixels per board unit (2: for
     * print), without highlights or a stroke in progress.
     * @param {number} [scale]
     */
    image: (scale = 2) => image(scale),
    /** Draws now (normally redraws wait for the next animation frame). */
    redraw() {
      if (frame) cancelAnimationFrame(frame);
      draw();
    },
    /** Removes every listener and element the board added. */
    destroy() {
      if (destroyed) return;
      destroyed = true;
      if (frame) cancelAnimationFrame(frame);
      if (checkFrame) cancelAnimationFrame(checkFrame);
      ro.disconnect();
      dprQuery.removeEventListener('change', onDpr);
      for (const [target, type, f] of listeners) target.removeEventListener(type, f);
      for (const b of buttons) b.removeEventListener('click', onButton);
      buttons = [];
      root.remove();
    },
  };
  return api;
}

/**
 * The point of a flat polyline nearest to (x, y), and its fraction of the
 * length.
 * @param {number[]} p @param {number} x @param {number} y
 */
export function nearestOnCurve(p, x, y) {
  let total = 0;
  let best = { d: Infinity, s: 0, at: [p[0], p[1]] };
  for (let i = 0; i + 3 < p.length; i += 2) {
    const ax = p[i], ay = p[i + 1], bx = p[i + 2], by = p[i + 3];
    const dx = bx - ax, dy = by - ay;
    const l2 = dx * dx + dy * dy;
    const u = l2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2)) : 0;
    const qx = ax + u * dx, qy = ay + u * dy;
    const d = Math.hypot(x - qx, y - qy);
    const len = Math.sqrt(l2);
    if (d < best.d) best = { d, s: total + u * len, at: [qx, qy] };
    total += len;
  }
  const t = total > 0 ? Math.max(0.02, Math.min(0.98, best.s / total)) : 0.5;
  return { t, at: best.at };
}
