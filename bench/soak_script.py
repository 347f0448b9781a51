"""The crash soak's script (``bench.soak``): a DUEL game as console input lines, each with
the moment a kill during it interrupts; ``SHORT`` (the first three questions) and ``FULL``
(the whole game and its vote)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Step:
    """One input line of the script (``NAME: text`` as the console reads it).

    ``moment`` names what a kill during the step interrupts; ``timed`` means the step is over
    only when the discussion its line starts has ended (a minute, a blitz part).
    """

    line: str
    moment: str
    timed: bool = False


PLAYERS = ("boris", "vera", "gleb", "dasha", "egor")
"""Anna's team-mates: six players in all (DUEL-2.2)."""

LOBBY = [Step(line, "lobby") for line in (
    "anna: /team Знатоки", *(f"{p}: /join Знатоки" for p in PLAYERS),
    # The keeper must have written before the host can name them.
    "ksenia: привет", "host: /keeper ksenia", "host: /start")]


def regular(number: int, answerer: str, answer: str, verdict: str) -> list[Step]:
    """A regular question (DUEL-3.4 to 3.7): the pick and its minute, the answerer named, the
    answer, the host's ``verdict`` ("accept" or "reject")."""
    return [Step(f"anna: {number}", "discussion", timed=True),
            Step(f"anna: /answerer {answerer}", "answer"),
            Step(f"{answerer} (dm): {answer}", "answer"),
            Step(f"host: /{verdict}", "verdict")]


def appeal(decision: str) -> list[Step]:
    """The captain appeals the last verdict; the keeper decides ("uphold" or "overturn")."""
    return [Step("anna: /appeal", "appeal"), Step(f"ksenia: /{decision}", "appeal")]


def blitz(number: int, parts: list[tuple[str, str]], *, solo: str | None = None) -> list[Step]:
    """A blitz (DUEL-4.2c: each part's answerer named) or, with ``solo``, a superblitz played
    by that player alone (DUEL-4.2d); ``parts`` are (answerer, answer), all accepted."""
    steps = [Step(f"anna: {number}", "blitz", timed=solo is None)]
    if solo is not None:
        steps.append(Step(f"anna: /answerer {solo}", "blitz", timed=True))
    for i, (answerer, answer) in enumerate(parts):
        if solo is None:
            steps.append(Step(f"anna: /answerer {answerer}", "blitz"))
        steps += [Step(f"{answerer} (dm): {answer}", "blitz"),
                  Step("host: /accept", "blitz", timed=i < len(parts) - 1)]
    return steps


SHORT = [
    *LOBBY,
    *regular(2, "boris", "Ртуть", "accept"),
    *regular(3, "gleb", "Титов", "reject"), *appeal("overturn"),
    # DUEL-4.2b: sector 13 with Vera alone for a minute.
    Step("anna: 12", "sector13"), Step("anna: /sector 1 vera", "sector13", timed=True),
    Step("vera (dm): teen", "sector13"), Step("host: /accept", "sector13"),
]
"""The first three questions (a verdict overturned on appeal, sector 13): score 3:0."""

FULL = [
    *SHORT,
    *blitz(6, [("boris", "сорок"), ("gleb", "25"), ("dasha", "88")]),
    *regular(4, "dasha", "Атлантический", "reject"), *appeal("uphold"),
    *blitz(9, [("egor", colour) for colour in ("черный", "красный", "зеленый")],
           solo="egor"),
    *regular(5, "egor", "Конь", "accept"),
    Step("anna: /best question 4", "votes"), Step("anna: /best player vera", "votes"),
]
"""The whole game, won by the team 6:1, then its best question and best player (DUEL-3.9)."""
