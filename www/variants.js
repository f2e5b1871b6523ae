// @ts-check
/**
 * The variants' side of the page and the embed (issue 37): Brussels
 * Sprouts, dots-or-crosses and Weeds. The engine plays them (a plane
 * stroke whose new spot becomes a dot, a cross-bar or nothing); this module
 * shows which one the next stroke puts on its line, as a row of toggle
 * buttons under the board (keyboard-reachable: Tab, then Enter or Space),
 * when the rules leave a choice, and says the rules being played in the
 * page's rules box. The computer and the analysis play the variants too
 * (the worker's `variant` requests; see engine.js `positionRequest`).
 *
 *   const bar = createVariantsBar(ctl, $('variant-bar'));   // the page
 *   bar.render();   // after every change of the game
 *   const choice = createSpotChoice(host, el);             // the embed
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
  'pq:4,3': '(4, 3) Sprouts',
  'pq:5,3': '(5, 3) Sprouts',
});

/** `pq:P,Q` as [p, q]; null for other rules. @param {string} rules */
export function pqOf(rules) {
  const m = /^pq:(\d),(\d)$/.exec(rules);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The rules of a variant in a few sentences (plain Sprouts: null, the
 * page's own words stay).
 * @param {string} rules @param {boolean} misere
 * @returns {string | null}
 */
export function rulesText(rules, misere) {
  const end = misere ? 'Misère: whoever makes the last move loses.' : 'Whoever cannot move loses.';
  switch (rules) {
    case 'brussels':
      return 'Start with crosses of four free arms. Take turns to join two free arms by a line that crosses and touches nothing, ' +
        `then put a cross-bar on it: a new free arm on each side. ${end} Every game of n crosses lasts exactly 5n − 2 moves.`;
    case 'dots-or-crosses':
      return 'Start with dots or crosses. Take turns to join two free ends (a free arm, or a spot with a life: three line ends a spot) ' +
        `by a line that crosses and touches nothing, and put a dot or a cross-bar on it, as chosen under the board. ${end}`;
    case 'weeds':
      return 'Sprouts with the new spot optional: take turns to draw a line from a spot to another, or back to itself, crossing and touching nothing ' +
        `(three line ends a spot), with or without a new dot on it, as chosen under the board. ${end}`;
    default: {
      const pq = pqOf(rules);
      if (!pq) return null;
      const [p, q] = pq;
      return `(${p}, ${q}) Sprouts: a move draws ${q} lines from one new spot. Draw a line from a spot to another (or back to itself) ` +
        `crossing and touching nothing: the new spot goes on it. Then draw ${q - 2 === 1 ? 'one more line' : `${q - 2} more lines`} ` +
        `from the new spot to spots with a life. A spot takes at most ${p} line ends. ${end}`;
    }
  }
}

/**
 * A row of toggle buttons choosing what the next stroke puts on its line.
 * @param {{ game: () => any, get: () => string | null, set: (what: string | null) => void }} host
 *   the game shown, and where the choice is kept
 * @param {HTMLElement} el the row
 */
export function createSpotChoice(host, el) {
  /** @type {string[]} */
  let shown = [];

  function render() {
    const g = host.game();
    const rules = g?.rulesName ?? 'sprouts';
    // (p, q) Sprouts puts its new spot on the first line: nothing to choose.
    const choices = g && rules !== 'sprouts' && !pqOf(rules) ? g.newSpotChoices() : [];
    if (!choices.includes(host.get() ?? '')) host.set(choices[0] ?? null);
    el.hidden = choices.length < 2;
    if (choices.join() !== shown.join()) {
      shown = choices;
      el.replaceChildren();
      el.setAttribute('role', 'group');
      el.setAttribute('aria-label', 'What the next line gets');
      const label = document.createElement('span');
      label.textContent = 'Next line gets:';
      el.append(label);
      for (const what of choices) {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.newSpot = what;
        b.textContent = WORDS[what] ?? what;
        b.addEventListener('click', () => {
          host.set(what);
          mark();
        });
        el.append(b);
      }
    }
    mark();
  }

  function mark() {
    for (const b of el.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.newSpot === host.get()));
  }

  return { render };
}

/**
 * The page's bar under the board and its rules box (`#rules`).
 * @param {GameController} ctl
 * @param {HTMLElement} el the bar (a div under the board)
 */
export function createVariantsBar(ctl, el) {
  const choice = createSpotChoice({ game: () => ctl.current, get: () => ctl.newSpot, set: (w) => { ctl.newSpot = w; } }, el);
  const box = /** @type {HTMLElement | null} */ (document.querySelector('#rules p'));
  /** The page's own words (plain Sprouts), with their links. */
  const plain = box ? [...box.childNodes].map((n) => n.cloneNode(true)) : [];
  let said = '';

  function render() {
    choice.render();
    const g = ctl.current;
    const rules = g?.rulesName ?? 'sprouts';
    const key = `${rules}|${g?.misere}`;
    if (!box || key === said) return;
    said = key;
    const text = rulesText(rules, Boolean(g?.misere));
    box.dataset.rules = rules;
    if (text === null) {
      box.replaceChildren(...plain.map((n) => n.cloneNode(true)));
      return;
    }
    if (rules !== 'brussels') {
      box.replaceChildren(text);
      return;
    }
    const more = document.createElement('a');
    more.href = './lessons/brussels.html';
    more.textContent = 'Learn more: Brussels Sprouts and Euler’s formula';
    box.replaceChildren(`${text} `, more, '.');
  }

  return { render };
}
