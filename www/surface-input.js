// @ts-check
/**
 * Drawing on a surface board's square (the page and the embed): pointer
 * samples in the square's units, past its sides too (the engine folds
 * them through the glued partner), shown as a live line while drawn.
 *
 *   attachSurfaceInput(box, { canDraw: () => true, stroke: (flat) => … });
 */

/**
 * @param {HTMLElement} box holds the engine's SVG
 * @param {{ canDraw: () => boolean, stroke: (flat: number[]) => void }} host
 *   canDraw: whether a stroke may start now (it says why not itself);
 *   stroke: a finished stroke, flat [x0, y0, x1, y1, …]
 * @returns {() => void} detaches
 */
export function attachSurfaceInput(box, host) {
  /** @type {number[] | null} */ let points = null;
  /** @type {SVGPolylineElement | null} */ let live = null;

  /** Pointer position in the square's units. @param {PointerEvent} ev */
  function toBoard(ev) {
    const svg = box.querySelector('svg');
    const m = svg?.getScreenCTM();
    if (!svg || !m) return null;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  function drop() {
    points = null;
    live?.remove();
    live = null;
  }

  /** @param {PointerEvent} ev */
  function down(ev) {
    const p = toBoard(ev);
    if (!p || !host.canDraw()) return;
    box.setPointerCapture(ev.pointerId);
    points = [...p];
    live = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
    live.setAttribute('class', 'live-stroke');
    live.setAttribute('fill', 'none');
    live.setAttribute('stroke', '#d35400');
    live.setAttribute('stroke-width', '3');
    box.querySelector('svg')?.append(live);
  }

  /** @param {PointerEvent} ev */
  function move(ev) {
    if (!points || !live) return;
    // A fast hand's points merged into one event per frame are all kept.
    const events = typeof ev.getCoalescedEvents === 'function' ? ev.getCoalescedEvents() : [];
    for (const e of events.length ? events : [ev]) {
      const p = toBoard(e);
      if (p) points.push(...p);
    }
    const out = [];
    for (let i = 0; i + 1 < points.length; i += 2) out.push(`${points[i]},${points[i + 1]}`);
    live.setAttribute('points', out.join(' '));
  }

  function up() {
    if (!points) return;
    const flat = points;
    drop();
    host.stroke(flat);
  }

  box.addEventListener('pointerdown', down);
  box.addEventListener('pointermove', move);
  box.addEventListener('pointerup', up);
  box.addEventListener('pointercancel', drop);
  return () => {
    box.removeEventListener('pointerdown', down);
    box.removeEventListener('pointermove', move);
    box.removeEventListener('pointerup', up);
    box.removeEventListener('pointercancel', drop);
  };
}
