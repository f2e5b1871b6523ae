// @ts-check
/**
 * The page's side of the variants (issue 37): Brussels Sprouts,
 * dots-or-crosses and Weeds. The engine plays them (a plane stroke whose
 * new spot becomes a dot, a cross-bar or nothing); this module shows
 * which one the next stroke puts on its line, as a row of large toggle
 * buttons under the board, when the rules leave a choice, and tells the
 * controller (`ctl.newSpot`). The computer and the analysis work for plain
 * Sprouts only: under other rules both players are people.
 *
 *   const bar = createVariantsBar(ctl, $('variant-bar'));
 *   bar.render();   // after every change of the game
 */

/** @typedef {import('./game-controller.js').GameController} GameController */

/** Button words for what a stroke puts on its line. */
const WORDS = /** @type {Record<string, string>} */ ({ dot: 'Dot', cross: 'Cross-bar', nothing: 'No dot' });

/** The rules' names as the page says them. */
export const RULES_NAMES = /** @type {Record<string, string>} */ ({
  sprouts: 'Sprouts',
  brussels: 'Brussels Sprouts',
  'dots-or-crosses': 'Dots or crosses',
  weeds: 'Weeds',
});

/**
 * @param {GameController} ctl
 * @param {HTMLElement} el the bar (a div under the board)
 */
export function createVariantsBar(ctl, el) {
  /** @type {string[]} */
  let shown = [];

  function render() {
    const g = ctl.current;
    const rules = g?.rulesName ?? 'sprouts';
    const choices = g && rules !== 'sprouts' ? g.newSpotChoices() : [];
    if (rules !== 'sprouts' && (ctl.players[1] !== 'human' || ctl.players[2] !== 'human')) {
      // The computer knows plain Sprouts only.
      ctl.players = { 1: 'human', 2: 'human' };
    }
    if (!choices.includes(ctl.newSpot ?? '')) ctl.newSpot = choices[0] ?? null;
    el.hidden = choices.length < 2;
    if (choices.join() !== shown.join()) {
      shown = choices;
      el.replaceChildren();
      const label = document.createElement('span');
      label.textContent = 'The next line gets:';
      el.append(label);
      for (const what of choices) {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.newSpot = what;
        b.textContent = WORDS[what] ?? what;
        b.addEventListener('click', () => {
          ctl.newSpot = what;
          mark();
        });
        el.append(b);
      }
    }
    mark();
  }

  function mark() {
    for (const b of el.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.newSpot === ctl.newSpot));
  }

  return { render };
}
