// @ts-check
/**
 * Words and notation explained where they appear. The glossary itself is
 * the page's `<details id="glossary">` (its terms have ids `g-…`); this
 * module adds a small "?" link to it next to every place a move or an
 * analysis word is written (the move list, the move field, the analysis:
 * its outcome, nimber, lands and winning moves), and opens the glossary at
 * the term when one is followed.
 *
 *   createGlossary();   // once, after the page's markup is there
 *
 * The analysis panel is decorated as it fills (a MutationObserver), so
 * analysis.js needs no change to be explained.
 */
import { $, el } from './dom.js';

/** What each word of the analysis means, shown as the link's title too. */
export const MEANING = {
  outcome: 'Win or loss for the player to move if both sides play perfectly from here.',
  nimber: 'A nimber *k says the position plays like a pile of k counters in Nim. Separate lands add like Nim piles: the nimbers combine by XOR, and the player to move loses exactly when the total is *0.',
  land: 'A land is a part of the board that no line can reach from the rest: its game goes on on its own.',
  lives: 'A spot has 3 lives at the start; each line end uses one. A spot with no lives left is dead.',
  survivors: 'Spots still alive when the game is over. A game of n spots lasts 3n − survivors moves.',
  notation: 'A move a(c)b joins spot a to spot b with the new spot c on the line; a(c)a is a loop.',
};

/**
 * A "?" link to the glossary's term `term` (a key of MEANING).
 * @param {keyof typeof MEANING} term
 */
export function glossaryLink(term) {
  const a = el('a', '?', { href: `#g-${term}`, class: 'gloss', title: MEANING[term], 'aria-label': `What is ${term === 'notation' ? 'the move notation' : `a ${term}`}?`, 'data-term': term });
  return a;
}

/** Opens the glossary at a term (also for links written in the page's markup). @param {string} id */
function openAt(id) {
  const box = $('glossary');
  if (!(box instanceof HTMLDetailsElement)) return;
  box.open = true;
  const target = document.getElementById(id);
  target?.scrollIntoView({ block: 'center' });
  target?.classList.add('flash');
  setTimeout(() => target?.classList.remove('flash'), 1500);
}

export function createGlossary() {
  // Links into the glossary open it (a closed <details> hides its target).
  document.addEventListener('click', (ev) => {
    const a = /** @type {HTMLElement} */ (ev.target).closest?.('a[href^="#g-"]');
    if (!(a instanceof HTMLAnchorElement)) return;
    ev.preventDefault();
    openAt(a.hash.slice(1));
  });
  // Every place a move is written: the move list and the move field.
  $('moves-h').append(' ', glossaryLink('notation'));
  document.querySelector('label[for=move-input]')?.append(' ', glossaryLink('notation'));
  const result = $('analysis-result');
  const decorate = () => {
    observer.disconnect();
    const add = (/** @type {Element | null} */ at, /** @type {keyof typeof MEANING} */ term) => {
      if (at && !at.querySelector(`a.gloss[data-term=${term}]`)) at.append(' ', glossaryLink(term));
    };
    add(result.querySelector('.outcome'), 'outcome');
    for (const p of result.querySelectorAll('p')) {
      if (/^Nimber/.test(p.textContent ?? '')) add(p, 'nimber');
      if (/^Winning moves/.test(p.textContent ?? '')) add(p, 'notation');
    }
    const lands = result.querySelector('ul[aria-label=Lands]');
    if (lands && !lands.previousElementSibling?.classList.contains('lands-note')) {
      const note = el('p', 'Lands:', { class: 'lands-note' });
      note.append(' ', glossaryLink('land'));
      lands.before(note);
    }
    observer.observe(result, { childList: true, subtree: true });
  };
  const observer = new MutationObserver(decorate);
  observer.observe(result, { childList: true, subtree: true });
}
