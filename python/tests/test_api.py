"""The Python API against published results, the engine's own CLI, and bad input."""

import ast
import os
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import sprouts
from sprouts import Position, Record, Solver, SproutsError, draw_svg, solve

# Outcomes of the n-spot starts for the player to move (n = 1..10):
# normal play (Applegate, Jacobson, Sleator 1991) and misère play (OEIS A164950).
NORMAL = "L L W W W L L L W W".split()
MISERE = "W L L L W W L L L W".split()
ROOT = Path(__file__).resolve().parents[2]


def word(outcome):
    return {"win": "W", "loss": "L"}[outcome]


@pytest.mark.parametrize("n", range(1, 11))
def test_starts_normal(n):
    s = solve(Position.start(n), only="outcome")
    assert s.complete and word(s.outcome) == NORMAL[n - 1]


@pytest.mark.parametrize("n", range(1, 11))
def test_starts_misere(n):
    s = solve(f"0*{n}", misere=True, only="outcome")
    assert s.complete and word(s.outcome) == MISERE[n - 1]


def test_full_analysis_of_five_spots():
    s = solve("0*5")
    assert (s.outcome, s.nimber, s.complete, s.moves_complete) == ("win", 1, True, True)
    # Every winning move leaves a position the opponent loses.
    for move, child in s.winning_moves:
        assert Position.parse("0*5").play(move).canonical() == child
        assert solve(child, only="outcome").outcome == "loss"
    assert s.nodes > 0 and s.seconds >= 0 and s.peak_table_bytes > 0


def cli(*args):
    exe = ROOT / "target" / "release" / "sprouts"
    if not exe.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "sprouts"], cwd=ROOT, check=True)
    return subprocess.run([str(exe), *args], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("text", ["0*4", "0*6", "0.1a2a.}]!", "1,2,3;4/1,4,2,3", "0*2.AB.}AB.}]!"])
def test_same_as_the_cli(text):
    p = Position.parse(text)
    assert p.canonical() == cli("canon", text).strip()
    assert p.children() == ast.literal_eval(cli("moves", text, "--json"))
    # One representative move per distinct child.
    assert sorted(c for _, c in p.moves()) == sorted(p.children())


def test_lands_hoey_and_equality():
    p = Position.parse("0*3.}]0.1a2a.}]!")
    assert len(p.lands()) == 2
    # A Hoey list is a drawing: a position reached by play reads back from its own.
    q = Position.start(5).play("1(6)2").play("3(7)3[1,6]")
    assert Position.parse(q.hoey()) == q
    assert hash(Position.parse(q.hoey())) == hash(q)
    assert p.lives == sum(l.lives for l in p.lands())
    assert Position.parse("0*3") != Position.parse("0*4")
    assert not p.is_over()
    assert Position.parse("0*1").play("1(2)1").play("1(3)2").is_over()


def test_record_replay():
    r = Record.parse("5+ (Ann* - Bob, 2010-06-03) 1(6)2 3(7)4 II")
    assert (r.spots, r.misere, r.players, r.result) == (5, False, ("Ann", "Bob"), 2)
    assert r.moves == ["1(6)2", "3(7)4"]
    steps = r.replay()
    assert len(steps) == 2
    assert steps[-1] == r.position() == Position.start(5).play("1(6)2").play("3(7)4")


@pytest.mark.parametrize("path", sorted((ROOT / "tests" / "data" / "records").glob("*")))
def test_real_records(path):
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        r = Record.parse(line)
        assert len(r.replay()) == len(r.moves)


def test_draw_svg():
    for thing in ["0*3", Position.parse("0*2.AB.}AB.}]!"), Record.parse("3+ 1(4)2"), "3+ 1(4)2", "0+12"]:
        root = ET.fromstring(draw_svg(thing))
        assert root.tag.endswith("svg")
    # Three spots, and a fourth after one move.
    assert draw_svg("3+ 1(4)2", labels=True).count(">4<") == 1


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: Position.parse("0*x"), "offset 2"),
        (lambda: Position.parse(""), "position"),
        (lambda: Position.parse("0*3").play("1(4)9"), "move `1(4)9`"),
        (lambda: Position.parse("0*3").play("1(("), "offset"),
        (lambda: Position.start(0), "spot"),
        (lambda: Record.parse("5+ 1(6)2 junk"), "offset"),
        (lambda: Record.parse("3+ 1(4)2 1(4)2").replay(), "move 2"),
        (lambda: solve("0*3", only="everything"), "only"),
        (lambda: solve("0*3", max_seconds=-1), "max_seconds"),
        (lambda: Solver(table_mb=0), "table_mb"),
        (lambda: draw_svg("this is neither"), "neither a record"),
    ],
)
def test_bad_input_raises(call, words):
    with pytest.raises(SproutsError) as e:
        call()
    assert words in str(e.value)
    assert isinstance(e.value, ValueError)


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError):
        solve(12)
    with pytest.raises(TypeError):
        draw_svg(3.5)


def test_limits_stop_a_solve_and_keep_the_solver_usable():
    s = Solver()
    cut = s.solve("0*16", only="outcome", max_nodes=300)
    assert not cut.complete and cut.outcome is None and cut.nodes >= 300
    t = time.perf_counter()
    late = s.solve("0*16", only="outcome", max_seconds=0.3)
    assert not late.complete and time.perf_counter() - t < 5
    assert s.solve("0*6", only="outcome").outcome == "loss"


def test_tables_persist_between_questions():
    s = Solver()
    first = s.solve("0*9", only="outcome")
    again = s.solve("0*9", only="outcome")
    assert first.outcome == again.outcome == "win"
    assert again.nodes < first.nodes


def test_gil_is_released_during_a_solve():
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=count)
    t.start()
    before = len(ticks)
    solve("0*16", only="outcome", max_seconds=1.0)
    during = len(ticks) - before
    stop.set()
    t.join()
    assert during > 50


def test_ctrl_c_stops_a_solve():
    # Python keeps SIGINT ignored when it starts with it ignored (as under a
    # background job), so the child sets the interactive default first.
    code = (
        "import signal, sprouts; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "print('go', flush=True); sprouts.solve('0*40', only='outcome')"
    )
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "go"
    time.sleep(0.5)
    t = time.perf_counter()
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=20)
    assert time.perf_counter() - t < 5
    assert "KeyboardInterrupt" in err and p.returncode != 0


def test_the_stub_names_what_the_module_has():
    stub = (Path(sprouts.__file__).parent / "_sprouts.pyi").read_text()
    tree = ast.parse(stub)
    names = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    names |= {t.target.id for t in tree.body if isinstance(t, ast.AnnAssign)}
    names.discard("Only")
    for name in names:
        assert hasattr(sprouts, name), name
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef):
            for m in cls.body:
                if isinstance(m, ast.FunctionDef) and not m.name.startswith("__"):
                    assert hasattr(getattr(sprouts, cls.name), m.name), f"{cls.name}.{m.name}"


def test_facts_proved_by_one_solver_serve_another():
    a, b, fresh = Solver(), Solver(), Solver()
    assert a.new_facts() == []  # starts keeping them
    a.solve("0*9", only="outcome")
    facts = a.new_facts()
    assert facts and all(f.split(" ")[0] in ("N", "W") for f in facts)
    assert a.new_facts() == []  # each fact goes out once
    assert b.add_facts(facts) == len(facts)
    assert b.add_facts(facts) == 0  # already known
    assert b.new_facts() == []  # taken in, not proved here: not handed on
    with_facts = b.solve("0*10", only="outcome")
    without = fresh.solve("0*10", only="outcome")
    assert with_facts.outcome == without.outcome
    assert with_facts.nodes < without.nodes


@pytest.mark.parametrize("line", ["N x 0*2.}]!", "N 1 nonsense", "Q 1 0*2.}]!", "N 1 0*2.}]!\nN 0 0*1.}]!", "N 1"])
def test_bad_facts_are_refused(line):
    with pytest.raises(SproutsError):
        Solver().add_facts([line])


def test_misere_facts_are_not_shared():
    s = Solver(misere=True)
    s.solve("0*5", only="outcome")
    assert s.new_facts() == []
    with pytest.raises(SproutsError, match="normal play only"):
        s.add_facts(["N 1 0*2.}]!"])
