// @ts-check
// Placeholder page script: loads the engine and shows its version.
// The real board will replace this.
import init, { engineVersion } from './pkg/sprouts.js';

const versionEl = /** @type {HTMLElement} */ (document.getElementById('engine-version'));

try {
  await init(); // fetches ./pkg/sprouts_bg.wasm relative to sprouts.js
  versionEl.textContent = engineVersion();
} catch (err) {
  versionEl.textContent = 'failed to load the engine';
  console.error(err);
}
