// The moment the page starts loading, before the modules: measure.test.mjs
// and the browser's performance panel time the engine and the board from it.
// A file, not an inline script, so that the page's CSP can forbid those.
performance.mark('sprouts:start');
