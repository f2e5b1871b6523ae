"""The distributed solver's master, simulated in process and on a local Ray."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import sprouts
from sprouts.ray import FactStore, LocalPool, RayPool, Search, Worker, load, main, run, save_to


def master(text, misere, slots=3, leaf_nodes=500, known=None, split=0, root_solver=True):
    search = Search(text, misere, known)
    search.split(split)
    outcome = run(search, LocalPool(slots, misere, leaf_nodes, 64), root_solver=root_solver)
    return search, outcome


@pytest.mark.parametrize("n", range(3, 12))
def test_simulated_workers_agree_with_one_solver(n):
    search, outcome = master(f"0*{n}", False)
    assert outcome == sprouts.solve(f"0*{n}", only="outcome").outcome
    assert search.unknown > 0 or n < 6  # small budgets: the master really searched


@pytest.mark.parametrize("n", [1, 2, 7, 10])
def test_split_top_levels_first(n):
    search, outcome = master(f"0*{n}", False, split=2, leaf_nodes=100_000, root_solver=False)
    assert outcome == sprouts.solve(f"0*{n}", only="outcome").outcome
    # The root was never sent: the master split it.
    assert search.solved + search.unknown <= search.sent
    assert search.root.key not in [k for k, m in search.nodes.items() if m.by_worker]


@pytest.mark.parametrize("n", range(3, 10))
@pytest.mark.parametrize("root_solver", [True, False])
def test_simulated_workers_agree_in_misere(n, root_solver):
    search, outcome = master(f"0*{n}", True, root_solver=root_solver)
    assert outcome == sprouts.solve(f"0*{n}", misere=True, only="outcome").outcome
    assert (search.root_chunks > 0) == root_solver


def test_the_root_solver_proves_an_easy_win_alone():
    # Misère 11 is a win one solver proves in about 19,000 nodes; its
    # master's first child costs some 180,000 (the master cannot tell
    # its children apart), so the root solver ends the run.
    one = sprouts.solve("0*11", misere=True, only="outcome")
    search, outcome = master("0*11", True, slots=2, leaf_nodes=200_000)
    assert outcome == one.outcome == "win"
    assert search.proved_by == "root solver" and search.root_chunks == 1
    assert search.root_nodes == one.nodes
    # The root was proved by a worker: every tree leaf was redundant.
    assert search.redundant_share() == (1.0 if search.solved else 0.0)


@pytest.mark.parametrize("n", [9, 10])
def test_one_worker_alternates_root_solver_and_master(n):
    # One slot: the root solver takes its turn (budgets 300, 600, ...) when
    # the master's leaves have had as many nodes.
    search, outcome = master(f"0*{n}", False, slots=1, leaf_nodes=300)
    assert outcome == sprouts.solve(f"0*{n}", only="outcome").outcome
    assert search.root_chunks >= 2 and search.sent >= 1
    assert search.root_nodes <= search.worker_nodes + 300 * 2 ** (search.root_chunks - 1)


def test_a_position_with_two_lands():
    text = "0*3.AB.}AB.}0*2.}]!"
    _, outcome = master(text, False, leaf_nodes=50)
    assert outcome == sprouts.solve(text, only="outcome").outcome


def test_resume_from_saved_proofs(tmp_path):
    path = str(tmp_path / "proved.json")
    search, outcome = master("0*9", False, leaf_nodes=200)
    save_to(path, False)(search)
    known = load(path, False)
    assert known[search.root.key] == outcome
    again, outcome2 = master("0*9", False, known=known)
    assert outcome2 == outcome and again.sent == 0
    with pytest.raises(sprouts.SproutsError):
        load(path, True)  # proved in normal play
    (tmp_path / "bad.json").write_text(json.dumps({"format": "sprouts-ray-proved", "misere": False, "proved": {"x": "maybe"}}))
    with pytest.raises(sprouts.SproutsError):
        load(str(tmp_path / "bad.json"), False)


def test_command_line(capsys):
    assert main(["solve", "--spots", "7", "--local", "2", "--leaf-nodes", "300", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "loss" and out["leaves"] >= 1 and 0 <= out["redundant_share"] <= 1
    assert out["root_solver"] and out["root_chunks"] >= 1 and out["proved_by"] in ("root solver", "master")
    assert main(["solve", "--spots", "7", "--local", "2", "--leaf-nodes", "300", "--json", "--no-root-solver"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "loss" and not out["root_solver"] and out["root_chunks"] == 0 and out["proved_by"] == "master"
    assert main(["solve", "0*x", "--local", "2"]) == 2
    assert "offset" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["solve"])  # no position


def test_local_ray_with_two_workers():
    ray = pytest.importorskip("ray") if "--no-ray" in sys.argv else __import__("ray")
    try:
        for n, misere in [(10, False), (9, True)]:
            search = Search(f"0*{n}", misere)
            outcome = run(search, RayPool(2, misere, 2000, 64, None))
            assert outcome == sprouts.solve(f"0*{n}", misere=misere, only="outcome").outcome
            # Normal play: the workers' land facts reached the shared store.
            assert (search.fact_cursor > 0) != misere
    finally:
        ray.shutdown()


def test_the_documented_commands_run(tmp_path):
    doc = (Path(__file__).resolve().parents[2] / "docs" / "python.md").read_text()
    lines = [l.split("#")[0].split() for l in doc.splitlines() if l.startswith("python -m sprouts.ray ")]
    assert len(lines) >= 5
    for words in lines:
        if "bench" in words:
            words = words[:4] + ["--normal", "9", "--misere", "7"]  # the same command, smaller
        r = subprocess.run([sys.executable, *words[1:]], cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, (words, r.stderr[-2000:])


def test_a_fact_proved_by_one_worker_serves_another():
    store = FactStore()
    a, b = Worker(False, 64, store), Worker(False, 64, store)
    alone = Worker(False, 64, None)
    a.solve("0*9", 10**9)  # a proves 0*9's lands and publishes them
    assert store.lines
    _, out_b, nodes_b, _ = b.solve("0*10", 10**9)  # b takes them in first
    _, out_alone, nodes_alone, _ = alone.solve("0*10", 10**9)
    assert out_b == out_alone
    assert nodes_b < nodes_alone
    # b published only what it proved itself, not a's facts again.
    assert len(set(store.lines)) == len(store.lines)


def test_misere_workers_share_nothing():
    store = FactStore()
    Worker(True, 64, store).solve("0*6", 10**9)
    assert store.lines == []


def test_the_master_decides_sums_by_their_lands_nimbers():
    two = "0*3.AB.}AB.}0*2.}]!"  # two lands
    lands = [l.canonical() for l in sprouts.Position.parse(two).lands()]
    nimbers = {l: sprouts.solve(l).nimber for l in lands}
    search = Search(two, False)
    search.learn([f"N {g} {l}" for l, g in nimbers.items()])
    assert search.select() is None and search.root.proved and search.by_lands == 1
    g = nimbers[lands[0]] ^ nimbers[lands[1]]
    assert search.root.outcome == ("win" if g else "loss") == sprouts.solve(two, only="outcome").outcome
    # One land's nimber and "other land + *g is a win" decide it too.
    search = Search(two, False)
    search.learn([f"N {nimbers[lands[0]]} {lands[0]}", f"W {nimbers[lands[0]]} {lands[1]}"])
    assert search.select() is None and search.root.outcome == "win"
    # Misère sums are left whole.
    search = Search(two, True)
    search.learn([f"N {g} {l}" for l, g in nimbers.items()])
    assert search.select() is search.root


def test_shared_facts_decide_positions_at_the_master():
    search, outcome = master("0*11", False, leaf_nodes=300, split=1)
    assert outcome == sprouts.solve("0*11", only="outcome").outcome
    assert search.fact_cursor > 0 and search.nimbers


class _SlowRay:
    """Stands in for `ray`: its node start times out `fails` times."""

    def __init__(self, fails: int, message: str = "The current node timed out during startup. ...") -> None:
        self.fails, self.message, self.inits, self.shutdowns = fails, message, 0, 0

    def init(self, **kwargs) -> None:
        self.inits += 1
        if self.inits <= self.fails:
            raise Exception(self.message)

    def shutdown(self) -> None:
        self.shutdowns += 1


def test_a_local_ray_that_starts_too_slowly_is_retried():
    from sprouts.ray import start_local_ray

    slow = _SlowRay(2)
    start_local_ray(slow, 2)
    assert (slow.inits, slow.shutdowns) == (3, 2)
    with pytest.raises(Exception, match="timed out during startup"):
        start_local_ray(_SlowRay(3), 2)
    other = _SlowRay(1, "some other failure")
    with pytest.raises(Exception, match="some other failure"):
        start_local_ray(other, 2)
    assert other.inits == 1
