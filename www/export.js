// @ts-check
/**
 * What leaves the page: a picture of the board (PNG at 2× for print; SVG
 * drawn by the engine, `game.svg(legend)`), the game file
 * (`game.toJson()`, saved as `.sprouts.json`), and a share link.
 */
import { $, download, input } from './dom.js';
import { shareUrl } from './share.js';

/** @typedef {import('./game-controller.js').GameController} GameController */
/** @typedef {ReturnType<typeof import('./board.js').createBoard>} Board */

/**
 * @param {GameController} ctl
 * @param {Board} board
 * @param {{ note: (text: string) => void }} host
 */
export function createExport(ctl, board, host) {
  /** A file name for what is on the board: sprouts-3+-move-4. */
  function baseName() {
    const g = ctl.game;
    return `sprouts-${g.spots}${g.misere ? 'misere' : ''}-move-${g.moveCount}`;
  }

  function png() {
    board.image(2).toBlob((blob) => {
      if (blob) download(blob, `${baseName()}.png`);
      else host.note('The picture could not be made.');
    }, 'image/png');
  }

  /** The engine draws the SVG from the board's own geometry, with a legend. */
  function svg() {
    download(new Blob([ctl.game.svg(true)], { type: 'image/svg+xml' }), `${baseName()}.svg`);
  }

  function gameFile() {
    download(new Blob([ctl.game.toJson()], { type: 'application/json' }), `${baseName()}.sprouts.json`);
  }

  async function share() {
    const g = ctl.game;
    const url = shareUrl({ record: ctl.fullRecord(), position: g.startPosition() ?? null, misere: g.misere, move: g.moveCount });
    const field = input('share-url');
    field.value = url;
    $('share-box').hidden = false;
    try {
      await navigator.clipboard.writeText(url);
      host.note('Link copied: it opens this game at this move.');
    } catch {
      field.focus();
      field.select(); // the player can copy the selection
      host.note('Copy the link below: it opens this game at this move.');
    }
  }

  $('export-png').addEventListener('click', png);
  $('export-svg').addEventListener('click', svg);
  $('file-save').addEventListener('click', gameFile);
  $('share').addEventListener('click', share);
  return { png, svg, gameFile, share };
}
