// @ts-check
/**
 * The game in progress, kept in localStorage so that it survives a reload.
 * Storage can be full or forbidden (private modes, sandboxed frames): then
 * the page simply does not remember.
 */

const KEY = 'sprouts:game:v1';

/**
 * @typedef {{ game: string, players?: { 1: any, 2: any }, budget?: number, placeSpot?: boolean }} SavedState
 */

/** @param {SavedState} state */
export function save(state) {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    /* not remembered */
  }
}

/** @returns {SavedState | null} */
export function loadSaved() {
  try {
    const text = localStorage.getItem(KEY);
    if (!text) return null;
    const v = JSON.parse(text);
    return v && typeof v.game === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function clearSaved() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing to clear */
  }
}
