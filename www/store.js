// @ts-check
/**
 * The game in progress, kept so that it survives a reload: the game itself
 * in the engine's game-file format (`game.toJson()`, the same text as a
 * downloaded `.sprouts.json` file) and the page's settings. One game per
 * tab (docs/saving.md):
 *
 *   sessionStorage  sprouts:tab:v1              this tab's id (kept across reloads, per tab)
 *   localStorage    sprouts:game:v1:tab:<id>    that tab's game in progress
 *                   sprouts:game:v1             the last game saved by any tab: what a new tab opens
 *                                               (and the one key of earlier versions)
 *                   sprouts:previous:v1:tab:<id> the tab's game before it was replaced (a link played
 *                                               on, a new game, an opened file): "Your previous game"
 *                   sprouts:tabs:v1             when each tab last saved (the oldest are dropped)
 *                   sprouts:unreadable:v1[:<time>] stored text that could not be read, kept aside
 *
 * A link's game is only shown: it is saved (and the tab's game kept as
 * the previous one) once the player plays on from it. Storage can be full or forbidden (private modes,
 * sandboxed frames): then the page simply does not remember.
 */

const LAST = 'sprouts:game:v1';
const TAB = 'sprouts:tab:v1';
const TABS = 'sprouts:tabs:v1';
const UNREADABLE = 'sprouts:unreadable:v1';
const tabKey = (/** @type {string} */ id) => `${LAST}:tab:${id}`;
const previousKey = (/** @type {string} */ id) => `sprouts:previous:v1:tab:${id}`;
/** Tabs whose games are kept (a 20-spot game with its drawing is ~200 kB; storage holds ~5 MB). */
const MAX_TABS = 8;
const BUDGETS = [3, 15, 120];
const KINDS = ['human', 'random', 'heuristic', 'perfect'];

/** @typedef {import('./game-controller.js').GameController} GameController */
/**
 * @typedef {{ game: string, players?: { 1: any, 2: any }, budget?: number, placeSpot?: boolean,
 *   replaying?: boolean }} SavedState
 */

/** This tab's id, made on its first load. */
const tab = (() => {
  try {
    let id = sessionStorage.getItem(TAB);
    if (!id || !/^[a-z0-9]{1,32}$/.test(id)) {
      id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      sessionStorage.setItem(TAB, id);
    }
    return id;
  } catch {
    return 'none';
  }
})();

/** The game shown is a link's not yet played on: not saved. */
let viewing = false;
/** The game object saved last (another one replacing it keeps the old one as the previous game). */
let savedGame = /** @type {unknown} */ (null);

/**
 * Marks the game shown as a link's: it is saved only once the player
 * plays on from it (leaves the replay).
 * @param {boolean} on
 */
export function showingOpened(on) {
  viewing = on;
}

/** @param {string} key @param {string} text */
function write(key, text) {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** Records that this tab saved now and drops the games of the tabs that saved longest ago. */
function touchTab() {
  /** @type {Record<string, number>} */
  let tabs = {};
  try {
    tabs = JSON.parse(localStorage.getItem(TABS) ?? '{}') ?? {};
  } catch { /* rebuilt */ }
  tabs[tab] = Date.now();
  const old = Object.keys(tabs).sort((a, b) => tabs[b] - tabs[a]).slice(MAX_TABS);
  for (const id of old) {
    delete tabs[id];
    try {
      localStorage.removeItem(tabKey(id));
      localStorage.removeItem(previousKey(id));
    } catch { /* nothing to drop */ }
  }
  write(TABS, JSON.stringify(tabs));
}

/** Saves the controller's game and settings as this tab's game. @param {GameController} ctl */
export function persist(ctl) {
  const g = ctl.current;
  if (!g) return;
  if (viewing) {
    if (ctl.replaying) return;
    viewing = false; // played on: the opened game is the tab's game now
  }
  ctl.savedJson = g.toJson();
  if (savedGame !== null && savedGame !== g) keepPrevious();
  savedGame = g;
  /** @type {SavedState} */
  const state = { game: ctl.savedJson, players: ctl.players, budget: ctl.budget, placeSpot: ctl.placeSpot, replaying: ctl.replaying };
  const text = JSON.stringify(state);
  touchTab();
  write(tabKey(tab), text);
  write(LAST, text);
}

/**
 * The tab's stored game (a new tab's: the last one saved, which it
 * opened) becomes its previous game (if it has a move: an empty board is
 * not worth keeping).
 */
function keepPrevious() {
  try {
    const text = localStorage.getItem(tabKey(tab)) ?? localStorage.getItem(LAST);
    if (!text) return;
    const v = JSON.parse(text);
    const moves = JSON.parse(String(v?.game ?? '{}'))?.moves;
    if (Array.isArray(moves) && moves.length > 0) write(previousKey(tab), text);
  } catch { /* an unreadable one was kept aside when read */ }
}

/**
 * The game just read from storage is the saved one (replacing it later
 * keeps it as the previous game). @param {unknown} game
 */
export function restored(game) {
  savedGame = game;
}

/** Whether this tab has a previous game. */
export function hasPrevious() {
  try {
    return !!localStorage.getItem(previousKey(tab));
  } catch {
    return false;
  }
}

/**
 * The previous game's stored state, swapped with the tab's game (so that
 * going back can be undone the same way); null if there is none.
 * @returns {SavedState | null}
 */
export function takePrevious() {
  try {
    const text = localStorage.getItem(previousKey(tab));
    if (!text) return null;
    const v = JSON.parse(text);
    if (!v || typeof v.game !== 'string') return null;
    const now = localStorage.getItem(tabKey(tab));
    if (now) write(previousKey(tab), now);
    else localStorage.removeItem(previousKey(tab));
    write(tabKey(tab), text);
    write(LAST, text);
    savedGame = null;
    return v;
  } catch {
    return null;
  }
}

/**
 * Keeps unreadable stored text aside (never over an earlier one) and says where.
 * @param {string} text
 */
function keepAside(text) {
  let key = UNREADABLE;
  try {
    if (localStorage.getItem(key) !== null) key = `${UNREADABLE}:${Date.now()}`;
  } catch { /* storage gone */ }
  return write(key, text) ? key : null;
}

/**
 * The stored state this tab starts from: its own game, else the last game
 * saved by any tab (a new tab). Settings are applied to `ctl` at once; the
 * game text is returned for the caller to read (in the drawing worker when
 * it has no drawing). `problem` says what could not be read, and where its
 * text was kept.
 * @param {GameController} ctl
 * @returns {{ game: string | null, replaying: boolean, problem: string }}
 */
export function loadSaved(ctl) {
  let text = null;
  try {
    text = localStorage.getItem(tabKey(tab)) ?? localStorage.getItem(LAST);
  } catch {
    return { game: null, replaying: false, problem: '' };
  }
  if (!text) return { game: null, replaying: false, problem: '' };
  /** @type {any} */
  let saved = null;
  try {
    saved = JSON.parse(text);
  } catch { /* below */ }
  if (!saved || typeof saved !== 'object' || typeof saved.game !== 'string') {
    return { game: null, replaying: false, problem: unreadable(text, 'it is not a saved game') };
  }
  const p = saved.players;
  if (p && KINDS.includes(p[1]) && KINDS.includes(p[2])) ctl.players = { 1: p[1], 2: p[2] };
  if (BUDGETS.includes(Number(saved.budget))) ctl.budget = Number(saved.budget);
  ctl.placeSpot = !!saved.placeSpot;
  return { game: saved.game, replaying: !!saved.replaying, problem: '' };
}

/**
 * A stored game the engine refused (or stored text that is no saved
 * game): its text is kept aside; the note for the player.
 * @param {string} text the stored text @param {string} why
 */
export function unreadable(text, why) {
  const key = keepAside(text);
  return `The saved game could not be read (${why}); a new game was started.` +
    (key ? ` Its text is kept in this browser's storage under “${key}”.` : '');
}

/** The stored text of this tab's game (or the default), for keeping it aside. */
export function storedText() {
  try {
    return localStorage.getItem(tabKey(tab)) ?? localStorage.getItem(LAST) ?? '';
  } catch {
    return '';
  }
}

/** Whether a saved game's text holds its drawing (else reading it routes every move: seconds). @param {string} game */
export function hasDrawing(game) {
  try {
    const v = JSON.parse(game);
    // A game under other rules keeps no drawing (docs/saving.md): the
    // engine routes its few moves at once.
    return !!v && typeof v === 'object' && (!Array.isArray(v.moves) || v.moves.length === 0 || (!!v.drawing && typeof v.drawing === 'object') || typeof v.rules === 'string');
  } catch {
    return true; // not JSON: the engine says so at once
  }
}
