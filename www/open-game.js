// @ts-check
/**
 * Opening a game: the "Open" box (a pasted WGOSA record, or a position the
 * engine lays out), a `.sprouts.json` game file, and share links. The
 * engine reads every one of them (`Game.fromRecord`, `Game.fromPosition`,
 * `Game.fromJson`); an opened game is replayed read-only until the player
 * chooses to play on, an opened position is played on at once. A text,
 * file or link that does not read shows the engine's reason and changes
 * nothing on the board (a broken link shows a fresh board instead, since
 * the page was opened for it).
 */
import { $, input, plural } from './dom.js';
import { messageOf } from './engine.js';
import { parseFragment } from './share.js';
import { looksLikeRecord, playMoves } from './reading.js';

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

  /** A pasted record or position. @param {string} text */
  function openText(text) {
    const t = text.trim();
    if (!t) {
      fail('paste a game record or a position first, such as 2+ 1(3)2 1(4)2 or 0*2.AB.}AB.}]!');
      return;
    }
    const { width, height } = ctl.boardSize();
    const misere = /** @type {HTMLInputElement} */ ($('open-misere')).checked;
    const E = ctl.engine.Game;
    // The parser the text looks made for first; if it refuses, the other
    // one (a spots-dialect string can start like a record header).
    const asRecord = () => E.fromRecord(t, width, height);
    const asPosition = () => E.fromPosition(t, misere, width, height);
    const [first, second] = looksLikeRecord(t) ? [asRecord, asPosition] : [asPosition, asRecord];
    let game;
    let isRecord = looksLikeRecord(t);
    try {
      game = first();
    } catch (e) {
      try {
        game = second();
        isRecord = !isRecord;
      } catch {
        fail(messageOf(e));
        return;
      }
    }
    if (isRecord) {
      show(game, null, '');
    } else {
      // A position is played on at once (there is nothing to replay).
      error.textContent = '';
      ctl.replace(game);
      host.opened('The position is laid out by the engine; play on from it.');
    }
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
    const { width, height } = ctl.boardSize();
    const E = ctl.engine.Game;
    /** @type {import('./game-controller.js').Game | null} */
    let game = null;
    try {
      if (s.position !== null) {
        game = E.fromPosition(s.position, s.misere, width, height);
        playMoves(game, s.record);
      } else {
        game = E.fromRecord(s.record, width, height);
      }
      if (s.move !== null && s.move > game.moveCount) {
        throw new Error(`the link shows move ${s.move}, but the game has ${plural(game.moveCount, 'move', 'moves')}`);
      }
      return game;
    } catch (e) {
      game?.free();
      throw e;
    }
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
