// @ts-check
/**
 * The "New game" form: spots, convention, who plays each side, the
 * computer's thinking time, and sliding the new spot. Who plays and the
 * thinking time take effect at once; spots and convention with New game.
 * Beside the board: the opponent (a person or the computer at a strength,
 * one choice for the side that is not the player's), and at the end of a
 * game "Play again" and "Swap sides" (a new game from the same start).
 *
 *   const setup = createSetup(ctl, { start, again, playersChanged, placeSpotChanged });
 *   setup.write();     // shows the controller's settings in the form
 */
import { $, input } from './dom.js';

/** @typedef {import('./game-controller.js').GameController} GameController */
/** @typedef {import('./game-controller.js').PlayerKind} PlayerKind */

/**
 * @param {GameController} ctl
 * @param {{ start: (n: number, misere: boolean) => void, again: () => void, playersChanged: () => void,
 *   placeSpotChanged: () => void }} host
 */
export function createSetup(ctl, host) {
  const form = /** @type {HTMLFormElement} */ ($('setup'));

  // Selects that share a list of choices name its <template> (index.html).
  for (const select of form.querySelectorAll('select[data-options]')) {
    const list = /** @type {HTMLTemplateElement} */ ($(/** @type {HTMLElement} */ (select).dataset.options ?? ''));
    select.append(list.content.cloneNode(true));
  }

  function read() {
    const data = new FormData(form);
    return {
      n: Math.max(1, Math.min(20, Math.round(Number(data.get('spots')) || 3))),
      misere: data.get('convention') === 'misere',
      players: {
        1: /** @type {PlayerKind} */ (String(data.get('player1') ?? 'human')),
        2: /** @type {PlayerKind} */ (String(data.get('player2') ?? 'human')),
      },
      budget: Number(data.get('budget')) || 15,
      rules: String(data.get('rules') ?? 'sprouts'),
      start: String(data.get('start') ?? ''),
    };
  }

  /** Copies who plays and the thinking time into the controller. */
  function takePlayers() {
    const s = read();
    ctl.players = s.players;
    ctl.budget = s.budget;
    showOpponent();
    return s;
  }

  function write() {
    const g = ctl.current;
    if (!g) return;
    input('spots').value = String(g.spots);
    /** @type {HTMLSelectElement} */ ($('rules-kind')).value = g.rulesName ?? 'sprouts';
    /** @type {HTMLSelectElement} */ ($('start-kind')).value = g.startKind ?? 'dots';
    showStart();
    const conv = /** @type {RadioNodeList} */ (form.elements.namedItem('convention'));
    conv.value = g.misere ? 'misere' : 'normal';
    /** @type {HTMLSelectElement} */ ($('player1')).value = ctl.players[1];
    /** @type {HTMLSelectElement} */ ($('player2')).value = ctl.players[2];
    /** @type {HTMLSelectElement} */ ($('budget')).value = String(ctl.budget);
    input('place-spot').checked = ctl.placeSpot;
    showOpponent();
  }

  /** The opponent beside the board, from who plays each side. */
  function showOpponent() {
    const [a, b] = [ctl.players[1], ctl.players[2]];
    /** @type {HTMLSelectElement} */ ($('opponent')).value = a === 'human' ? b : b === 'human' ? a : 'both';
  }

  /** The opponent chosen beside the board: the player keeps their side (side 1 if both are people or both computers). */
  function chooseOpponent() {
    const kind = /** @type {PlayerKind} */ (/** @type {HTMLSelectElement} */ ($('opponent')).value);
    const mine = ctl.players[2] === 'human' && ctl.players[1] !== 'human' ? 2 : 1;
    ctl.players = /** @type {{ 1: PlayerKind, 2: PlayerKind }} */ ({ [mine]: 'human', [3 - mine]: kind });
    write();
    ctl.paused = false;
    host.playersChanged();
  }

  /** The start choice only where the rules give one (dots-or-crosses). */
  function showStart() {
    $('start-field').hidden = /** @type {HTMLSelectElement} */ ($('rules-kind')).value !== 'dots-or-crosses';
  }
  $('rules-kind').addEventListener('change', showStart);

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const s = takePlayers();
    host.start(s.n, s.misere, s.rules, s.rules === 'dots-or-crosses' ? s.start : '');
  });
  for (const id of ['player1', 'player2', 'budget']) {
    $(id).addEventListener('change', () => {
      takePlayers();
      ctl.paused = false;
      host.playersChanged();
    });
  }
  $('opponent').addEventListener('change', chooseOpponent);
  $('play-again').addEventListener('click', () => host.again());
  $('swap-sides').addEventListener('click', () => {
    ctl.swapSides();
    write();
    host.again();
  });
  input('place-spot').addEventListener('change', () => {
    ctl.placeSpot = input('place-spot').checked;
    host.placeSpotChanged();
  });

  return { write };
}
