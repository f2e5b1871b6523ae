"""Solving past one core: a master proof-number search whose leaves are
solved by Rust solvers on Ray workers.

    python -m sprouts.ray solve 0*16 --workers 2
    python -m sprouts.ray solve --spots 14 --misere --address auto
    python -m sprouts.ray solve --spots 16 --local 64   # simulate 64 workers

The master keeps the top of the game tree as proof-number search does
(Allis 1994; SPOTS runs the same scheme over Ray): every node has a proof
number (how many leaves must still be proved to show a win for the player
to move) and a disproof number. It picks the most-proving leaf and sends it
to a worker, a ``sprouts.Solver`` (the single-core Rust solver, lands,
nimbers and all) that tries it within a node budget and answers win, loss
or unknown. An unknown leaf is expanded by the master: its children become
leaves. Nodes are keyed by canonical strings, so transpositions at the
master are merged. Each worker keeps its solver's tables between leaves,
so what it proved about a land serves its next leaves.

Normal play: what any worker proves about a land (its nimber, or that
land + *k is a win) goes to a shared fact store (a Ray actor) after each
leaf, and every worker takes in the facts new to it before its next leaf,
so a land is solved once for the whole cluster. The master reads them
too: a position that is a sum of lands is decided by the nim-sum of its
lands' nimbers as soon as they are known (or by "land + *k is a win" for
the one land left), without a leaf being sent. Misère play leaves sums
whole (a misère sum is not decided by its lands' nimbers), and its facts
are not shared: they number their trees per solver.

Several leaves are out at once: a leaf being solved counts as very
expensive (a "virtual loss"), so the next selection goes elsewhere.

The root solver: one worker (worker 0) tries the root itself, as the
single-core solver would, in chunks of growing node budgets (the leaf
budget, then twice as much, and so on; its tables persist, so a chunk
resumes where the last one stopped), while the other workers run the
master's search. Whichever proves the root first ends the run. The
single-core solver's move ordering finds many wins in a fraction of the
nodes the master's tree needs (it treats its untried children as equal),
so a win costs about what one solver takes; a loss, which needs every
child proved, is where the other workers' tree search gains. With one
worker the two alternate, each getting half of the worker's nodes.
``--no-root-solver`` gives every worker to the master.

``--local N`` needs no Ray: the leaves are solved in this process one
after another, but selected N at a time as N workers would get them, so
the master's bookkeeping per leaf and the share of redundant leaves at N
workers can be measured on one machine.

``--save FILE`` keeps what was proved (also on Ctrl-C and every minute);
``--resume FILE`` starts from it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Dict, Iterator, List, Optional, Tuple

from . import Position, Solver, SproutsError

#: Proof and disproof numbers of a proved node's "infinite" side.
INF = 1 << 50
#: What a leaf being solved counts as (a virtual loss), so that selection
#: steers away from it while it is out.
BUSY = 1 << 30
#: A leaf's answer: (canonical key, "win" / "loss" / None, nodes, seconds).
Answer = Tuple[str, Optional[str], int, float]
#: An answer and the index of the worker that gave it.
Reply = Tuple[str, Optional[str], int, float, int]


class Node:
    """A position of the master's tree (a DAG: transpositions merged)."""

    __slots__ = ("key", "children", "parents", "pn", "dn", "busy", "by_worker", "home", "lands")

    def __init__(self, key: str) -> None:
        self.key = key
        self.children: Optional[List[Node]] = None
        self.parents: List[Node] = []
        self.pn = 1
        self.dn = 1
        self.busy = False
        # Proved by a worker (not by the master from its children).
        self.by_worker = False
        # The worker that tried its parent: its tables hold part of the
        # search below, so the leaf goes there when it is free.
        self.home: Optional[int] = None
        # Normal play: its lands' canonical strings, read when first needed.
        self.lands: Optional[List[str]] = None

    @property
    def proved(self) -> bool:
        return self.pn == 0 or self.dn == 0

    @property
    def outcome(self) -> Optional[str]:
        if self.pn == 0:
            return "win"
        if self.dn == 0:
            return "loss"
        return None


class FactStore:
    """Every fact about lands proved by any worker, in the order they came
    (a Ray actor on a cluster, a plain object in this process)."""

    def __init__(self) -> None:
        self.lines: List[str] = []

    def publish(self, lines: List[str]) -> int:
        self.lines.extend(lines)
        return len(self.lines)

    def since(self, cursor: int) -> Tuple[List[str], int]:
        """The facts after the first `cursor`, and the new cursor: each
        reader fetches only what is new to it."""
        return self.lines[cursor:], len(self.lines)


class Worker:
    """What runs on a Ray worker (or in this process): one Rust solver
    whose tables persist between leaves, sharing its facts about lands
    through `store` (normal play)."""

    def __init__(self, misere: bool, table_mb: int, store=None) -> None:
        self.solver = Solver(misere=misere, table_mb=table_mb)
        self.store = None if misere else store
        self.cursor = 0
        self.cpu = 0.0
        # When the leaf being solved started (CPU), so that the CPU time
        # can be read while a leaf runs (a Ray actor answers two calls at once).
        self.since: Optional[float] = None
        if self.store is not None:
            self.solver.new_facts()  # starts keeping them

    def ready(self) -> bool:
        return True

    def _call(self, method: str, *args):
        f = getattr(self.store, method)
        if hasattr(f, "remote"):  # a Ray actor's handle
            import ray

            return ray.get(f.remote(*args))
        return f(*args)

    def solve(self, key: str, max_nodes: int) -> Answer:
        t = self.since = time.process_time()
        if self.store is not None:
            lines, self.cursor = self._call("since", self.cursor)
            if lines:
                self.solver.add_facts(lines)
        s = self.solver.solve(key, only="outcome", max_nodes=max_nodes)
        if self.store is not None:
            new = self.solver.new_facts()
            if new:
                self._call("publish", new)
        self.since = None
        self.cpu += time.process_time() - t
        return key, s.outcome, s.nodes, s.seconds

    def cpu_seconds(self) -> float:
        """CPU time this worker spent on leaves (its solver thread
        included), the leaf it is solving now included."""
        since = self.since
        return self.cpu + (time.process_time() - since if since is not None else 0.0)


class LocalPool:
    """`slots` simulated workers solving in this process, in turn."""

    def __init__(self, slots: int, misere: bool, leaf_nodes: int, table_mb: int) -> None:
        self.slots = slots
        self.store = FactStore()
        self.worker = Worker(misere, table_mb, self.store)
        self.leaf_nodes = leaf_nodes
        self.queue: List[Tuple[str, int]] = []

    def free(self) -> int:
        return self.slots - len(self.queue)

    def busy(self) -> int:
        return len(self.queue)

    def submit(self, key: str, home: Optional[int] = None, budget: Optional[int] = None) -> None:
        # One solver serves every slot, so every leaf is at home.
        self.queue.append((key, budget or self.leaf_nodes))

    def wait(self) -> Iterator[Reply]:
        yield (*self.worker.solve(*self.queue.pop(0)), 0)

    def facts_since(self, cursor: int) -> Tuple[List[str], int]:
        return self.store.since(cursor)

    def worker_cpu(self) -> float:
        return self.worker.cpu_seconds()

    def close(self) -> None:
        pass


def start_local_ray(ray, workers: int, attempts: int = 3) -> None:
    """Starts a local Ray with `workers` CPUs. Ray gives its node a fixed
    30 s to start; on a machine busy with other work that is not always
    enough, and a retry after Ray has cleaned up usually is (the error is
    Ray's, raised unchanged after the last attempt)."""
    for attempt in range(1, attempts + 1):
        try:
            ray.init(num_cpus=workers, include_dashboard=False, logging_level="WARNING")
            return
        except Exception as e:  # Ray raises a bare Exception for this
            if "timed out during startup" not in str(e) or attempt == attempts:
                raise
            ray.shutdown()
            print(f"sprouts.ray: Ray did not start in time (attempt {attempt} of {attempts}); retrying", file=sys.stderr)


class RayPool:
    """`workers` Ray actors, each a Worker; a local Ray is started unless
    `address` names a cluster to join."""

    def __init__(self, workers: int, misere: bool, leaf_nodes: int, table_mb: int, address: Optional[str]) -> None:
        import ray  # optional dependency: pip install './python[ray]'

        self.ray = ray
        if not ray.is_initialized():
            if address:
                ray.init(address=address, logging_level="WARNING")
            else:
                start_local_ray(ray, workers)
        # Two calls at once: its CPU time can be read while a leaf runs.
        actor = ray.remote(num_cpus=1, max_concurrency=2)(Worker)
        # The store does no search: it takes no CPU of Ray's count.
        self.store = ray.remote(num_cpus=0)(FactStore).remote()
        self.actors = [actor.remote(misere, table_mb, self.store) for _ in range(workers)]
        # Started before the clock runs: a worker's process start is not search.
        ray.get([a.ready.remote() for a in self.actors])
        self.slots = workers
        self.idle = list(range(workers))
        self.leaf_nodes = leaf_nodes
        self.pending: Dict[object, int] = {}

    def free(self) -> int:
        return len(self.idle)

    def busy(self) -> int:
        return len(self.pending)

    def submit(self, key: str, home: Optional[int] = None, budget: Optional[int] = None) -> None:
        w = home if home in self.idle else self.idle[-1]
        self.idle.remove(w)
        self.pending[self.actors[w].solve.remote(key, budget or self.leaf_nodes)] = w

    def wait(self) -> Iterator[Reply]:
        done, _ = self.ray.wait(list(self.pending), num_returns=1)
        for ref in done:
            w = self.pending.pop(ref)
            self.idle.append(w)
            yield (*self.ray.get(ref), w)

    def facts_since(self, cursor: int) -> Tuple[List[str], int]:
        return self.ray.get(self.store.since.remote(cursor))

    def worker_cpu(self) -> float:
        return sum(self.ray.get([a.cpu_seconds.remote() for a in self.actors]))

    def close(self) -> None:
        for a in self.actors:
            self.ray.kill(a)
        self.ray.kill(self.store)


class Search:
    """The master's proof-number search over whole positions."""

    def __init__(self, text: str, misere: bool, known: Optional[Dict[str, str]] = None) -> None:
        self.misere = misere
        self.known = dict(known or {})
        self.nodes: Dict[str, Node] = {}
        # Normal play: land -> nimber, and land -> heaps k with land + *k a win.
        self.nimbers: Dict[str, int] = {}
        self.wins: Dict[str, set] = {}
        self.fact_cursor = 0
        self.by_lands = 0
        self.root = self.node(Position.parse(text).canonical())
        # Counters.
        self.sent = 0
        self.solved = 0
        self.unknown = 0
        self.worker_nodes = 0
        self.wasted_nodes = 0
        self.worker_seconds = 0.0
        self.master_seconds = 0.0
        self.expanded = 0
        # The root solver (see the module's notes): its chunks so far, their
        # nodes and seconds, the next chunk's budget, whether one is out.
        self.root_chunks = 0
        self.root_nodes = 0
        self.root_seconds = 0.0
        self.root_budget = 0
        self.root_out = False
        #: "root solver" or "master": what proved the root.
        self.proved_by: Optional[str] = None

    def node(self, key: str) -> Node:
        n = self.nodes.get(key)
        if n is None:
            n = self.nodes[key] = Node(key)
            if key in self.known:
                self.prove(n, self.known[key])
        return n

    @staticmethod
    def prove(n: Node, outcome: str) -> None:
        n.pn, n.dn = (0, INF) if outcome == "win" else (INF, 0)

    def learn(self, lines: List[str]) -> None:
        """Takes in facts about lands (certificate lines) from the workers."""
        for line in lines:
            kind, num, land = line.split(" ", 2)
            if kind == "N":
                self.nimbers[land] = int(num)
            elif kind == "W":
                self.wins.setdefault(land, set()).add(int(num))

    def decide_by_lands(self, n: Node) -> bool:
        """Normal play: proves n from its lands' facts if they decide it
        (a sum is a loss exactly when the nim-sum of its lands' nimbers is
        0; with one land's nimber unknown, "land + *g is a win" where g is
        the others' nim-sum decides it too)."""
        if self.misere or (not self.nimbers and not self.wins):
            return False
        if n.lands is None:
            n.lands = [land.canonical() for land in Position.parse(n.key).lands()]
        g, unknown = 0, []
        for land in n.lands:
            v = self.nimbers.get(land)
            if v is None:
                unknown.append(land)
                if len(unknown) > 1:
                    return False
            else:
                g ^= v
        if not unknown:
            self.prove(n, "win" if g else "loss")
        elif g in self.wins.get(unknown[0], ()):
            self.prove(n, "win")
        else:
            return False
        self.by_lands += 1
        return True

    def select(self) -> Optional[Node]:
        """The most-proving leaf, or None when it is already out. A leaf
        its lands' facts decide is proved on the way, not sent."""
        while True:
            n = self.root
            while n.children is not None and not n.proved:
                # The player to move wants a child the opponent loses: the one
                # with the smallest disproof number.
                n = min(n.children, key=lambda c: (c.dn, c.pn))
            if n.busy or n.proved:
                return None
            if not self.decide_by_lands(n):
                return n
            self.update(n)

    def update(self, n: Node) -> None:
        """Recompute n's ancestors (n's own numbers are set)."""
        todo = list(n.parents)
        while todo:
            x = todo.pop()
            kids = x.children or []
            pn = min((c.dn for c in kids), default=INF)
            dn = min(sum(c.pn for c in kids), INF)
            if (pn, dn) != (x.pn, x.dn):
                x.pn, x.dn = pn, dn
                todo.extend(x.parents)

    def split(self, depth: int) -> None:
        """Expands the top `depth` levels before any leaf is sent, so that
        the workers start on different parts of the tree at once."""
        level = [self.root]
        for _ in range(depth):
            nxt = []
            for n in level:
                if not n.proved and n.children is None:
                    self.expand(n)
                    self.update(n)
                    nxt.extend(n.children or [])
            level = nxt

    def expand(self, n: Node) -> None:
        keys = Position.parse(n.key).children()
        self.expanded += 1
        if not keys:
            # No move left: the player to move lost (normal) or won (misère).
            self.prove(n, "win" if self.misere else "loss")
            return
        n.children = [self.node(k) for k in keys]
        for c in n.children:
            c.parents.append(n)
        n.pn = min(c.dn for c in n.children)
        n.dn = min(sum(c.pn for c in n.children), INF)

    def send(self, n: Node) -> None:
        n.busy = True
        n.pn = n.dn = BUSY
        self.update(n)
        self.sent += 1

    def receive(self, key: str, outcome: Optional[str], nodes: int, seconds: float, worker: int = 0) -> None:
        n = self.nodes[key]
        n.busy = False
        self.worker_nodes += nodes
        self.worker_seconds += seconds
        if outcome is None:
            self.unknown += 1
            self.wasted_nodes += nodes
            n.pn = n.dn = 1
            self.expand(n)
            for c in n.children or []:
                if c.home is None:
                    c.home = worker
        else:
            self.solved += 1
            n.by_worker = True
            self.prove(n, outcome)
        self.update(n)

    def root_chunk(self, budget: int) -> int:
        """Sends the root solver's next chunk; its node budget (the first
        is `budget`, each next one twice the last)."""
        self.root_budget = self.root_budget * 2 if self.root_budget else budget
        self.root_out = True
        self.root_chunks += 1
        return self.root_budget

    def receive_root(self, outcome: Optional[str], nodes: int, seconds: float) -> None:
        self.root_out = False
        self.root_nodes += nodes
        self.root_seconds += seconds
        if outcome is not None and not self.root.proved:
            self.root.by_worker = True
            self.prove(self.root, outcome)
            self.proved_by = "root solver"

    def proved(self) -> Dict[str, str]:
        """Every proved position (for --save): what a later run resumes from."""
        out = dict(self.known)
        out.update({k: n.outcome for k, n in self.nodes.items() if n.proved and n.outcome})
        return out

    def redundant_share(self) -> float:
        """Of the leaves workers proved, the share outside the final proof
        tree (one losing child under a win, every child under a loss)."""
        needed = set()
        todo = [self.root]
        while todo:
            n = todo.pop()
            if n.key in needed:
                continue
            needed.add(n.key)
            if n.children is None or n.by_worker:
                continue
            if n.outcome == "win":
                todo.append(next(c for c in n.children if c.outcome == "loss"))
            else:
                todo.extend(n.children)
        by_worker = [k for k, n in self.nodes.items() if n.by_worker]
        if not by_worker:
            return 0.0
        return sum(1 for k in by_worker if k not in needed) / len(by_worker)


def run(
    search: Search,
    pool,
    progress=None,
    save=None,
    every: float = 60.0,
    root_solver: bool = True,
) -> Optional[str]:
    """Runs `search` on `pool` until its root is proved; the outcome.
    `root_solver`: worker 0 also tries the root itself in growing chunks
    (see the module's notes); off, every worker serves the master."""
    start = last_save = last_tell = time.perf_counter()
    if root_solver and not search.root.proved and search.root.children is None:
        # The root solver tries the root: the master's tree starts below it.
        search.split(1)
    while not search.root.proved:
        t = time.perf_counter()
        # With one worker the root solver takes its turn when the master's
        # leaves have had as many nodes as it had.
        if (
            root_solver
            and not search.root_out
            and pool.free() > 0
            and (pool.slots > 1 or search.root_nodes <= search.worker_nodes)
        ):
            pool.submit(search.root.key, 0, search.root_chunk(pool.leaf_nodes))
        while pool.free() > 0:
            leaf = search.select()
            if leaf is None:
                break
            search.send(leaf)
            pool.submit(leaf.key, leaf.home)
        if root_solver and not search.root_out and pool.busy() == 0 and not search.root.proved:
            pool.submit(search.root.key, 0, search.root_chunk(pool.leaf_nodes))
        search.master_seconds += time.perf_counter() - t
        if search.root.proved:
            break
        if pool.busy() == 0:
            raise RuntimeError("nothing to solve and the root is not proved")
        for key, outcome, nodes, seconds, worker in pool.wait():
            t = time.perf_counter()
            if search.root_out and key == search.root.key:
                search.receive_root(outcome, nodes, seconds)
            else:
                search.receive(key, outcome, nodes, seconds, worker)
            search.master_seconds += time.perf_counter() - t
        if not search.misere:
            t = time.perf_counter()
            lines, search.fact_cursor = pool.facts_since(search.fact_cursor)
            search.learn(lines)
            search.master_seconds += time.perf_counter() - t
        now = time.perf_counter()
        if progress and now - last_tell > 2.0:
            last_tell = now
            progress(search, now - start)
        if save and now - last_save > every:
            last_save = now
            save(search)
    if search.proved_by is None:
        search.proved_by = "master"
    return search.root.outcome


def tell(search: Search, elapsed: float) -> None:
    r = search.root
    rate = search.solved / elapsed if elapsed > 0 else 0.0
    left = min(r.pn, r.dn)
    eta = f", at least ~{left / rate:.0f} s more" if rate > 0 and left < BUSY else ""
    print(
        f"{elapsed:7.1f} s  root pn {r.pn if r.pn < BUSY else 'inf'} dn {r.dn if r.dn < BUSY else 'inf'}"
        f"  leaves proved {search.solved}, unknown {search.unknown}, positions {len(search.nodes)}"
        f"  worker nodes {search.worker_nodes}, root solver {search.root_nodes}{eta}",
        file=sys.stderr,
        flush=True,
    )


def save_to(path: str, misere: bool):
    def save(search: Search) -> None:
        tmp = f"{path}.tmp"
        with open(tmp, "w") as f:
            json.dump({"format": "sprouts-ray-proved", "version": 1, "misere": misere, "proved": search.proved()}, f)
        os.replace(tmp, path)  # atomic: a stop never leaves half a file

    return save


def load(path: str, misere: bool) -> Dict[str, str]:
    with open(path) as f:
        data = json.load(f)
    if not isinstance(data, dict) or data.get("format") != "sprouts-ray-proved":
        raise SproutsError(f"{path}: not a file written by --save")
    if data.get("misere") != misere:
        raise SproutsError(f"{path}: proved in {'misère' if data.get('misere') else 'normal'} play")
    proved = data.get("proved")
    if not isinstance(proved, dict) or any(v not in ("win", "loss") for v in proved.values()):
        raise SproutsError(f"{path}: its facts are not win or loss")
    return proved


def spans(text: str) -> List[int]:
    """`12-22` or `12,14,16`: the starts to time."""
    out: List[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def bench(a) -> int:
    """One table: each start solved by one solver in this process, then by
    the master over Ray with `--workers` workers and with one (fresh
    workers each time), outcome only, one after the other so that all three
    see the same load. CPU seconds: this process (the master, or the one
    solver's thread) plus the workers' time on leaves."""
    import ray

    start_local_ray(ray, max(a.workers, 1))
    rows = [("normal", n) for n in spans(a.normal)] + [("misère", n) for n in spans(a.misere)]
    w = a.workers
    print(
        f"| play | n | outcome | load avg (1 min) | one solver s (CPU s) | Ray {w} workers s (CPU s) | speed-up "
        f"| Ray 1 worker s (CPU s) | leaves ({w} workers) | decided by lands | redundant | proved by ({w} workers) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for play, n in rows:
        misere = play == "misère"
        text = Position.start(n).canonical()
        load = os.getloadavg()[0]
        t, c = time.perf_counter(), time.process_time()
        one = Solver(misere=misere, table_mb=a.table_mb).solve(text, only="outcome")
        t_one, c_one = time.perf_counter() - t, time.process_time() - c
        times = []
        for workers in (w, 1):
            search = Search(text, misere)
            search.split(a.split)
            pool = RayPool(workers, misere, a.leaf_nodes, a.table_mb, None)
            t, c = time.perf_counter(), time.process_time()
            outcome = run(search, pool, root_solver=not a.no_root_solver)
            wall, cpu = time.perf_counter() - t, time.process_time() - c + pool.worker_cpu()
            times.append((wall, cpu))
            pool.close()
            if outcome != one.outcome:
                print(f"MISMATCH at {play} {n}: one solver {one.outcome}, Ray {outcome}", file=sys.stderr)
                return 1
            if workers == w:
                leaves, by_lands, redundant = search.solved + search.unknown, search.by_lands, search.redundant_share()
                by = search.proved_by
        (t2, c2), (t1, c1) = times
        print(
            f"| {play} | {n} | {one.outcome} | {load:.1f} | {t_one:.2f} ({c_one:.2f}) | {t2:.2f} ({c2:.2f}) | {t_one / t2:.2f} "
            f"| {t1:.2f} ({c1:.2f}) | {leaves} | {by_lands} | {100 * redundant:.0f}% | {by} |",
            flush=True,
        )
    ray.shutdown()
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m sprouts.ray", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    s = sub.add_parser("solve", help="outcome of a position by a master PNS over workers")
    s.add_argument("position", nargs="?", help="a GLOP string, spots dialect or Hoey list")
    s.add_argument("--spots", type=int, help="the N-spot start instead of POSITION")
    s.add_argument("--misere", action="store_true", help="misère play (the last move loses)")
    s.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="Ray workers [default: cores]")
    s.add_argument("--address", help="join this Ray cluster ('auto': the local one) instead of starting one")
    s.add_argument("--local", type=int, metavar="N", help="no Ray: simulate N workers in this process")
    s.add_argument("--leaf-nodes", type=int, default=200_000, help="node budget of a leaf [default: 200000]")
    s.add_argument("--split", type=int, default=1, metavar="DEPTH", help="levels the master expands before sending leaves [default: 1]")
    s.add_argument("--table-mb", type=int, default=256, help="each worker's table cap in MiB [default: 256]")
    s.add_argument("--save", metavar="FILE", help="keep what was proved here (every minute and on a stop)")
    s.add_argument("--resume", metavar="FILE", help="start from what a --save run proved")
    s.add_argument("--json", action="store_true", help="one JSON object on standard output")
    s.add_argument("--no-root-solver", action="store_true", help="every worker serves the master (no worker tries the root itself)")
    b = sub.add_parser("bench", help="time starts: one solver against the master on a local Ray")
    b.add_argument("--normal", default="12-22", help="normal-play starts [default: 12-22]")
    b.add_argument("--misere", default="10-14", help="misère starts [default: 10-14]")
    b.add_argument("--workers", type=int, default=2, help="Ray workers [default: 2]")
    b.add_argument("--leaf-nodes", type=int, default=200_000, help="node budget of a leaf [default: 200000]")
    b.add_argument("--split", type=int, default=1, metavar="DEPTH", help="levels the master expands first [default: 1]")
    b.add_argument("--table-mb", type=int, default=256, help="each solver's table cap in MiB [default: 256]")
    b.add_argument("--no-root-solver", action="store_true", help="every worker serves the master (no worker tries the root itself)")
    a = ap.parse_args(argv)
    if a.command == "bench":
        return bench(a)
    if (a.position is None) == (a.spots is None):
        ap.error("give a POSITION or --spots N (not both)")
    if a.workers < 1 or (a.local is not None and a.local < 1) or a.leaf_nodes < 1:
        ap.error("--workers, --local and --leaf-nodes take numbers of at least 1")
    try:
        text = a.position if a.position is not None else Position.start(a.spots).canonical()
        known = load(a.resume, a.misere) if a.resume else None
        search = Search(text, a.misere, known)
        search.split(a.split)
    except (SproutsError, OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if a.local is not None:
        pool = LocalPool(a.local, a.misere, a.leaf_nodes, a.table_mb)
        workers = f"{a.local} simulated"
    else:
        try:
            pool = RayPool(a.workers, a.misere, a.leaf_nodes, a.table_mb, a.address)
        except ImportError:
            print("error: Ray is not installed (pip install './python[ray]'), or use --local N", file=sys.stderr)
            return 2
        workers = str(a.workers)
    save = save_to(a.save, a.misere) if a.save else None
    start = time.perf_counter()
    try:
        outcome = run(search, pool, progress=None if a.json else tell, save=save, root_solver=not a.no_root_solver)
    except KeyboardInterrupt:
        if save:
            save(search)
        print(f"interrupted; {len(search.proved())} proved positions kept" + (f" in {a.save}" if a.save else ""), file=sys.stderr)
        return 130
    finally:
        pool.close()
    if save:
        save(search)
    seconds = time.perf_counter() - start
    leaves = search.solved + search.unknown
    report = {
        "position": search.root.key,
        "convention": "misère" if a.misere else "normal",
        "outcome": outcome,
        "workers": workers,
        "seconds": round(seconds, 3),
        "leaves": leaves,
        "leaves_proved": search.solved,
        "leaves_unknown": search.unknown,
        "positions": len(search.nodes),
        "worker_nodes": search.worker_nodes,
        "wasted_worker_nodes": search.wasted_nodes,
        "worker_seconds": round(search.worker_seconds, 3),
        "master_seconds": round(search.master_seconds, 3),
        "master_us_per_leaf": round(1e6 * search.master_seconds / max(leaves, 1), 1),
        "worker_ms_per_leaf": round(1e3 * search.worker_seconds / max(leaves, 1), 3),
        "redundant_share": round(search.redundant_share(), 4),
        "decided_by_lands": search.by_lands,
        "land_facts_shared": search.fact_cursor,
        "root_solver": not a.no_root_solver,
        "root_chunks": search.root_chunks,
        "root_nodes": search.root_nodes,
        "root_seconds": round(search.root_seconds, 3),
        "proved_by": search.proved_by,
    }
    if a.json:
        print(json.dumps(report))
    else:
        print(f"{report['position']}: {outcome} for the player to move ({report['convention']} play)")
        print(
            f"{seconds:.2f} s on {workers} workers; {leaves} leaves ({search.unknown} unknown, then expanded), "
            f"{search.worker_nodes} worker nodes; master {report['master_us_per_leaf']} µs a leaf, "
            f"worker {report['worker_ms_per_leaf']} ms a leaf; {100 * report['redundant_share']:.1f}% of proved leaves redundant; "
            f"{search.by_lands} positions decided by their lands' facts ({search.fact_cursor} facts shared); "
            f"proved by the {search.proved_by}"
            + (f" (root solver: {search.root_chunks} chunks, {search.root_nodes} nodes)" if search.root_chunks else "")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
