// @ts-check
// The embed demo page: shows the last move played on any of its boards.
document.addEventListener('sprouts-move', (e) => {
  const { move, record } = /** @type {CustomEvent} */ (e).detail;
  const log = document.getElementById('log');
  if (log) log.textContent = `Last move: ${move} — record ${record}`;
});
