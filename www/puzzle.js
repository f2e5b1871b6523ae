// @ts-check
/**
 * The page's Puzzles panel: the puzzle of the day (see `dayIndex` in
 * embed-puzzle.js: the same for everyone on a date), previous and next,
 * each shown in a <sprouts-board mode="puzzle"> (the element does the
 * checking, hints and "show" through the engine worker). Built when the
 * panel is first opened, so the page's load does not wait for it.
 */
import './embed.js';
import { dayIndex, LEVELS, loadPuzzles } from './embed-puzzle.js';
import { messageOf } from './engine.js';

/** @param {HTMLDetailsElement} box the panel; its `.puzzles` child is filled */
export function createPuzzles(box) {
  const host = /** @type {HTMLElement} */ (box.querySelector('.puzzles'));
  let built = false;

  async function build() {
    built = true;
    let list;
    try {
      list = await loadPuzzles();
    } catch (e) {
      host.textContent = messageOf(e);
      return;
    }
    if (!list.length) {
      host.textContent = 'No puzzles.';
      return;
    }
    const today = dayIndex(list);
    let at = today;
    host.innerHTML = `<p class="puzzle-title"></p><p class="puzzle-about"></p>
      <div class="row"><button type="button" data-go="-1">‹ Previous</button>
      <button type="button" data-go="0">Today's</button><button type="button" data-go="1">Next ›</button></div>`;
    const title = /** @type {HTMLElement} */ (host.querySelector('.puzzle-title'));
    const about = /** @type {HTMLElement} */ (host.querySelector('.puzzle-about'));
    /** @type {HTMLElement | null} */
    let board = null;
    function show() {
      const p = list[at];
      title.textContent = `${at === today ? 'Puzzle of the day' : `Puzzle ${at + 1} of ${list.length}`}: ${LEVELS[p.difficulty - 1] ?? ''}`;
      about.textContent = `${p.convention === 'misere' ? 'Misère (the last move loses)' : 'Normal play (the last move wins)'}; ${p.winningMoves} of ${p.moves} distinct moves win. From ${p.source}.`;
      board?.remove();
      board = document.createElement('sprouts-board');
      board.setAttribute('mode', 'puzzle');
      board.setAttribute('puzzle', p.id);
      board.className = 'puzzle-board';
      host.append(board);
    }
    host.addEventListener('click', (ev) => {
      const go = /** @type {HTMLElement} */ (ev.target).closest?.('button')?.dataset.go;
      if (go === undefined) return;
      at = go === '0' ? today : (at + Number(go) + list.length) % list.length;
      show();
    });
    show();
  }

  box.addEventListener('toggle', () => {
    if (box.open && !built) void build();
  });
  if (box.open) void build();
}

const box = document.getElementById('puzzles-box');
if (box instanceof HTMLDetailsElement) createPuzzles(box);
