// @ts-check
/**
 * The game on the page and who plays it: the one place that changes the
 * engine's `Game` (play, undo/redo, jump, replace, continue from a move),
 * with no DOM in it. The rules, the drawing and the notation are the
 * engine's; this module only decides what the page is doing with them
 * (who is human, whether the game is being replayed read-only, whether the
 * computer is paused).
 *
 *   const ctl = new GameController(engine, boardSize);
 *   ctl.addEventListener('change', render);   // after every change of the game
 *   ctl.playText('1(4)2');                    // throws Error(message) if illegal
 *
 * Events: `change` (the game or its mode changed: save, redraw, let the
 * computer move), `moved` (after `change`, when that change was a move
 * played: the page tidies the drawing), `interrupt` (the computer must
 * stop thinking), `note` (detail: a sentence for the status line).
 */
import { gameFromJson, isTrap, loadEngine, messageOf, newPqGame } from './engine.js';

/** @typedef {import('./engine.js').Engine} Engine */
/** @typedef {InstanceType<Engine['Game']>} Game */
/** @typedef {'human' | 'random' | 'heuristic' | 'perfect'} PlayerKind */
/**
 * @typedef {{ moveNumber: number, toMove: number, over: boolean, winner: number | null,
 *   lastMover: number | null, misere: boolean, lives: number, liveSpots: number,
 *   canUndo: boolean, canRedo: boolean }} Status
 */

export class GameController extends EventTarget {
  /**
   * @param {Engine} engine
   * @param {() => { width: number, height: number }} boardSize board units of a new game
   */
  constructor(engine, boardSize) {
    super();
    this.engine = engine;
    this.boardSize = boardSize;
    /** @type {Game | null} */
    this.current = null;
    /** @type {{ 1: PlayerKind, 2: PlayerKind }} */
    this.players = { 1: 'human', 2: 'human' };
    /** Seconds the computer may think. */
    this.budget = 15;
    /** Milliseconds between the moves of a computer-against-computer game, so that a person can follow them (the browser tests set 0). */
    this.pace = 400;
    this.placeSpot = false;
    /** @type {string | null} what the next stroke puts on its line under other rules (variants.js); null: the rules' own */
    this.newSpot = null;
    /** The first spot chosen with the keyboard. @type {number | null} */
    this.selected = null;
    /** The computer waits (after Stop, or while the player browses history). */
    this.paused = false;
    /** An opened game is shown read-only until "Continue from here". */
    this.replaying = false;
    /**
     * The record opened, as written (`readRecord`): its header and each
     * move as written beside the engine's form; null for other games.
     * @type {{ header: { players: { first: string, second: string } | null, result: number | null, [k: string]: any }, moves: { move: string, written: string }[] } | null}
     */
    this.written = null;
    /** The JSON of the game as last saved (to rebuild it after a crash). */
    this.savedJson = '';
    this.recovering = false;
  }

  /** The game (throws before there is one). */
  get game() {
    if (!this.current) throw new Error('no game');
    return this.current;
  }

  // ---- engine calls: a trapped engine (a Rust panic) is replaced by a
  // fresh one and the game rebuilt from its last saved state.

  /**
   * @template T
   * @param {() => T} f
   * @param {T} fallback what to return if the engine crashed
   * @returns {T}
   */
  guard(f, fallback) {
    try {
      return f();
    } catch (e) {
      if (!isTrap(e)) throw e;
      console.warn('the engine crashed; restarting it', e);
      this.recover();
      return fallback;
    }
  }

  async recover() {
    if (this.recovering) return;
    this.recovering = true;
    try {
      this.engine = await loadEngine({ fresh: true });
      this.current = this.savedJson ? gameFromJson(this.engine, this.savedJson) : this.newGame(3, false);
      this.changed();
      this.note('The engine crashed and was restarted; the game was kept.');
    } catch (e) {
      this.note(`The engine crashed and could not be restarted: ${messageOf(e)}`);
    } finally {
      this.recovering = false;
    }
  }

  /** @param {string} text a sentence for the status line */
  note(text) {
    this.dispatchEvent(new CustomEvent('note', { detail: text }));
  }

  /** After any change of the game or its mode. */
  changed() {
    this.dispatchEvent(new Event('change'));
  }

  /** Stops the computer's thinking (its answer would be for another position). */
  interrupt() {
    this.dispatchEvent(new Event('interrupt'));
  }

  // ---- who plays

  /** @param {1|2} p */
  isHuman(p) {
    return this.players[p] === 'human';
  }

  /** Exactly one side is the computer. */
  mixed() {
    return this.isHuman(1) !== this.isHuman(2);
  }

  /** Whether a person may move now (not over, not replaying, their turn). */
  canPlay() {
    const g = this.current;
    return !!g && !this.replaying && !g.isOver() && this.isHuman(/** @type {1|2} */ (g.toMove()));
  }

  /** @param {1|2} p */
  playerName(p) {
    const k = this.players[p];
    return k === 'human' ? `Player ${p}` : `Player ${p} (computer, ${k})`;
  }

  /**
   * Who player p is in the game shown: while a game is replayed nobody on
   * the page plays it, so it is the record's player (its header's name,
   * if any); otherwise the page's seat.
   * @param {1|2} p
   */
  seatName(p) {
    return this.replaying ? this.recordPlayer(p) : this.playerName(p);
  }

  /**
   * Player p of the record read: "Khorkov (Player 2)", or "Player 2" where
   * its header names nobody. @param {1|2} p
   */
  recordPlayer(p) {
    const name = this.written?.header.players?.[p === 1 ? 'first' : 'second'];
    return name ? `${name} (Player ${p})` : `Player ${p}`;
  }

  // ---- history

  /**
   * Every move of the game, also those after the move shown (taken back or
   * not replayed yet), and the number of moves shown.
   * @returns {{ moves: string[], cursor: number }}
   */
  history() {
    return { moves: this.atEnd((g) => g.moves()), cursor: this.game.moveCount };
  }

  /** The record of the whole game (the engine's record() stops at the move shown). */
  fullRecord() {
    return this.atEnd((g) => g.record());
  }

  /**
   * What `f` says of the game after its last move. The engine answers for
   * the move shown: step to the end and back (only its cursor moves;
   * nothing is replayed).
   * @template T @param {(g: Game) => T} f @returns {T}
   */
  atEnd(f) {
    const g = this.game;
    const cursor = g.moveCount;
    while (g.redo());
    const value = f(g);
    g.goTo(cursor);
    return value;
  }

  /** Moves the engine's cursor to just after move k, or the last move. @param {number} k */
  goTo(k) {
    const g = this.game;
    if (!g.goTo(k)) while (g.redo());
  }

  // ---- moves

  /**
   * Plays a drawn stroke; its text, or null if the engine crashed.
   * Throws Error(reason) if the stroke is not a move.
   * @param {number[]} points @param {number} t where the new spot goes (0..1)
   */
  playStroke(points, t) {
    const what = this.newSpot;
    const text = this.guard(
      () => (what ? this.game.playStrokeAs(new Float64Array(points), t, what) : this.game.playStroke(new Float64Array(points), t)),
      null,
    );
    // A (p, q) move takes q − 1 strokes: a line of it is drawn, not a move.
    if (text !== null && /** @type {any} */ (this.game).linesLeft > 0) this.changed();
    else if (text !== null) this.moved();
    return text;
  }

  /**
   * Plays a move in WGOSA notation; its shortest text, or null if the
   * engine crashed. Throws Error(reason) if it is not a legal move.
   * @param {string} text
   */
  playText(text) {
    const played = this.guard(() => this.game.playText(text), null);
    if (played !== null) this.moved();
    return played;
  }

  /** A move was played: `change`, then `moved` (the page tidies the drawing). */
  moved() {
    this.selected = null;
    this.paused = false;
    this.changed();
    this.dispatchEvent(new Event('moved'));
  }

  /** Takes back a move (back to a person's turn against the computer). */
  undo() {
    const g = this.game;
    this.interrupt();
    if (this.replaying) return this.jumpTo(g.moveCount - 1);
    if (!g.undo()) return;
    // Back to a human's turn (the computer would only play again).
    while (g.moveCount > 0 && !this.isHuman(/** @type {1|2} */ (g.toMove())) && this.mixed()) g.undo();
    this.paused = !this.isHuman(/** @type {1|2} */ (g.toMove()));
    this.changed();
  }

  redo() {
    this.interrupt();
    if (this.replaying) return this.jumpTo(this.game.moveCount + 1);
    if (!this.game.redo()) return;
    this.paused = true;
    this.changed();
  }

  /** Shows the game just after move k (0: the start), as far as it goes. @param {number} k */
  jumpTo(k) {
    const g = this.game;
    const before = g.moveCount;
    this.interrupt();
    this.goTo(Math.max(0, k));
    if (g.moveCount === before) return;
    this.selected = null;
    this.paused = true;
    this.changed();
  }

  // ---- whole games

  /**
   * A new game of n spots (or crosses) on a board of the page's shape,
   * under `rules` (variants.js; plain Sprouts by default).
   * @param {number} n @param {boolean} misere @param {string} [rules] @param {string} [start]
   */
  newGame(n, misere, rules = 'sprouts', start = '') {
    const { width, height } = this.boardSize();
    // (p, q) Sprouts: the on-demand module's, loaded first (engine.js `readyFor(rules)`).
    if (rules.startsWith('pq:')) return /** @type {Game} */ (/** @type {unknown} */ (newPqGame(rules, n, misere, width, height)));
    if (rules !== 'sprouts') return this.engine.Game.newVariant(rules, start, n, misere, width, height);
    return new this.engine.Game(n, misere, width, height);
  }

  /** A new game from the current one's start: its spots, or the position it was opened from. */
  again() {
    const g = this.game;
    const { width, height } = this.boardSize();
    const start = g.startPosition();
    return start ? this.engine.Game.fromPosition(start, g.misere, width, height) : this.newGame(g.spots, g.misere, g.rulesName, g.startKind);
  }

  /** The computer takes the side a person played, and the other way round. */
  swapSides() {
    this.players = { 1: this.players[2], 2: this.players[1] };
  }

  /**
   * Shows `game` instead of the current one.
   * @param {Game} game
   * @param {{ replaying?: boolean, at?: number | null, written?: GameController['written'] }} [opts] replaying: read-only until
   *   "Continue from here"; at: show the game just after this move (default: as it is);
   *   written: the record as written, when the game is one
   */
  replace(game, opts = {}) {
    this.interrupt();
    this.current?.free();
    this.current = game;
    this.written = opts.written ?? null;
    if (opts.at != null) this.goTo(opts.at);
    this.replaying = !!opts.replaying;
    this.selected = null;
    this.paused = false;
    this.changed();
  }

  /**
   * Move k (1-based) as the record wrote it, and the engine's form, while
   * the game's moves up to k are the record's; null otherwise.
   * @param {number} k @param {string[]} moves the game's moves
   */
  writtenMove(k, moves) {
    const w = this.written?.moves;
    if (!w || k > w.length || moves.slice(0, k).some((m, i) => m !== w[i].move)) return null;
    return w[k - 1];
  }

  /**
   * The record's result (1 or 2) and the winner's name, when the move
   * shown is the record's last; null otherwise (a record without a
   * result, another game, a move played on).
   */
  recordResult() {
    const w = this.written;
    const g = this.game;
    if (!w?.header.result || g.moveCount !== w.moves.length || !this.writtenMove(w.moves.length, g.moves())) return null;
    const p = /** @type {1|2} */ (w.header.result);
    // The record's players, not the page's seats: the computer did not play it.
    return { winner: p, text: `${this.recordPlayer(p)} won by the record (${p === 1 ? 'I' : 'II'})` };
  }

  /** How many moves come after the one shown. */
  laterMoves() {
    const { moves, cursor } = this.history();
    return moves.length - cursor;
  }

  /**
   * Ends replaying: the game goes on from the move shown, whose later
   * moves are dropped; the players set on the page play on.
   */
  continueHere() {
    this.interrupt();
    if (this.laterMoves() > 0) this.truncate();
    this.replaying = false;
    this.paused = false;
    this.changed();
  }

  /** Drops the moves after the one shown (the engine's dropRedo). */
  truncate() {
    this.game.dropRedo();
  }
}
