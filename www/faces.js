// @ts-check
/**
 * The regions (faces) of a drawing as the screen shows them, for shading
 * one at a time: the curves are drawn thin on a hidden canvas of the
 * board's size, and the blank pixels are grouped into 4-connected pieces
 * (a flood fill). Only a picture: the count that matters is the engine's
 * (`Game.counts().faces`); a region thinner than a pixel at this zoom is
 * not found here, and the overlay says so.
 *
 *   const f = traceFaces(width, height, curves);   // curves: flat x, y in CSS px
 *   f.count; f.paint(ctx, i, colour);              // region 0 is the outside
 */

/**
 * @param {number} width @param {number} height CSS px of the board
 * @param {number[][]} curves flat [x0, y0, x1, y1, …] in the board's CSS px
 */
export function traceFaces(width, height, curves) {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const canvas = new OffscreenCanvas(w, h);
  const ctx = /** @type {OffscreenCanvasRenderingContext2D} */ (canvas.getContext('2d', { willReadFrequently: true }));
  ctx.lineWidth = 1.5;
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#000';
  for (const c of curves) {
    ctx.beginPath();
    ctx.moveTo(c[0], c[1]);
    for (let i = 2; i + 1 < c.length; i += 2) ctx.lineTo(c[i], c[i + 1]);
    ctx.stroke();
  }
  const alpha = ctx.getImageData(0, 0, w, h).data;
  /** Region of each pixel: -1 on a line, else its piece. */
  const label = new Int32Array(w * h).fill(-2);
  for (let i = 0; i < w * h; i++) if (alpha[4 * i + 3] > 0) label[i] = -1;
  /** @type {number[]} pixels per piece */
  const sizes = [];
  const stack = new Int32Array(w * h);
  // The first piece found holds the top left corner: the outside.
  for (let seed = 0; seed < w * h; seed++) {
    if (label[seed] !== -2) continue;
    const id = sizes.length;
    let top = 0;
    stack[top++] = seed;
    label[seed] = id;
    let n = 0;
    while (top > 0) {
      const p = stack[--top];
      n++;
      const x = p % w;
      if (x > 0 && label[p - 1] === -2) { label[p - 1] = id; stack[top++] = p - 1; }
      if (x < w - 1 && label[p + 1] === -2) { label[p + 1] = id; stack[top++] = p + 1; }
      if (p >= w && label[p - w] === -2) { label[p - w] = id; stack[top++] = p - w; }
      if (p < w * (h - 1) && label[p + w] === -2) { label[p + w] = id; stack[top++] = p + w; }
    }
    sizes.push(n);
  }
  // Specks (a few pixels between lines meeting at a spot) are no region.
  const kept = sizes.map((n, i) => ({ n, i })).filter((f, k) => k === 0 || f.n >= 6);
  const order = [kept[0], ...kept.slice(1).sort((a, b) => b.n - a.n)];
  return {
    /** Regions found: the outside, then the others from the largest. */
    count: order.length,
    /**
     * Paints region k (0: the outside) onto a context of the board's size.
     * @param {CanvasRenderingContext2D} out @param {number} k @param {[number, number, number, number]} rgba
     */
    paint(out, k, rgba) {
      const id = order[k]?.i;
      if (id === undefined) return;
      const img = out.createImageData(w, h);
      for (let i = 0; i < w * h; i++) {
        if (label[i] !== id) continue;
        img.data.set(rgba, 4 * i);
      }
      out.putImageData(img, 0, 0);
    },
  };
}
