// @ts-check
/**
 * The page's side of the drawing worker (`draw-worker.js`): one worker,
 * started when first needed, shared by the tidy, the Open box, share
 * links, game files and every embedded board. Every request carries an id
 * from `nextId()`; replies go to every listener, which keeps those with
 * its own ids. `request()` does that for a request with one reply.
 *
 * Requests wait here, not in the worker, and are posted one at a time
 * (the worker answers each one): a request no longer wanted (a newer
 * link, a move played meanwhile, a removed board) is dropped from this
 * queue by `cancel(id)` or `cancelOwner(owner)` and never reaches the
 * worker; one the worker is already reading is ended by restarting the
 * worker, so that nothing waits behind work nobody wants.
 *
 *   const drawing = createDrawClient();
 *   drawing.listen((m) => { ... });
 *   drawing.post({ type: 'open', id: drawing.nextId(), text, ... });
 *   const { id, reply } = drawing.request({ type: 'link', ... }, owner);
 *   drawing.cancel(id);            // reply: {id, cancelled: true, error: 'cancelled'}
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

/** Requests whose reading can take seconds: a cancelled one the worker is reading ends the worker. */
const LONG = new Set(['open', 'link', 'file']);

export function createDrawClient() {
  /** @type {Worker | null} */
  let worker = null;
  /** @type {((m: any) => void)[]} */
  const listeners = [];
  let ids = 0;
  /** Requests awaiting their one reply, by id. @type {Map<number, (m: any) => void>} */
  const waiting = new Map();
  /** @typedef {{ m: any, owner: unknown }} Entry */
  /** Requests not yet posted, oldest first. @type {Entry[]} */
  const queue = [];
  /** The request the worker is working on. @type {Entry | null} */
  let busy = null;

  /** @param {any} m */
  function deliver(m) {
    const done = m.all ? [...waiting.values()] : [waiting.get(m.id)];
    if (m.all) waiting.clear();
    else waiting.delete(m.id);
    for (const f of done) f?.(m);
    for (const f of listeners) f(m);
  }

  function spawn() {
    const w = newWorker();
    w.addEventListener('message', (ev) => {
      if (worker !== w) return;
      const m = ev.data ?? {};
      if (busy && busy.m.id === m.id) busy = null;
      deliver(m);
      pump();
    });
    w.addEventListener('error', (ev) => {
      // The worker did not load or threw: every request in it fails; the next one starts another.
      ev.preventDefault();
      w.terminate();
      if (worker !== w) return;
      worker = null;
      busy = null;
      queue.length = 0;
      deliver({ id: 0, error: 'the drawing worker stopped', all: true });
    });
    return w;
  }

  function pump() {
    if (busy || !queue.length) return;
    const next = /** @type {Entry} */ (queue.shift());
    worker ??= spawn();
    busy = next;
    worker.postMessage(next.m);
  }

  /** Queues `m` (which has its id). @param {any} m @param {unknown} [owner] */
  function post(m, owner) {
    queue.push({ m, owner });
    pump();
  }

  /** Ends the worker (the next request starts another); what it was doing is lost. */
  function stopWorker() {
    worker?.terminate();
    worker = null;
    busy = null;
  }

  /** Drops the queued or running entry `e`. @param {Entry} e */
  function drop(e) {
    const i = queue.indexOf(e);
    if (i >= 0) queue.splice(i, 1);
    else if (busy === e) {
      // Only a long reading is worth a new worker; a short one is let finish, its reply ignored.
      if (!LONG.has(e.m.type)) {
        waiting.get(e.m.id)?.({ id: e.m.id, cancelled: true, error: 'cancelled' });
        waiting.delete(e.m.id);
        return;
      }
      stopWorker();
      // A tidy the worker held is gone with it: its owner stops on this.
      for (const f of listeners) f({ id: 0, restarted: true });
    } else return;
    deliver({ id: e.m.id, cancelled: true, error: 'cancelled' });
  }

  return {
    nextId: () => ++ids,
    /** @param {(m: any) => void} f called with every reply */
    listen(f) {
      listeners.push(f);
    },
    /** Posts a message that already has its id (`nextId()`). @param {object} m */
    post: (m) => post(m),
    /**
     * Posts `m` with a new id; `reply` settles with the worker's reply to
     * it, `{cancelled: true, error}` if it was cancelled first, or
     * `{all: true, error}` if the worker stops (or cannot start) first.
     * @param {object} m @param {unknown} [owner] who asked (see cancelOwner)
     * @returns {{ id: number, reply: Promise<any> }}
     */
    request(m, owner) {
      const id = ++ids;
      const reply = new Promise((done) => waiting.set(id, done));
      try {
        post({ ...m, id }, owner);
      } catch (e) {
        // A worker the page refuses at once (a SecurityError).
        waiting.delete(id);
        queue.length = 0;
        busy = null;
        return { id, reply: Promise.resolve({ id, all: true, error: String(e) }) };
      }
      return { id, reply };
    },
    /** Drops request `id`, queued or being read. @param {number} id */
    cancel(id) {
      const e = busy?.m.id === id ? busy : queue.find((q) => q.m.id === id);
      if (e) drop(e);
    },
    /** Drops every request of `owner` (a removed board). @param {unknown} owner */
    cancelOwner(owner) {
      for (const e of [...queue, ...(busy ? [busy] : [])]) if (e.owner === owner) drop(e);
    },
    /** How many requests wait or run (for tests and measurements). */
    pending: () => queue.length + (busy ? 1 : 0),
  };
}
