// @ts-check
/**
 * The page's side of the drawing worker (`draw-worker.js`): one worker,
 * started when first needed, shared by the tidy, the Open box and share
 * links. Every request carries an id from `nextId()`; replies go to every
 * listener, which keeps those with its own ids. `request()` does that for a
 * request with one reply. `restart()` ends whatever the worker
 * is doing (a layout that takes too long, one no longer wanted).
 *
 *   const drawing = createDrawClient();
 *   drawing.listen((m) => { ... });
 *   drawing.post({ type: 'open', id: drawing.nextId(), text, ... });
 *   const { id, reply } = drawing.request({ type: 'link', ... });
 */
/**
 * The worker. Its script must come from the page's own origin: where this
 * file does not (embed.js on another site's page), a same-origin blob
 * module imports it instead, which needs what loading embed.js as a module
 * from there needed already (CORS on this site's files); a page whose CSP
 * refuses blob: workers gets an error event instead (the embed then reads
 * on its main thread).
 */
function newWorker() {
  const url = new URL('./draw-worker.js', import.meta.url);
  if (url.origin === globalThis.location?.origin) return new Worker(url, { type: 'module' });
  const blob = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(blob), { type: 'module' });
}

export function createDrawClient() {
  /** @type {Worker | null} */
  let worker = null;
  /** @type {((m: any) => void)[]} */
  const listeners = [];
  let ids = 0;
  /** Requests awaiting their one reply, by id. @type {Map<number, (m: any) => void>} */
  const waiting = new Map();
  listeners.push((m) => {
    const done = m.all ? [...waiting.values()] : [waiting.get(m.id)];
    if (m.all) waiting.clear();
    else waiting.delete(m.id);
    for (const f of done) f?.(m);
  });

  function spawn() {
    const w = newWorker();
    w.addEventListener('message', (ev) => {
      for (const f of listeners) f(ev.data ?? {});
    });
    w.addEventListener('error', (ev) => {
      // The worker did not load or threw: every request in it fails; the next one starts another.
      ev.preventDefault();
      w.terminate();
      if (worker === w) worker = null;
      for (const f of listeners) f({ id: 0, error: 'the drawing worker stopped', all: true });
    });
    return w;
  }

  /** @param {object} m */
  function post(m) {
    worker ??= spawn();
    worker.postMessage(m);
  }

  return {
    nextId: () => ++ids,
    /** @param {(m: any) => void} f called with every reply */
    listen(f) {
      listeners.push(f);
    },
    post,
    /**
     * Posts `m` with a new id; `reply` settles with the worker's reply to
     * it, or `{all: true, error}` if the worker stops (or cannot start) first.
     * @param {object} m @returns {{ id: number, reply: Promise<any> }}
     */
    request(m) {
      const id = ++ids;
      const reply = new Promise((done) => waiting.set(id, done));
      try {
        post({ ...m, id });
      } catch (e) {
        // A worker the page refuses at once (a SecurityError).
        waiting.delete(id);
        return { id, reply: Promise.resolve({ id, all: true, error: String(e) }) };
      }
      return { id, reply };
    },
    /** Ends what the worker is doing (the next request starts a new one); every request in it fails. */
    restart() {
      if (!worker) return;
      worker.terminate();
      worker = null;
      for (const f of listeners) f({ id: 0, error: 'stopped', all: true });
    },
  };
}
