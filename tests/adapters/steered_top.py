"""TV's spinning top steered by a test: the format's seed source (``TvFormat(seeds=...)``)
planning, before each spin, the seed that makes the top stop where the script needs it,
through the same ``rules.top.spin`` the rules use."""

from __future__ import annotations

from collections.abc import Callable

from rules.top import spin


class Top:
    """The format's seed source, steered: ``want`` sets what the next spin must give among
    the candidates the rules will offer, in their order."""

    def __init__(self) -> None:
        self.planned: list[int] = []

    def want(self, among: tuple, outcome: object) -> Callable[[], None]:
        def plan() -> None:
            self.planned.append(next(s for s in range(10_000) if spin(s, among) == outcome))
        return plan

    def __call__(self) -> int:
        return self.planned.pop(0) if self.planned else 0
