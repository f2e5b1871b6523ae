// @ts-check
/**
 * Opening a game: the "Open" box (a pasted WGOSA record), a `.sprouts.json`
 * game file, and share links. The engine reads every one of them (the
 * record with `Game.fromRecord`, the file with `Game.fromJson`); an opened
 * game is replayed read-only until the player chooses to play on. A text,
 * file or link that does not read shows the engine's reason and changes
 * nothing on the board (a broken link shows a fresh board instead, since
 * the page was opened for it).
 */
import { $, input } from './dom.js';
import { messageOf } from './engine.js';
import { parseFragment } from './share.js';

/** @typedef {import('./game-controller.js').GameController} GameController */
/** @typedef {import('./share.js').SharedGame} SharedGame */

/** Largest game file read (a 20-spot game with its drawing is about 200 kB). */
const MAX_FILE = 5 << 20;

/**
 * @param {GameController} ctl
 * @param {{ opened: (note: string) => void }} host told after a game was opened
 */
export function createOpener(ctl, host) {
  const error = $('open-error');

  /** @param {string} message */
  function fail(message) {
    error.textContent = message;
    /** @type {HTMLDetailsElement} */ ($('open-box')).open = true;
  }

  /**
   * Shows `game`, read-only, just after move `at` (null: as it is).
   * @param {import('./game-controller.js').Game} game @param {number | null} at @param {string} what a note for the status line, if any
   */
  function show(game, at, what) {
    error.textContent = '';
    ctl.replace(game, { replaying: true, at });
    if (what) host.opened(what);
  }

  /** A pasted record. @param {string} text */
  function openText(text) {
    const t = text.trim();
    if (!t) {
      fail('paste a game record first, such as 2+ 1(3)2 1(4)2');
      return;
    }
    const { width, height } = ctl.boardSize();
    let game;
    try {
      game = ctl.engine.Game.fromRecord(t, width, height);
    } catch (e) {
      fail(messageOf(e));
      return;
    }
    show(game, null, '');
  }

  /** A game file chosen by the player. @param {File} file */
  async function openFile(file) {
    if (file.size > MAX_FILE) {
      fail(`${file.name}: too large for a game file (${file.size} bytes)`);
      return;
    }
    let game;
    try {
      game = ctl.engine.Game.fromJson(await file.text());
    } catch (e) {
      fail(`${file.name}: ${messageOf(e)}`);
      return;
    }
    show(game, null, `Opened ${file.name}`);
  }

  /**
   * A share link's fragment (`#r=…&m=…`); true if there was one. A broken
   * one leaves a fresh board and says why.
   * @param {string} hash
   */
  function openFragment(hash) {
    /** @type {SharedGame | null} */
    let shared;
    let game = null;
    try {
      shared = parseFragment(hash);
      if (!shared) return false;
      game = gameOf(shared);
    } catch (e) {
      game?.free();
      ctl.replace(ctl.newGame(3, false));
      fail(`The link could not be opened: ${messageOf(e)}`);
      host.opened('The link could not be opened; a new game was started.');
      return true;
    }
    show(game, shared.move, '');
    return true;
  }

  /**
   * The game of a share link, at the move it shows. Throws Error(reason).
   * @param {SharedGame} s
   */
  function gameOf(s) {
    if (s.position !== null) throw new Error('the link starts from a position, which this page cannot draw yet');
    const { width, height } = ctl.boardSize();
    const game = ctl.engine.Game.fromRecord(s.record, width, height);
    if (s.move !== null && s.move > game.moveCount) {
      const n = game.moveCount;
      game.free();
      throw new Error(`the link shows move ${s.move}, but the game has ${n} moves`);
    }
    return game;
  }

  $('open-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    openText(/** @type {HTMLTextAreaElement} */ ($('open-text')).value);
  });
  $('file-open').addEventListener('click', () => input('file-input').click());
  input('file-input').addEventListener('change', () => {
    const file = input('file-input').files?.[0];
    input('file-input').value = '';
    if (file) openFile(file);
  });

  return { openText, openFile, openFragment };
}
