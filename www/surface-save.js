// @ts-check
/**
 * What leaves the surface board and comes back: the saved-game file
 * (`game.toJson()`, a `.sprouts.json` with a `surface` field; see
 * docs/formats.md), opening one, and the share link (surface-link.js).
 * A file or link that does not read is refused with the reason and the
 * game shown stays.
 *
 *   createSurfaceSave(host, { save, open, share, url });
 */
import { download } from './dom.js';
import { fragmentOf } from './surface-link.js';

/**
 * @param {{ game: () => any, load: (text: string, what: string) => boolean, say: (text: string, bad?: boolean) => void }} host
 *   load: replaces the game by a saved one (false, having said why, if it does not read)
 * @param {{ save: HTMLElement, open: HTMLInputElement, share: HTMLElement, url: HTMLInputElement }} els
 */
export function createSurfaceSave(host, els) {
  function baseName() {
    const g = host.game();
    return `sprouts-${g.surface}-${g.spots}${g.misere ? 'misere' : ''}-move-${g.cursor}`;
  }

  function save() {
    download(new Blob([host.game().toJson()], { type: 'application/json' }), `${baseName()}.sprouts.json`);
  }

  async function open() {
    const file = els.open.files?.[0];
    els.open.value = '';
    if (!file) return;
    if (file.size > 4 << 20) {
      host.say(`${file.name}: too big for a saved game (${file.size} bytes).`, true);
      return;
    }
    host.load(await file.text(), file.name);
  }

  /** The link of the game shown. */
  function link() {
    const f = JSON.parse(host.game().toJson());
    const url = new URL(location.href);
    url.search = '';
    url.hash = fragmentOf({ surface: f.surface, spots: f.start.spots, misere: f.convention === 'misere', strokes: f.strokes.map((/** @type {number[][]} */ s) => s.flat()), move: f.cursor });
    return url.href;
  }

  async function share() {
    const url = link();
    els.url.value = url;
    els.url.hidden = false;
    try {
      await navigator.clipboard.writeText(url);
      host.say('Link copied: it opens this game at this move.');
    } catch {
      els.url.focus();
      els.url.select();
      host.say('Copy the link beside the buttons: it opens this game at this move.');
    }
  }

  els.save.addEventListener('click', save);
  els.open.addEventListener('change', open);
  els.share.addEventListener('click', share);
  return { save, link, share };
}
