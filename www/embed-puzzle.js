// @ts-check
/**
 * Puzzle mode of the embeddable board: find a winning move.
 *
 *   <sprouts-board mode="puzzle" puzzle="2006-peltier-8plus-g1-m5"></sprouts-board>
 *   <sprouts-board mode="puzzle" position="0*5" ></sprouts-board>          (any position, + misere)
 *
 * `puzzle` names one of puzzles.json (next to this file; see
 * docs/puzzles.md): its record is shown (set as the `moves` attribute).
 * Otherwise the board's own `position` / `moves` / `misere` give the
 * position. Every move drawn is checked by the exact solver in the engine
 * worker: a move that leaves the opponent lost is correct (whatever its
 * spelling); a wrong one is taken back, with the opponent's winning reply.
 * "Hint" names the land to play in, then the spots; "Show" plays a winning
 * move. Each attempt fires `sprouts-puzzle` {detail: {correct, move}}
 * (bubbling, composed).
 *
 * The board itself is embed.js's; this module only adds to it (a bar, a
 * listener of its `sprouts-move` events), through `attachPuzzle`.
 */
import { createEngineWorker } from './worker-client.js';
import { messageOf } from './engine.js';

/** @typedef {{ id: string, record: string, moveNumber: number, position: string, canonical: string,
 *   convention: string, toMove: number, moves: number, winningMoves: number, solutions: string[],
 *   winningChildren: string[], lives: number, difficulty: number, source: string }} Puzzle */

/** Names of the difficulty levels 1 to 5 (as in src/puzzle.rs). */
export const LEVELS = ['very easy', 'easy', 'medium', 'hard', 'very hard'];

/** Budget of one check or hint in the worker. */
const BUDGET = { maxNodes: 5_000_000, maxMillis: 20_000 };

/** @type {Promise<Puzzle[]> | null} */
let file = null;

/** The puzzles of puzzles.json (fetched once). @returns {Promise<Puzzle[]>} */
export function loadPuzzles() {
  file ??= fetch(new URL('./puzzles.json', import.meta.url)).then(async (r) => {
    if (!r.ok) throw new Error(`the puzzles did not load (${r.status})`);
    const f = await r.json();
    return Array.isArray(f?.puzzles) ? f.puzzles : [];
  });
  file.catch(() => { file = null; });
  return file;
}

/**
 * The puzzle of the day: days since 1970-01-01 of the date (UTC), modulo
 * the number of puzzles; the same for everyone on a given date.
 * @template T @param {T[]} list @param {Date} [date] @returns {number} its index
 */
export function dayIndex(list, date = new Date()) {
  const days = Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / 86_400_000);
  return list.length ? ((days % list.length) + list.length) % list.length : 0;
}

/** The engine worker the puzzles of a page share. @type {ReturnType<typeof createEngineWorker> | null} */
let worker = null;

/** @param {string} type @param {Record<string, any>} payload */
function ask(type, payload) {
  worker ??= createEngineWorker();
  return worker.request(type, { ...payload, ...BUDGET }).promise;
}

/** @param {number[]} spots */
const list = (spots) => (spots.length === 1 ? `spot ${spots[0]}` : `spots ${spots.slice(0, -1).join(', ')} and ${spots[spots.length - 1]}`);

const CSS = `
.feedback { margin: 0; flex: 0 0 auto; font-size: 13px; line-height: 1.25; max-height: 3.75em; overflow: auto; }
.feedback.good { color: #0a6b2b; font-weight: 600; }
.feedback.bad { color: #a4281c; }
.bar .status, [data-act=undo], [data-act=redo] { display: none; }
.bar { justify-content: flex-end; }
/* Room for the feedback line in a small element (320 × 240). */
.sb-board { min-height: 120px; }
`;
const SHEET = new CSSStyleSheet();
SHEET.replaceSync(CSS);

/**
 * Adds the puzzle to a <sprouts-board> (embed.js's SproutsBoard, once
 * connected). Returns what undoes it.
 * @param {any} el the element
 * @returns {() => void}
 */
export function attachPuzzle(el) {
  const root = /** @type {ShadowRoot} */ (el.shadowRoot);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, SHEET];
  // The feedback replaces the board's status line; Hint and Show go before its Restart.
  const feedback = document.createElement('p');
  feedback.className = 'feedback';
  feedback.setAttribute('role', 'status');
  feedback.setAttribute('aria-live', 'polite');
  const hintButton = document.createElement('button');
  const showButton = document.createElement('button');
  for (const [b, what] of /** @type {const} */ ([[hintButton, 'hint'], [showButton, 'show']])) {
    b.type = 'button';
    b.dataset.puzzle = what;
    b.textContent = what === 'hint' ? 'Hint' : 'Show';
  }
  const bar = root.querySelector('.bar');
  bar?.prepend(hintButton, showButton);
  root.querySelector('.wrap')?.append(feedback);

  /** The position of the puzzle (Hoey list: the spot numbers moves name), once read. */
  let start = '';
  let misere = false;
  /** 'wait' (reading or checking), 'play', 'solved', 'shown'. */
  let state = 'wait';
  /** Hints given (0, 1: the land, 2: the spots) and the hint's answer. */
  let hints = 0;
  /** @type {{ land: number[], spots: number[], move: string } | null} */
  let hint = null;
  /** Which reading of the attributes is current (older answers are dropped). */
  let epoch = 0;

  /** @param {string} text @param {'' | 'good' | 'bad'} [tone] */
  function say(text, tone = '') {
    feedback.textContent = text;
    feedback.className = `feedback ${tone}`;
  }

  function sync() {
    el.board?.setInteractive(state === 'play' && !el.hasAttribute('readonly'));
    hintButton.disabled = state !== 'play' || hints >= 2;
    showButton.disabled = state !== 'play';
  }

  /** Waits until the board has read its latest attributes. */
  async function settled() {
    let r;
    do {
      r = el.ready;
      await r;
    } while (r !== el.ready);
  }

  /** (Re)starts the puzzle from the attributes. */
  async function begin() {
    const mine = ++epoch;
    state = 'wait';
    hints = 0;
    hint = null;
    sync();
    say('Reading the puzzle…');
    const id = el.getAttribute('puzzle');
    if (id) {
      let p;
      try {
        p = (await loadPuzzles()).find((q) => q.id === id);
      } catch (e) {
        if (mine === epoch) say(messageOf(e), 'bad');
        return;
      }
      if (mine !== epoch) return;
      if (!p) {
        say(`No puzzle is called "${id}".`, 'bad');
        el.fail?.(`no puzzle is called "${id}"`);
        return;
      }
      if (el.getAttribute('moves') !== p.record) {
        el.setAttribute('moves', p.record); // read by the board; the observer calls begin again
        return;
      }
    }
    await settled();
    if (mine !== epoch || !el.game) return;
    start = el.game.hoey();
    misere = el.game.misere;
    const st = el.game.status();
    if (st.over) {
      say('The game is over: there is no move to find.', 'bad');
      return;
    }
    state = 'play';
    sync();
    say(`Player ${st.toMove} to play${misere ? ' (misère: the last move loses)' : ''}: find a winning move.`);
  }

  /** A move was played on the board (by a stroke, or el.play). @param {Event} ev */
  async function onMove(ev) {
    if (state !== 'play') return;
    const move = /** @type {CustomEvent} */ (ev).detail?.move;
    const mine = epoch;
    state = 'wait';
    sync();
    say(`Checking ${move}…`);
    let answer;
    try {
      answer = await ask('puzzleCheck', { position: start, misere, move });
    } catch (e) {
      if (mine !== epoch) return;
      el.undo();
      state = 'play';
      sync();
      say(`${move} could not be checked (${messageOf(e)}); it was taken back.`, 'bad');
      return;
    }
    if (mine !== epoch) return;
    if (answer.correct) {
      state = 'solved';
      el.board?.highlight({ lands: [], marked: [] });
      say(`Correct: ${answer.move} wins; your opponent is lost, whatever they play.`, 'good');
    } else {
      el.undo();
      el.game?.dropRedo();
      el.board?.message(`Taken back: ${answer.move}`, false);
      state = 'play';
      say(`${answer.move} does not win: your opponent would win${answer.reply ? ` by replying ${answer.reply}` : ''}. Taken back: try another move.`, 'bad');
    }
    sync();
    el.dispatchEvent(new CustomEvent('sprouts-puzzle', { detail: { correct: answer.correct, move: answer.move }, bubbles: true, composed: true }));
  }

  /** The solver's winning move (asked once per puzzle). */
  async function solution() {
    hint ??= await ask('puzzleHint', { position: start, misere });
    return /** @type {{ land: number[], spots: number[], move: string }} */ (hint);
  }

  async function onHint() {
    if (state !== 'play') return;
    const mine = epoch;
    hintButton.disabled = true;
    let h;
    try {
      h = await solution();
    } catch (e) {
      if (mine === epoch) { say(`No hint: ${messageOf(e)}.`, 'bad'); sync(); }
      return;
    }
    if (mine !== epoch || state !== 'play') return;
    hints++;
    if (hints === 1) {
      el.board?.highlight({ lands: [h.land] });
      say(`Hint: play in the land of ${list(h.land)} (tinted).`);
    } else {
      const [a, b] = h.spots;
      el.board?.highlight({ lands: [h.land], marked: a === b ? [a] : [a, b] });
      say(a === b ? `Hint: draw a loop from spot ${a} back to itself.` : `Hint: join spot ${a} to spot ${b}.`);
    }
    sync();
  }

  async function onShow() {
    if (state !== 'play') return;
    const mine = epoch;
    state = 'wait';
    sync();
    let h;
    try {
      h = await solution();
    } catch (e) {
      if (mine === epoch) { state = 'play'; sync(); say(`Nothing to show: ${messageOf(e)}.`, 'bad'); }
      return;
    }
    if (mine !== epoch) return;
    state = 'shown';
    try {
      el.play(h.move);
    } catch (e) {
      say(`The solution ${h.move} could not be played: ${messageOf(e)}`, 'bad');
      return;
    }
    el.board?.highlight({ lands: [], marked: [] });
    say(`A winning move: ${h.move}.`, 'good');
    sync();
  }

  const onClick = (/** @type {Event} */ ev) => {
    const b = /** @type {HTMLElement} */ (ev.target).closest?.('button');
    if (b?.dataset.puzzle === 'hint') void onHint();
    else if (b?.dataset.puzzle === 'show') void onShow();
    else if (b?.dataset.act === 'reset') void begin();
  };
  root.addEventListener('click', onClick);
  el.addEventListener('sprouts-move', onMove);
  const observer = new MutationObserver(() => void begin());
  observer.observe(el, { attributes: true, attributeFilter: ['puzzle', 'position', 'moves', 'misere', 'spots'] });
  void begin();
  return () => {
    epoch++;
    observer.disconnect();
    root.removeEventListener('click', onClick);
    el.removeEventListener('sprouts-move', onMove);
    hintButton.remove();
    showButton.remove();
    feedback.remove();
  };
}
