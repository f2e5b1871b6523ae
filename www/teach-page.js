// @ts-check
/**
 * The page's teaching parts: the "Show the mathematics" toggle (the
 * overlay, remembered) and the "Game tree explorer" box. The overlay and
 * the explorer themselves are overlay.js and explorer.js, shared with
 * `<sprouts-board>`.
 *
 *   createTeachPage(ctl, board, { analyse });
 */
import { $, input } from './dom.js';
import { createOverlay, OVERLAY_CSS } from './overlay.js';
import { createExplorer, EXPLORER_CSS } from './explorer.js';

/** @typedef {import('./game-controller.js').GameController} GameController */
/** @typedef {ReturnType<typeof import('./board.js').createBoard>} Board */

const OVERLAY_KEY = 'sprouts:overlay';

const sheet = new CSSStyleSheet();
sheet.replaceSync(OVERLAY_CSS + EXPLORER_CSS);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

/**
 * @param {GameController} ctl
 * @param {Board} board
 * @param {{ analyse: () => void }} host analyse: runs the analysis of the position shown
 */
export function createTeachPage(ctl, board, host) {
  const overlay = createOverlay($('maths'), board, $('board'));
  const toggle = input('overlay-toggle');
  try {
    toggle.checked = localStorage.getItem(OVERLAY_KEY) === 'on';
  } catch { /* off */ }
  const render = () => overlay.show(toggle.checked ? ctl.current : null);
  toggle.addEventListener('change', () => {
    try {
      localStorage.setItem(OVERLAY_KEY, toggle.checked ? 'on' : 'off');
    } catch { /* not remembered */ }
    render();
  });
  ctl.addEventListener('change', () => { if (toggle.checked) render(); });
  // The tidy moves spots without a change of the game: the shading follows on its own.
  render();

  const explorer = createExplorer($('explorer'), ctl.engine, {
    onTooBig: () => {
      $('analysis-h').scrollIntoView({ block: 'start' });
      host.analyse();
    },
  });
  $('explore-box').addEventListener('click', (ev) => {
    const b = /** @type {HTMLElement} */ (ev.target).closest?.('button[data-explore]');
    if (!(b instanceof HTMLButtonElement)) return;
    const what = b.dataset.explore;
    const g = ctl.current;
    if (what === 'here') {
      if (g) explorer.open(g.hoey(), g.misere);
    } else {
      explorer.open(`0*${what}`, g?.misere ?? false);
    }
  });

  return { overlay, explorer };
}
