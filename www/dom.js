// @ts-check
/**
 * Small DOM helpers shared by the page's modules. Text always goes in
 * through `textContent`: nothing from a record, a link or a file is ever
 * parsed as HTML.
 */

/** The element with this id (the page's markup guarantees it exists). @param {string} id */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {string} id */
export const input = (id) => /** @type {HTMLInputElement} */ ($(id));

/** @param {string} id */
export const button = (id) => /** @type {HTMLButtonElement} */ ($(id));

/**
 * A new element with text and attributes.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {string} [text] @param {Record<string, string>} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, text = '', attrs = {}) {
  const e = document.createElement(tag);
  if (text) e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/**
 * Offers `blob` to the user as a download named `name`.
 * @param {Blob} blob @param {string} name
 */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = el('a', '', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the URL; free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** "1 spot survives", "2 spots survive". @param {number} n @param {string} one @param {string} many */
export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/** Whether a key press is typing in a field (page shortcuts leave those alone). @param {KeyboardEvent} ev */
export function typing(ev) {
  const t = /** @type {HTMLElement} */ (ev.target);
  return !!t.matches?.('input, textarea, select');
}
