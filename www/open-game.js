// @ts-check
/**
 * Opening a game: the "Open" box (a pasted WGOSA record, or a position the
 * engine lays out), a `.sprouts.json` game file, and share links. The
 * engine reads every one of them (`Game.fromRecord`, `Game.fromPosition`,
 * `Game.fromJson`). A pasted text is read in the drawing worker (routing a
 * record's moves or laying out a position takes seconds, and a position
 * that finds no room is refused only after up to half a minute): the page
 * stays usable meanwhile, and pasting again drops the text still being
 * read. Share links are read there too. The worker's game comes back as a
 * saved file. An opened game is replayed read-only until the player
 * chooses to play on, an opened position is played on at once. A text,
 * file or link that does not read shows the engine's reason and changes
 * nothing on the board (a broken link shows a fresh board instead, since
 * the page was opened for it).
 */
import { $, input, plural } from './dom.js';
import { messageOf } from './engine.js';
import { parseFragment } from './share.js';
import { looksLikeRecord } from './reading.js';

/** @typedef {import('./game-controller.js').GameController} GameController */
/** @typedef {import('./share.js').SharedGame} SharedGame */

/** Largest game file read (a 20-spot game with its drawing is about 200 kB). */
const MAX_FILE = 5 << 20;

/**
 * @param {GameController} ctl
 * @param {ReturnType<typeof import('./draw-client.js').createDrawClient>} drawing
 * @param {{ opened: (note: string) => void, reading: (note: string) => void, drawn?: () => void }} host told after a game was opened, while a pasted text is being read ('' when done), and when a game the engine drew (a record, a position, a link) is shown
 */
export function createOpener(ctl, drawing, host) {
  const error = $('open-error');
  /** The pasted text being read in the worker (its request id; 0: none). */
  let pending = 0;

  /**
   * A record as written (its header and moves), null if it is none.
   * @param {string} text
   */
  function written(text) {
    if (!looksLikeRecord(text)) return null;
    try {
      return ctl.engine.readRecord(text);
    } catch {
      return null;
    }
  }

  /** A pasted text read by the worker. @param {any} m @param {string} text */
  function textRead(m, text) {
    pending = 0;
    host.reading('');
    if (m.error) {
      fail(m.all ? 'the text could not be read: the drawing worker stopped' : m.error);
      return;
    }
    let game;
    try {
      game = ctl.engine.Game.fromJson(String(m.game));
    } catch (e) {
      fail(messageOf(e));
      return;
    }
    if (m.isRecord) {
      show(game, null, '', written(text));
    } else {
      // A position is played on at once (there is nothing to replay).
      error.textContent = '';
      ctl.replace(game);
      host.opened('The position is laid out by the engine; play on from it.');
    }
    host.drawn?.();
  }

  /** @param {string} message */
  function fail(message) {
    error.textContent = message;
    /** @type {HTMLDetailsElement} */ ($('open-box')).open = true;
  }

  /**
   * Shows `game`, read-only, just after move `at` (null: as it is).
   * @param {import('./game-controller.js').Game} game @param {number | null} at @param {string} what a note for the status line, if any
   * @param {GameController['written']} [record] the record as written, when the game is one
   */
  function show(game, at, what, record = null) {
    error.textContent = '';
    ctl.replace(game, { replaying: true, at, written: record });
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
    if (pending) {
      // Still reading an earlier text: drop it (its layout may be long).
      pending = 0;
      drawing.restart();
    }
    error.textContent = '';
    host.reading(looksLikeRecord(t) ? 'Reading the record…' : 'Laying out the position…');
    // The parser the text looks made for first; if it refuses, the other
    // one (a spots-dialect string can start like a record header).
    const { id, reply } = drawing.request({ type: 'open', text: t, misere, width, height, recordFirst: looksLikeRecord(t) });
    pending = id;
    reply.then((m) => {
      if (pending === id) textRead(m, t);
    });
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
   * A share link's fragment (`#r=…&m=…`): null if there is none, else a
   * promise settled once its game is shown (read by the worker, like a
   * pasted text). A broken one leaves a fresh board and says why.
   * @param {string} hash
   * @returns {Promise<void> | null}
   */
  function openFragment(hash) {
    /** @type {SharedGame | null} */
    let shared;
    try {
      shared = parseFragment(hash);
    } catch (e) {
      brokenLink(e);
      return Promise.resolve();
    }
    if (!shared) return null;
    const s = shared;
    const { width, height } = ctl.boardSize();
    host.reading('Opening the link…');
    return drawing.request({ type: 'link', position: s.position, misere: s.misere, record: s.record, width, height }).reply.then((m) => {
      host.reading('');
      try {
        if (m.error) throw new Error(m.all ? 'the drawing worker stopped' : m.error);
        const game = ctl.engine.Game.fromJson(String(m.game));
        if (s.move !== null && s.move > game.moveCount) {
          const n = game.moveCount;
          game.free();
          throw new Error(`the link shows move ${s.move}, but the game has ${plural(n, 'move', 'moves')}`);
        }
        show(game, s.move, '', s.position ? null : written(s.record));
        host.drawn?.();
      } catch (e) {
        brokenLink(e);
      }
    });
  }

  /** A link that cannot be opened: a fresh board, and why. @param {unknown} e */
  function brokenLink(e) {
    ctl.replace(ctl.newGame(3, false));
    fail(`The link could not be opened: ${messageOf(e)}`);
    host.opened('The link could not be opened; a new game was started.');
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
