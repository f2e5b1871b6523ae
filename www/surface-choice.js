// @ts-check
/**
 * The main page's New game form, Surface field: choosing the torus, the
 * Klein bottle or the projective plane opens the surface board
 * (surface.html) with the form's spots, convention and players, instead
 * of a game on the plane. Plane games are left to setup.js untouched.
 * Sprouts on a surface is plain Sprouts: other rules are refused there.
 */

const form = /** @type {HTMLFormElement | null} */ (document.getElementById('setup'));
const surface = /** @type {HTMLSelectElement | null} */ (document.getElementById('surface-kind'));

/** The surface board's address for the form's settings. */
export function surfaceHref() {
  if (!form || !surface) return null;
  const data = new FormData(form);
  const q = new URLSearchParams({
    surface: surface.value,
    spots: String(data.get('spots') ?? '2'),
    c: data.get('convention') === 'misere' ? 'misere' : 'normal',
    p1: String(data.get('player1') ?? 'human'),
    p2: String(data.get('player2') ?? 'human'),
  });
  return `surface.html?${q}`;
}

// At the document, capturing: before the form's own submit handler (setup.js).
document.addEventListener('submit', (ev) => {
  if (ev.target !== form || !surface || surface.value === 'plane') return;
  ev.preventDefault();
  ev.stopImmediatePropagation();
  const rules = /** @type {HTMLSelectElement | null} */ (document.getElementById('rules-kind'));
  if (rules && rules.value !== 'sprouts') {
    surface.setCustomValidity('Only plain Sprouts is played on a surface: choose the rules Sprouts, or the plane.');
    surface.reportValidity();
    return;
  }
  location.href = /** @type {string} */ (surfaceHref());
}, true);
surface?.addEventListener('change', () => surface.setCustomValidity(''));
document.getElementById('rules-kind')?.addEventListener('change', () => surface?.setCustomValidity(''));
