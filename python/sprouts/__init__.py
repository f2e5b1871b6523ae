"""The game of Sprouts: an exact engine and solver (Rust) for Python.

>>> from sprouts import Position, solve
>>> p = Position.parse("0*5")
>>> p.canonical()
'0*5.}]!'
>>> len(p.children())
4
>>> s = solve(p)
>>> (s.outcome, s.nimber)
('win', 1)
>>> solve("0*6", misere=True, only="outcome").outcome
'win'

Text that does not read raises ``SproutsError`` (a ``ValueError``) with
the engine's message, which names the offset or the move:

>>> try:
...     Position.parse("0*x")
... except SproutsError as e:
...     print(e)
position "0*x": at offset 2: bad number
"""

from ._sprouts import (
    Position,
    Record,
    Solution,
    Solver,
    SproutsError,
    __version__,
    draw_svg,
    solve,
)

__all__ = [
    "Position",
    "Record",
    "Solution",
    "Solver",
    "SproutsError",
    "__version__",
    "draw_svg",
    "solve",
]
