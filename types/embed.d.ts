// TypeScript declarations of the <sprouts-board> element (sprouts-board's
// `exports` "." and "./embed.js"; the files are dist/embed.js and its
// versioned modules). The reference is docs/embed.md; docs/release.md says
// how to get the files. Importing the module defines the element.

/** The engine's Game.status(): whose turn, whether the game is over, who won and why. */
export interface SproutsStatus {
  /** Moves played up to the move shown. */
  moveNumber: number;
  /** 1 or 2: who moves next (or would, when the game is over). */
  toMove: 1 | 2;
  over: boolean;
  /** 1 or 2 once the game is over. */
  winner: 1 | 2 | null;
  /** Who made the last move (null before the first). */
  lastMover: 1 | 2 | null;
  misere: boolean;
  /** Lives left in the whole drawing. */
  lives: number;
  /** Spots with lives left (at the end: the survivors). */
  liveSpots: number;
  /** Why the game ended, in words. */
  why: string | null;
  canUndo: boolean;
  canRedo: boolean;
}

/** A record's header and each move as its players wrote it (`el.written`). */
export interface SproutsWritten {
  header: {
    spots: number;
    convention: string;
    players: { first: string; second: string; chooser: string | null; note: string | null } | null;
    result: string | null;
  };
  /** Each move: the engine's shortest form and the text as written. */
  moves: { move: string; written: string }[];
}

export interface SproutsMoveDetail { move: string; record: string }
export interface SproutsOverDetail { winner: 1 | 2; record: string }
export interface SproutsErrorDetail { message: string }
/** `move` is the number of the move shown. */
export interface SproutsStepDetail { move: number; record: string }
/** mode="puzzle": a move tried on a puzzle, and whether it was a right one. */
export interface SproutsPuzzleDetail { correct: boolean; move: string }

export interface SproutsBoardEventMap extends HTMLElementEventMap {
  'sprouts-move': CustomEvent<SproutsMoveDetail>;
  'sprouts-over': CustomEvent<SproutsOverDetail>;
  'sprouts-error': CustomEvent<SproutsErrorDetail>;
  'sprouts-step': CustomEvent<SproutsStepDetail>;
  'sprouts-puzzle': CustomEvent<SproutsPuzzleDetail>;
}

/**
 * The attributes, as strings (an attribute marked "present" counts by being
 * there at all). They are read when the element connects and whenever one changes.
 */
export interface SproutsBoardAttributes {
  /** Spots at the start, 1–20 (default 3). */
  spots?: string | number;
  /** Present: misère play (the last move loses). */
  misere?: boolean | '';
  /** WGOSA moves ("1(4)2 2(5)3"), or a whole record whose header sets spots and convention. */
  moves?: string;
  /** A start position (GLOP, spots dialect or Hoey list); `moves` are played from it. */
  position?: string;
  /** The rules (docs/variants.md); an unknown name is refused with a `sprouts-error`. */
  rules?: 'sprouts' | 'brussels' | 'dots-or-crosses' | 'weeds' | `pq:${number},${number}`;
  /** What the start is made of (default: the rules' own; crosses only for brussels and dots-or-crosses). */
  start?: 'dots' | 'crosses';
  /** Present: show the game, take no moves. */
  readonly?: boolean | '';
  /** "none": no status line or buttons; "replay": the step-through bar and the keys Home, ←, →, End. */
  controls?: 'none' | 'replay';
  /** The move shown first (0: the start; default the last). */
  move?: string | number;
  /** The computer plays `side`. */
  opponent?: 'random' | 'heuristic' | 'perfect';
  /** The side the computer plays (default 2). */
  side?: '1' | '2' | 1 | 2;
  /** Present: an Analyse button (the outcome and the winning moves). */
  analysis?: boolean | '';
  theme?: 'light' | 'dark';
  /** Fill the container's width at this ratio ("3/2", "16:9", "1.5"). */
  aspect?: string;
  /** A teaching mode: "puzzle" (find the winning move; `sprouts-puzzle` events) or "explore". */
  mode?: 'puzzle' | 'explore' | (string & {});
  /** Present: the mathematics on the board (lives, the moves still to come, V − E + F). */
  overlay?: boolean | '';
}

export declare class SproutsBoard extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Resolves once the engine is loaded and the game read (a new promise after each change of a game attribute). */
  readonly ready: Promise<void>;
  /** The game up to the move shown, as a WGOSA record ("3+ 1(4)2 …"). */
  readonly record: string;
  /** The position shown, as a canonical GLOP string. */
  readonly position: string;
  /** Null before the game is read. */
  readonly status: SproutsStatus | null;
  /** For a game read from moves or a record: the header and the moves as written; null otherwise. */
  readonly written: SproutsWritten | null;
  /** How many moves are shown (0: the start). */
  readonly moveShown: number;
  /** Plays a move in WGOSA notation; returns its shortest text; throws if it is not a move. */
  play(text: string): string;
  undo(): void;
  redo(): void;
  /** Shows the game after k moves (0: the start; past the end: the last). */
  goTo(k: number): void;
  /** Starts again from the attributes; resolves as the new `ready` does. */
  reset(): Promise<void>;
  /** Removes every listener and frees the engine's game (also done when the element leaves the page). */
  destroy(): void;

  addEventListener<K extends keyof SproutsBoardEventMap>(
    type: K,
    listener: (this: SproutsBoard, ev: SproutsBoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof SproutsBoardEventMap>(
    type: K,
    listener: (this: SproutsBoard, ev: SproutsBoardEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'sprouts-board': SproutsBoard;
  }
  interface HTMLElementEventMap {
    'sprouts-move': CustomEvent<SproutsMoveDetail>;
    'sprouts-over': CustomEvent<SproutsOverDetail>;
    'sprouts-error': CustomEvent<SproutsErrorDetail>;
    'sprouts-step': CustomEvent<SproutsStepDetail>;
    'sprouts-puzzle': CustomEvent<SproutsPuzzleDetail>;
  }
}
