// @ts-check
/**
 * The game in progress, kept in localStorage so that it survives a reload:
 * the game itself in the engine's game-file format (`game.toJson()`, the
 * same text as a downloaded `.sprouts.json` file) and the page's settings.
 * Storage can be full or forbidden (private modes, sandboxed frames): then
 * the page simply does not remember.
 */

const KEY = 'sprouts:game:v1';
const BUDGETS = [3, 15, 120];
const KINDS = ['human', 'random', 'heuristic', 'perfect'];

/** @typedef {import('./game-controller.js').GameController} GameController */
/**
 * @typedef {{ game: string, players?: { 1: any, 2: any }, budget?: number, placeSpot?: boolean,
 *   replaying?: boolean }} SavedState
 */

/** Saves the controller's game and settings. @param {GameController} ctl */
export function persist(ctl) {
  const g = ctl.current;
  if (!g) return;
  ctl.savedJson = g.toJson();
  /** @type {SavedState} */
  const state = { game: ctl.savedJson, players: ctl.players, budget: ctl.budget, placeSpot: ctl.placeSpot, replaying: ctl.replaying };
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    /* not remembered */
  }
}

/**
 * Restores the saved game and settings into the controller; throws
 * Error(reason) if a saved game is there but cannot be read (the settings
 * are restored anyway). False if nothing was saved.
 * @param {GameController} ctl
 */
export function restore(ctl) {
  const saved = loadSaved();
  if (!saved) return false;
  const p = saved.players;
  if (p && KINDS.includes(p[1]) && KINDS.includes(p[2])) ctl.players = { 1: p[1], 2: p[2] };
  if (BUDGETS.includes(Number(saved.budget))) ctl.budget = Number(saved.budget);
  ctl.placeSpot = !!saved.placeSpot;
  ctl.current = ctl.engine.Game.fromJson(saved.game);
  ctl.replaying = !!saved.replaying;
  return true;
}

/** @returns {SavedState | null} */
function loadSaved() {
  try {
    const text = localStorage.getItem(KEY);
    if (!text) return null;
    const v = JSON.parse(text);
    return v && typeof v.game === 'string' ? v : null;
  } catch {
    return null;
  }
}
