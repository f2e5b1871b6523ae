// @ts-check
/**
 * The mathematics on the board: lives left and the bounds on the moves
 * still to come, V, E and F of the drawing (Euler's V − E + F = 1 + C,
 * with C its connected pieces), the faces shaded one by one on request,
 * the lands coloured, and at the end the survivors marked with the count
 * that decided the game. Every number is the engine's (`Game.counts()`,
 * src/teach.rs); this module only words and shows them.
 *
 *   const o = createOverlay(box, board);   // box: where the counts go
 *   o.show(game);                           // after every change (null: hide)
 *
 * Used by the page (the "Show the mathematics" toggle) and by
 * `<sprouts-board overlay>`.
 */

import { traceFaces } from './faces.js';

/** @typedef {InstanceType<import('./engine.js').Engine['Game']>} Game */
/** @typedef {ReturnType<typeof import('./board.js').createBoard>} Board */
/**
 * @typedef {{ vertices: number, edges: number, faces: number, pieces: number, lives: number,
 *   liveSpots: number, moves: number, movesLeftMin: number | null, movesLeftMax: number,
 *   rules?: string, gameMin?: number | null, gameMax?: number | null,
 *   startSpots: number | null }} Counts
 */

/** Styles of the counts box (the page's sheet and the embed's shadow root). */
export const OVERLAY_CSS = `
.sb-maths { font-size: 0.9rem; background: #fff; border-left: 4px solid #009e73; border-radius: 4px; padding: 0.3rem 0.6rem; }
.sb-maths p { margin: 0.15rem 0; }
.sb-maths .sb-euler { font-family: ui-monospace, monospace; }
.sb-maths button { font: inherit; padding: 0 0.5rem; }
.sb-faces { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
`;

const plural = (/** @type {number} */ n, /** @type {string} */ one, /** @type {string} */ many) => `${n} ${n === 1 ? one : many}`;

/**
 * @param {HTMLElement} box where the counts are written
 * @param {Board} board the board to mark (lands, a region, survivors)
 * @param {HTMLElement} host the element the board was created in (a region is shaded over it)
 */
export function createOverlay(box, board, host) {
  box.classList.add('sb-maths');
  /** The shading of one region, over the board's canvas. */
  const shade = host.ownerDocument.createElement('canvas');
  shade.className = 'sb-faces';
  shade.setAttribute('aria-hidden', 'true');
  /** The regions as the screen shows them (traced when shading starts). @type {ReturnType<typeof traceFaces> | null} */
  let traced = null;
  // Zooming or panning moves the drawing under the shading: it stops.
  const stop = () => { if (face >= 0 && game) { face = -1; show(game); } };
  host.addEventListener('wheel', stop, { passive: true });
  host.addEventListener('pointerdown', stop);
  /** The face shaded (-1: none) and the game it belongs to. */
  let face = -1;
  /** @type {Game | null} */
  let game = null;
  let shownAt = -1;

  /** @param {Game | null} g the game shown, or null to hide the overlay */
  function show(g) {
    if (!g) {
      box.hidden = true;
      box.replaceChildren();
      board.highlight({ lands: [], marked: [] });
      game = null;
      return;
    }
    if (g !== game || g.moveCount !== shownAt) face = -1;
    if (face < 0) {
      traced = null;
      shade.remove();
    }
    game = g;
    shownAt = g.moveCount;
    box.hidden = false;
    /** @type {Counts} */
    const c = g.counts();
    const st = g.status();
    const p = (/** @type {string} */ text, cls = '') => {
      const e = document.createElement('p');
      e.textContent = text;
      if (cls) e.className = cls;
      return e;
    };
    const lines = [];
    const variant = (c.rules ?? 'sprouts') !== 'sprouts';
    if (!variant) lines.push(p(`${plural(c.lives, 'life', 'lives')} left after ${plural(c.moves, 'move', 'moves')}. Every move uses up one life (two line ends, one new spot with a life).`));
    else lines.push(p(`${plural(c.liveSpots, 'free end', 'free ends')} left after ${plural(c.moves, 'move', 'moves')}${c.rules === 'brussels' ? '. Every move joins two free arms and its cross-bar gives two back, one on each side' : ''}.`));
    if (variant) {
      // The variants' own bounds (teach.rs `game_bounds`): Brussels 5n − 2 exactly.
      const n = c.startSpots;
      const whole = c.gameMin === null || c.gameMin === undefined ? ''
        : c.gameMin === c.gameMax ? ` (Every game of ${n} crosses lasts exactly 5n − 2 = ${c.gameMax} moves: at the end there are 4n regions, and V − E + F = 2.)`
        : ` (A game of ${n} lasts ${c.gameMin} to ${c.gameMax} moves.)`;
      if (st.over) lines.push(p(`Game over after ${plural(c.moves, 'move', 'moves')}: no two free ends can be joined. ${c.moves % 2 ? 'An odd' : 'An even'} number, so player ${c.moves % 2 ? 1 : 2} made the last move and ${st.misere ? 'loses (misère)' : 'wins'}.${whole}`));
      else if (c.movesLeftMin === c.movesLeftMax) lines.push(p(`Still to come: exactly ${plural(c.movesLeftMax, 'more move', 'more moves')}.${whole}`));
      else lines.push(p(`Still to come: at least ${c.movesLeftMin ?? 1}, at most ${c.movesLeftMax} more ${c.movesLeftMax === 1 ? 'move' : 'moves'}.${whole}`));
    } else if (st.over) {
      const s = c.liveSpots;
      const n = c.startSpots;
      const last = c.moves % 2 === 1 ? 1 : 2;
      const how = n ? `${n} spots × 3 lives − ${s} = ${c.moves} moves` : `${c.moves} moves`;
      lines.push(p(`Game over: ${plural(s, 'spot survives', 'spots survive')} (circled), each with one life. ${how}, ${c.moves % 2 ? 'an odd' : 'an even'} number, so player ${last} made the last move and ${st.misere ? 'loses (misère)' : 'wins'}.`));
    } else if (c.movesLeftMin !== null) {
      const n = /** @type {number} */ (c.startSpots);
      lines.push(p(`Still to come: at least ${c.movesLeftMin}, at most ${c.movesLeftMax} more ${c.movesLeftMax === 1 ? 'move' : 'moves'}. (A game of ${n} spots lasts ${2 * n} to ${3 * n - 1} moves: at least one life is left at the end, and at most one for every three spots.)`));
    } else {
      lines.push(p(`Still to come: at most ${c.movesLeftMax} more ${c.movesLeftMax === 1 ? 'move' : 'moves'} (the game ends with a life left).`));
    }
    const euler = c.vertices - c.edges + c.faces;
    lines.push(p(`V = ${c.vertices} spots, E = ${c.edges} lines, F = ${c.faces} ${c.faces === 1 ? 'region' : 'regions'} (the outside too), C = ${plural(c.pieces, 'piece', 'pieces')}.`));
    lines.push(p(`V − E + F = ${c.vertices} − ${c.edges} + ${c.faces} = ${euler}, and 1 + C = ${1 + c.pieces}.`, 'sb-euler'));
    const row = document.createElement('p');
    const next = document.createElement('button');
    next.type = 'button';
    next.className = 'sb-next-face';
    next.textContent = face < 0 ? 'Shade the regions one by one' : traced && face + 1 < traced.count ? 'Next region' : 'Stop shading';
    next.addEventListener('click', () => {
      if (face < 0) traced = trace(g);
      face = traced && face + 1 < traced.count ? face + 1 : -1;
      show(game);
      if (face >= 0) paintFace();
      /** @type {HTMLElement | null} */ (box.querySelector('.sb-next-face'))?.focus();
    });
    row.append(next);
    if (face >= 0 && traced) {
      const unseen = c.faces - traced.count;
      row.append(` Region ${face + 1} of ${c.faces}${face === 0 ? ' (the outside)' : ''} is shaded.${
        unseen > 0 ? ` ${plural(unseen, 'region is', 'regions are')} too thin to shade at this zoom.` : ''}`);
    }
    lines.push(row);
    box.replaceChildren(...lines);
    box.dataset.euler = `${euler}=${1 + c.pieces}`;
    if (traced) box.dataset.traced = String(traced.count);
    else delete box.dataset.traced;
    // Lands coloured (or the region asked for), survivors circled at the end.
    const lands = face >= 0 || st.over ? [] : g.lands();
    const survivors = st.over ? g.spotList().filter((/** @type {{ lives: number }} */ s) => s.lives > 0).map((/** @type {{ n: number }} */ s) => s.n) : [];
    board.highlight({ lands, marked: survivors });
  }

  /** The regions of the drawing shown, traced on the screen. @param {Game} g */
  function trace(g) {
    const root = host.querySelector('.sb-board') ?? host;
    const r = root.getBoundingClientRect();
    const curves = g.edgeList().map((/** @type {{ points: number[] }} */ e) => {
      const out = [];
      for (let i = 0; i + 1 < e.points.length; i += 2) {
        const [x, y] = board.toClient(e.points[i], e.points[i + 1]);
        out.push(x - r.left, y - r.top);
      }
      return out;
    });
    shade.width = Math.max(1, Math.round(r.width));
    shade.height = Math.max(1, Math.round(r.height));
    return traceFaces(r.width, r.height, curves);
  }

  function paintFace() {
    if (!traced || face < 0) return;
    const root = host.querySelector('.sb-board') ?? host;
    // Under the spot buttons and the message, over the drawing.
    const spots = root.querySelector('.sb-spots');
    if (shade.parentNode !== root) root.insertBefore(shade, spots);
    const ctx = /** @type {CanvasRenderingContext2D} */ (shade.getContext('2d'));
    ctx.clearRect(0, 0, shade.width, shade.height);
    traced.paint(ctx, face, face === 0 ? [86, 180, 233, 70] : [0, 158, 115, 80]);
  }

  return {
    show,
    /** The region shaded (-1: none), for tests. */
    face: () => face,
  };
}
