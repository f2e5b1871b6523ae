// @ts-check
/**
 * The game-tree explorer: a small position and its children, each drawn
 * as a small board laid out by the engine and marked win or loss (and its
 * nimber in normal play); a click on a child goes down to it, the
 * breadcrumb goes back. The whole 1- and 2-spot trees can be walked, as
 * students draw them by hand. Past the engine's size limit
 * (`explore()`, src/teach.rs: at most 12 lives) it says so and offers the
 * analysis instead.
 *
 *   const x = createExplorer(box, engine, { onTooBig });
 *   x.open('0*2', false);       // a position (GLOP, Hoey list, …), misère or not
 *   x.destroy();
 *
 * Used by the page's "Game tree" box and by `<sprouts-board mode="explore">`.
 * Everything is worked out on the main thread: positions this small solve
 * in milliseconds.
 */
import { createBoard } from './board.js';

/** @typedef {import('./engine.js').Engine} Engine */
/**
 * @typedef {{ move: string, position: string, canonical: string, outcome: 'win' | 'loss',
 *   nimber: number | null, over: boolean }} Child
 * @typedef {{ position: string, canonical: string, outcome: 'win' | 'loss', nimber: number | null,
 *   lives: number, children: Child[] }} Node
 */

/** Styles of the explorer (the page's sheet and the embed's shadow root). */
export const EXPLORER_CSS = `
.sx { display: flex; flex-direction: column; gap: 0.4rem; font-size: 0.9rem; }
.sx-crumbs { display: flex; flex-wrap: wrap; gap: 0.2rem; align-items: center; }
.sx-crumbs button { font: inherit; padding: 0 0.4rem; }
.sx-crumbs button[aria-current=step] { font-weight: 600; }
.sx-here { display: flex; gap: 0.5rem; align-items: center; }
.sx-here .sx-card { flex: 0 0 auto; }
.sx-kids { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: 0.4rem; }
.sx-card { display: flex; flex-direction: column; gap: 0.1rem; padding: 0.2rem; border: 2px solid #cfc8b6; border-radius: 6px;
  background: #fff; font: inherit; text-align: left; cursor: pointer; color: inherit; }
.sx-card[data-win=true] { border-color: #009e73; }
.sx-card:hover, .sx-card:focus-visible { outline: 2px solid #0072b2; }
.sx-mini { width: 100%; min-width: 8.5rem; height: 6.5rem; position: relative; }
.sx-mini .sb-zoom, .sx-mini .sb-msg { display: none; }
.sx-mini .sb-board { min-height: 0; }
.sx-move { font-family: ui-monospace, monospace; font-weight: 600; }
.sx-say { font-size: 0.8rem; }
.sx-note { margin: 0; }
`;

/**
 * The box round what is drawn (not the whole board area): a small picture
 * shows the drawing as large as it fits.
 * @param {{ x: number, y: number }[]} spots @param {{ points: number[] }[]} edges
 */
function drawnExtent(spots, edges) {
  const xs = spots.map((s) => s.x);
  const ys = spots.map((s) => s.y);
  for (const e of edges) {
    for (let i = 0; i + 1 < e.points.length; i += 2) {
      xs.push(e.points[i]);
      ys.push(e.points[i + 1]);
    }
  }
  const pad = 20;
  return { minX: Math.min(...xs) - pad, minY: Math.min(...ys) - pad, maxX: Math.max(...xs) + pad, maxY: Math.max(...ys) + pad };
}

const plural = (/** @type {number} */ n, /** @type {string} */ one, /** @type {string} */ many) => `${n} ${n === 1 ? one : many}`;

/**
 * @param {HTMLElement} box where the explorer goes (emptied)
 * @param {Engine} engine
 * @param {{ onTooBig?: (position: string, misere: boolean) => void }} [host]
 *   onTooBig: a position past the limit; the page offers its analysis
 */
export function createExplorer(box, engine, host = {}) {
  const doc = box.ownerDocument;
  box.classList.add('sx');
  /** The path from the root: each step's node and the move that led to it. @type {{ node: Node, move: string }[]} */
  let path = [];
  let misere = false;
  /** Boards and games shown, freed on every redraw. @type {(() => void)[]} */
  let frees = [];

  /** @param {string} tag @param {string} [text] @param {string} [cls] */
  function make(tag, text = '', cls = '') {
    const e = doc.createElement(tag);
    if (text) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  /**
   * A small board of a position laid out by the engine.
   * @param {string} position a labelled Hoey list
   */
  function mini(position) {
    const area = make('div', '', 'sx-mini');
    try {
      const g = engine.Game.fromPosition(position, misere, 400, 300);
      // Spread out for a small picture (about 0.3 px per unit), as the page tidies after a move.
      for (let i = 0; i < 40 && g.tidy(0.3, 5); i++);
      const b = createBoard(area, { interactive: false, margin: 30 });
      const spots = g.spotList();
      const edges = g.edgeList();
      b.setState({ spots, edges, extent: drawnExtent(spots, edges), lastSpot: 0 });
      // Fitted once the box has its size (the board watches it too).
      requestAnimationFrame(() => b.fit());
      frees.push(() => { b.destroy(); g.free(); });
    } catch (e) {
      area.textContent = '(not drawn)';
    }
    return area;
  }

  /** What a child means to the player choosing it. @param {Child} c */
  function say(c) {
    if (c.over) return misere ? 'No move left: the next player wins.' : 'No move left: you win.';
    // The child's outcome is for the next player: their loss is your win.
    const you = c.outcome === 'loss' ? 'A winning move' : 'A losing move';
    return `${you}${c.nimber !== null ? ` (leaves *${c.nimber})` : ''}.`;
  }

  function render() {
    for (const f of frees.splice(0)) f();
    const crumbs = make('nav', '', 'sx-crumbs');
    crumbs.setAttribute('aria-label', 'Path from the start');
    path.forEach((step, i) => {
      const b = /** @type {HTMLButtonElement} */ (make('button', i === 0 ? 'Start' : step.move));
      b.type = 'button';
      if (i === path.length - 1) b.setAttribute('aria-current', 'step');
      b.addEventListener('click', () => { path = path.slice(0, i + 1); render(); });
      if (i > 0) crumbs.append(' › ');
      crumbs.append(b);
    });
    const top = path[path.length - 1].node;
    const here = make('div', '', 'sx-here');
    const card = make('div', '', 'sx-card');
    card.append(mini(top.position));
    here.append(card);
    const who = top.outcome === 'win' ? 'wins' : 'loses';
    const info = make('p', `Player to move ${who} with perfect play${top.nimber !== null ? ` (nimber *${top.nimber})` : ''}. ${
      top.children.length === 0 ? 'No move is left.' : `${plural(top.children.length, 'different move', 'different moves')}:`}`, 'sx-note');
    here.append(info);
    const kids = make('div', '', 'sx-kids');
    kids.setAttribute('role', 'list');
    for (const c of top.children) {
      const b = /** @type {HTMLButtonElement} */ (make('button', '', 'sx-card'));
      b.type = 'button';
      b.setAttribute('role', 'listitem');
      b.dataset.win = String(c.outcome === 'loss');
      b.dataset.position = c.position;
      b.title = c.over ? `${c.move}: the game ends here` : `Go to the position after ${c.move}`;
      b.append(mini(c.position), make('span', c.move, 'sx-move'), make('span', say(c), 'sx-say'));
      if (!c.over) b.addEventListener('click', () => down(c));
      kids.append(b);
    }
    box.replaceChildren(crumbs, here, kids);
    box.dataset.depth = String(path.length - 1);
  }

  /** @param {Child} c */
  function down(c) {
    const node = solve(c.position);
    if (!node) return;
    path.push({ node, move: c.move });
    render();
  }

  /** @param {string} position @returns {Node | null} */
  function solve(position) {
    try {
      return /** @type {Node} */ (engine.explore(position, misere));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      for (const f of frees.splice(0)) f();
      const note = make('p', `${message[0].toUpperCase()}${message.slice(1)}.`, 'sx-note');
      box.replaceChildren(note);
      if (/too big/.test(message) && host.onTooBig) {
        const b = /** @type {HTMLButtonElement} */ (make('button', 'Analyse it instead'));
        b.type = 'button';
        b.addEventListener('click', () => host.onTooBig?.(position, misere));
        box.append(b);
      }
      box.dataset.depth = '-1';
      return null;
    }
  }

  return {
    /** @param {string} position @param {boolean} m misère */
    open(position, m) {
      misere = m;
      const node = solve(position);
      if (!node) return false;
      path = [{ node, move: '' }];
      render();
      return true;
    },
    /** The path's moves (for tests). */
    path: () => path.slice(1).map((s) => s.move),
    destroy() {
      for (const f of frees.splice(0)) f();
      box.replaceChildren();
    },
  };
}
