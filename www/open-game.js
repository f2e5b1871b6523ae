// @ts-check
/**
 * Opening a game: the "Open" box (a pasted WGOSA record, or a position the
 * engine lays out), a `.sprouts.json` game file, and share links. The
 * engine reads every one of them (`Game.fromRecord`, `Game.fromPosition`,
 * `Game.fromJson`). Everything is read in the drawing worker (routing a
 * record's moves, or those of a game file without its drawing, or laying
 * out a position takes seconds, and a position that finds no room is
 * refused only after up to half a minute): the page stays usable
 * meanwhile. The worker's game comes back as a saved file.
 *
 * One reading at a time: a newer text, file or link, or a move played
 * meanwhile, drops the one still being read (in the page and in the
 * worker), so the last thing opened is the one shown, error or not.
 *
 * A link's game is shown, read-only, without touching the tab's saved
 * game (store.js): a link is often opened only to look; it becomes the
 * tab's game when the player plays on from it. A pasted text or a file the
 * player chose becomes the tab's game at once (replayed read-only; a
 * position is played on). Either way the game it replaces stays reachable
 * as the tab's previous game. A text, file or link that does not read
 * shows the reason and changes nothing: the game in progress stays on the
 * board.
 */
import { $, input, plural } from './dom.js';
import { gameFromJson, messageOf, readyFor } from './engine.js';
import { parseFragment } from './share.js';
import { showingOpened } from './store.js';

/** @typedef {import('./game-controller.js').GameController} GameController */
/** @typedef {import('./share.js').SharedGame} SharedGame */

/** Largest game file read (a 20-spot game with its drawing is about 200 kB). */
const MAX_FILE = 5 << 20;

/**
 * @param {GameController} ctl
 * @param {ReturnType<typeof import('./draw-client.js').createDrawClient>} drawing
 * @param {{ opened: (note: string) => void, reading: (note: string) => void, drawn?: () => void, saved?: () => void }} host
 *   told after a game was opened, while something is being read ('' when done), when a game the engine drew (a record,
 *   a position, a link) is shown, and to show the tab's saved game again (a broken link after a link's game)
 */
export function createOpener(ctl, drawing, host) {
  const error = $('open-error');
  /** What is being read in the worker (its request id; 0: none). */
  let pending = 0;
  /** Whether the game shown is a link's (a broken link then goes back to the game in progress). */
  let linkShown = false;

  /**
   * Sends `m` to the worker, dropping what is still being read; `done`
   * gets the reply unless something newer came first. Settles when the
   * worker has answered or the reading was dropped.
   * @param {object} m @param {string} note @param {(m: any) => void} done
   * @returns {Promise<void>}
   */
  function read(m, note, done) {
    drop();
    host.reading(note);
    const { id, reply } = drawing.request(m);
    pending = id;
    return reply.then(async (r) => {
      if (pending !== id || r.cancelled) return;
      // A (p, q) game's module is fetched first (engine.js); failing,
      // `done` says why when it makes the game.
      await readyFor(String(r.game ?? '')).catch(() => {});
      if (pending !== id) return;
      pending = 0;
      host.reading('');
      done(r);
    });
  }

  /**
   * Drops what is being read; with `why`, says so (a move played meanwhile).
   * @param {string} [why]
   */
  function drop(why) {
    if (!pending) return;
    drawing.cancel(pending);
    pending = 0;
    host.reading('');
    if (why) host.opened(why);
  }

  /**
   * A record as written (its header and moves), null if it is none.
   * @param {string} text
   */
  function written(text) {
    try {
      return ctl.engine.readRecord(text);
    } catch {
      return null;
    }
  }

  /** A pasted text read by the worker. @param {any} m @param {string} text */
  function textRead(m, text) {
    if (m.error) {
      fail(m.all ? 'the text could not be read: the drawing worker stopped' : m.error);
      return;
    }
    let game;
    try {
      game = gameFromJson(ctl.engine, String(m.game));
    } catch (e) {
      fail(messageOf(e));
      return;
    }
    if (m.isRecord) {
      show(game, null, '', false, written(text));
    } else {
      // A position is played on at once (there is nothing to replay).
      error.textContent = '';
      linkShown = false;
      showingOpened(false);
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
   * @param {boolean} [link] a link's game: not saved until played on
   * @param {GameController['written']} [record] the record as written, when the game is one
   */
  function show(game, at, what, link = false, record = null) {
    error.textContent = '';
    linkShown = link;
    showingOpened(link);
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
    // Record or position, as the engine (and so `sprouts draw`) reads it:
    // `0+12` is two lands, not a record; neither, the error names both.
    let reading;
    try {
      reading = ctl.engine.readingOf(t);
    } catch (e) {
      drop();
      fail(messageOf(e));
      return;
    }
    error.textContent = '';
    read({ type: 'open', text: t, misere, width, height },
      reading === 'record' ? 'Reading the record…' : 'Laying out the position…', (m) => textRead(m, t));
  }

  /**
   * A game file chosen by the player, read in the worker: one without its
   * drawing has every move routed (seconds for a 40-spot game).
   * @param {File} file
   */
  async function openFile(file) {
    drop();
    if (file.size > MAX_FILE) {
      fail(`${file.name}: too large for a game file (${file.size} bytes)`);
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch (e) {
      fail(`${file.name}: the file could not be read (${messageOf(e)})`);
      return;
    }
    error.textContent = '';
    read({ type: 'file', text }, `Reading ${file.name}…`, (m) => {
      let game;
      try {
        if (m.error) throw new Error(m.all ? 'the drawing worker stopped' : m.error);
        game = gameFromJson(ctl.engine, String(m.game));
      } catch (e) {
        fail(`${file.name} could not be opened: ${messageOf(e)}`);
        return;
      }
      show(game, null, `Opened ${file.name}`);
    });
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
      drop();
      brokenLink(e);
      return Promise.resolve();
    }
    if (!shared) return null;
    const s = shared;
    const { width, height } = ctl.boardSize();
    return read({ type: 'link', position: s.position, misere: s.misere, record: s.record, width, height }, 'Opening the link…', (m) => {
      try {
        if (m.error) throw new Error(m.all ? 'the drawing worker stopped' : m.error);
        const game = gameFromJson(ctl.engine, String(m.game));
        if (s.move !== null && s.move > game.moveCount) {
          const n = game.moveCount;
          game.free();
          throw new Error(`the link shows move ${s.move}, but the game has ${plural(n, 'move', 'moves')}`);
        }
        show(game, s.move, '', true, s.position ? null : written(s.record));
        host.drawn?.();
      } catch (e) {
        brokenLink(e);
      }
    });
  }

  /**
   * A link that cannot be opened: why, over the game in progress (a
   * link's game shown before goes away: this link is the last one opened).
   * @param {unknown} e
   */
  function brokenLink(e) {
    if (linkShown && ctl.replaying) host.saved?.();
    linkShown = false;
    const why = messageOf(e);
    fail(`The link could not be opened: ${why}`);
    // Why, in the status too: the Open box that has it is off screen on a
    // phone and below the fold on a desktop (cut short: the box has it whole).
    host.opened(`The link could not be opened (${why.length > 120 ? `${why.slice(0, 119)}…` : why}); your game is as it was.`);
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

  return { openText, openFile, openFragment, drop, reading: () => pending !== 0 };
}
