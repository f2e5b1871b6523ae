// @ts-check
/**
 * The page's side of the engine worker: requests as promises, progress
 * callbacks, cancel (terminate and start a new worker) and recovery from a
 * crashed worker. A watchdog notices a worker that ended without a word
 * (killed, or closed itself): while requests are in flight, a loaded
 * worker sends progress at least every 100 ms (worker.js), so SILENCE_MS
 * without any message means it is gone; its requests then fail as after
 * a crash ("the engine stopped answering") and a new worker starts.
 *
 *   const engine = createEngineWorker();
 *   const { promise, cancel } = engine.request('analyse', { record }, (p) => show(p.nodes));
 *   const analysis = await promise;   // rejects with {cancelled: true} after cancel()
 */

/**
 * @typedef {{ id: number, resolve: (v: any) => void, reject: (e: any) => void,
 *   onProgress?: (p: any) => void, message: any, silenceMs: number }} Pending
 */

/** Silence (ms) with requests in flight after which the worker is taken for dead. */
export const SILENCE_MS = 10000;

/** An error that says the request was cancelled. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.cancelled = true;
  }
}

/**
 * @param {{ url?: URL | string, silenceMs?: number, onState?: (state: 'starting' | 'ready' | 'crashed') => void }} [opts]
 *   silenceMs: the silence after which the worker is taken for dead (SILENCE_MS unless given)
 */
export function createEngineWorker(opts = {}) {
  const url = opts.url ?? new URL('./worker.js', import.meta.url);
  const silenceMs = opts.silenceMs ?? SILENCE_MS;
  /** @type {Worker} */
  let worker;
  /** @type {Map<number, Pending>} */
  const pending = new Map();
  let nextId = 1;
  let restarts = 0;
  /** @type {Promise<void>} */
  let ready;
  /** When the worker last said anything, and whether it has loaded the engine (the watchdog waits for that). */
  let heard = performance.now();
  let loaded = false;
  const watchdog = setInterval(() => {
    if (!loaded || pending.size === 0) return;
    const allowed = Math.max(...[...pending.values()].map((p) => p.silenceMs));
    if (performance.now() - heard > allowed) crashed('the engine stopped answering');
  }, 1000);

  function spawn() {
    worker = new Worker(url, { type: 'module' });
    heard = performance.now();
    loaded = false;
    opts.onState?.('starting');
    /** @type {(v?: any) => void} */
    let ok = () => {};
    ready = new Promise((resolve) => { ok = resolve; });
    worker.addEventListener('message', (ev) => {
      const m = ev.data ?? {};
      heard = performance.now();
      if (m.type === 'ready') {
        loaded = true;
        opts.onState?.('ready');
        ok();
        return;
      }
      const p = pending.get(m.id);
      if (m.fatal) {
        // The engine in the worker is gone: fail this request (or all, if
        // the engine never loaded) and start afresh.
        if (p) {
          pending.delete(m.id);
          p.reject(new Error(`the engine crashed: ${m.message}`));
        }
        crashed(m.message);
        return;
      }
      if (!p) return;
      if (m.type === 'progress') p.onProgress?.(m);
      else if (m.type === 'result') {
        pending.delete(m.id);
        p.resolve(m.value);
      } else if (m.type === 'error') {
        pending.delete(m.id);
        p.reject(new Error(m.message));
      }
    });
    worker.addEventListener('error', (ev) => {
      ev.preventDefault();
      crashed(ev.message || 'worker error');
    });
  }

  /** The worker died: fail what it was doing, start a new one. @param {string} why */
  function crashed(why) {
    opts.onState?.('crashed');
    worker.terminate();
    for (const p of pending.values()) p.reject(new Error(`the engine crashed: ${why}`));
    pending.clear();
    restarts++;
    spawn();
  }

  spawn();

  return {
    /**
     * @param {string} type
     * @param {Record<string, any>} [payload]
     * @param {(p: {nodes: number, tableBytes: number, found: any}) => void} [onProgress]
     * @param {{ silenceMs?: number }} [limits] silenceMs: how long this request may
     *   run without a word before the worker is taken for dead (the client's
     *   silence at least): for requests that post no progress, such as the
     *   surface worker's, whose searches are bounded by their own time limit
     */
    request(type, payload = {}, onProgress, limits = {}) {
      const allowed = Math.max(silenceMs, limits.silenceMs ?? 0);
      const id = nextId++;
      /** @type {Promise<any>} */
      const promise = new Promise((resolve, reject) => {
        const message = { ...payload, id, type };
        // Silence is counted from the first request in flight, not from an idle spell.
        if (pending.size === 0) heard = performance.now();
        pending.set(id, { id, resolve, reject, onProgress, message, silenceMs: allowed });
        worker.postMessage(message);
      });
      return { id, promise, cancel: () => this.cancel(id) };
    },
    /**
     * Stops a request (all, without id) by terminating the worker; other
     * requests in flight are sent again to the new worker.
     * @param {number} [id]
     */
    cancel(id) {
      const victims = id === undefined ? [...pending.keys()] : [id];
      if (!victims.some((v) => pending.has(v))) return;
      worker.terminate();
      for (const v of victims) {
        const p = pending.get(v);
        pending.delete(v);
        p?.reject(new Cancelled());
      }
      spawn();
      for (const p of pending.values()) worker.postMessage(p.message);
    },
    /** A fresh worker (its solver starts with an empty table); requests in flight fail as cancelled. */
    restart() {
      worker.terminate();
      for (const p of pending.values()) p.reject(new Cancelled());
      pending.clear();
      spawn();
    },
    /** Resolves when the current worker has loaded the engine. */
    whenReady: () => ready,
    /** How many times the worker was restarted after a crash. */
    restarts: () => restarts,
    /** Requests in flight. */
    busy: () => pending.size > 0,
    /** Stops the worker for good. */
    destroy() {
      clearInterval(watchdog);
      worker.terminate();
      for (const p of pending.values()) p.reject(new Cancelled());
      pending.clear();
    },
  };
}
