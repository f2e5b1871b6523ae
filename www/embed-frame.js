// @ts-check
/**
 * The iframe form of the board, for hosts that allow an <iframe> but no
 * script (blogs, learning platforms): embed.html with a share link's
 * fragment shows that game alone, on a board that fills the frame.
 *
 *   <iframe src="https://…/embed.html#r=14%2B%201(15)2%20…&m=3" width="480" height="320"
 *           title="A game of Sprouts" style="border:0"></iframe>
 *
 * The fragment is the page's share link's (share.js: r= record, p= position,
 * c= convention, m= move shown), so a link copied from the page's Share box
 * works after `embed.html` in place of `index.html`. A few more keys set the
 * element's attributes of the same names (docs/embed.md): controls, theme,
 * opponent, side, aspect, mode, and the flags readonly, analysis, overlay
 * (present, or =1). Without a fragment embed.html is the demo page.
 *
 * This module runs before embed.js (it comes first in embed.html and
 * imports nothing of it), so the demo's boards are gone before the
 * element is defined and never load a game.
 */
import { parseFragment } from './share.js';

/** Fragment keys passed on as the element's attributes; values are the element's to check. */
const VALUED = ['controls', 'theme', 'opponent', 'side', 'aspect', 'mode'];
const FLAGS = ['readonly', 'analysis', 'overlay'];

const SHEET = `
html.sb-frame, html.sb-frame body { height: 100%; margin: 0; padding: 0; max-width: none; overflow: hidden; }
html.sb-frame sprouts-board { width: 100%; height: 100%; max-width: none; margin: 0; box-sizing: border-box; padding: 2px; }
html.sb-frame .sb-frame-error { font: 14px/1.4 system-ui, sans-serif; color: #a40000; margin: 8px; }
`;

/** The extra keys of the fragment, as attributes. @param {string} hash */
function attributesOf(hash) {
  /** @type {[string, string][]} */
  const out = [];
  for (const part of hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    let value = '';
    try {
      value = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
    } catch {
      continue; // not URL-encoded: ignored, as share.js ignores keys it does not know
    }
    if (VALUED.includes(key) && /^[\w./:-]{1,20}$/.test(value)) out.push([key, value]);
    else if (FLAGS.includes(key) && (value === '' || value === '1')) out.push([key, '']);
  }
  return out;
}

/** Shows the fragment's game, or says why it is not one. */
function show() {
  let game;
  try {
    game = parseFragment(location.hash);
  } catch (e) {
    const p = document.createElement('p');
    p.className = 'sb-frame-error';
    p.setAttribute('role', 'alert');
    p.textContent = `Not a game link: ${e instanceof Error ? e.message : String(e)}`;
    document.body.replaceChildren(p);
    return;
  }
  if (!game) return;
  const board = document.createElement('sprouts-board');
  if (game.position) {
    board.setAttribute('position', game.position);
    if (game.misere) board.setAttribute('misere', '');
  }
  board.setAttribute('moves', game.record);
  if (game.move !== null) board.setAttribute('move', String(game.move));
  // A game with moves to follow gets the step-through bar unless the link says otherwise.
  const hasMoves = /\d\s*\(/.test(game.record);
  if (hasMoves) board.setAttribute('controls', 'replay');
  for (const [k, v] of attributesOf(location.hash)) board.setAttribute(k, v);
  document.body.replaceChildren(board);
}

if (location.hash.length > 1) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(SHEET);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  document.documentElement.classList.add('sb-frame');
  document.title = 'Sprouts board';
  show();
  // A new fragment (the host changed the frame's address) shows its game.
  addEventListener('hashchange', show);
}
