"""Crash soak: a scripted DUEL game in a real ``chgk-bot console`` process on the
real clock with a short minute, SIGKILLed at random moments and started again each time.

``python -m bench.soak`` (``make soak``) plays the whole game with 20 kills;
``tests/integration/test_soak.py`` plays its first three questions with four. A kill lands in
a discussion, right after an answer, a verdict or an appeal, in sector 13, in a blitz or a
superblitz, or between questions. The reference is the same script played once in virtual
time without kills. The killed game must end with the reference's score and log (apart from
the pauses for deadlines missed while the bot was down, DESIGN.md, Time), every answer
confirmed to a player must be in the log, no event may be stored twice, and no signal may
sound twice: in the log, each discussion has one end and at most one warning; in each
process's output, no more signals than that process stored.

After a restart the driver finds its place in the log (read with ``storage.db.Storage``): the
reference says how many events the log holds once each step is over, so the first unfinished
step is sent again (nothing of it got stored) or waited for (its minute still runs, or its
question is read again). A game paused by a missed deadline is resumed by the host. The
driver waits for output lines, never for fixed times, so a loaded machine only slows it.

The script is ``bench.soak_script``, the reference and the log folds ``bench.soak_reference``,
the real process ``bench.soak_bot``; here are the kill plan, the driver and the checks.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.soak_bot import STARTUP_TIMEOUT, Bot, SoakError
from bench.soak_reference import (
    LOCALE,
    Reference,
    comparable,
    counted,
    fold,
    play_reference,
    read_log,
)
from bench.soak_script import FULL, SHORT, Step
from bot.i18n import Translator
from rules import duel as d
from storage.db import StoredEvent

__all__ = ["FULL", "SHORT", "Soak", "SoakError", "SoakReport", "main", "plan_kills", "soak"]

STEP_TIMEOUT = 240.0
"""Seconds a step's output may take beyond the discussion it waits for."""
PART_SECONDS_MAX = d.PART_SECONDS
"""A blitz part may be longer than the configured minute; step timeouts allow for it."""


# --- kills -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Kill:
    """A planned SIGKILL: ``delay`` seconds after step ``step``'s line was written, or with
    ``over`` after the step was over (between questions)."""

    step: int
    moment: str
    delay: float
    over: bool = False


def plan_kills(steps: list[Step], reference: Reference, count: int, rng: random.Random,
               minute: float) -> list[Kill]:
    """``count`` kills, at most one per step, every moment the script offers first (then at
    random), in step order. Never in the lobby nor once the game is over (a restart would
    open a new game). A kill in a timed step falls anywhere in its first ``minute``."""
    candidates: list[Kill] = []
    for i, step in enumerate(steps):
        if step.moment == "lobby" or not reference.live[i]:
            continue
        delay = rng.uniform(0, minute) if step.timed else rng.uniform(0, 0.3)
        candidates.append(Kill(i, step.moment, delay))
        if step.moment == "verdict":
            candidates.append(Kill(i, "between", rng.uniform(0, 0.5), over=True))
    moments = sorted({k.moment for k in candidates})
    rng.shuffle(moments)
    chosen: dict[int, Kill] = {}
    for moment in moments:
        free = [k for k in candidates if k.moment == moment and k.step not in chosen]
        if free and len(chosen) < count:
            kill = rng.choice(free)
            chosen[kill.step] = kill
    rest = [k for k in candidates if k.step not in chosen]
    rng.shuffle(rest)
    for kill in rest:
        if len(chosen) >= count:
            break
        if kill.step not in chosen:
            chosen[kill.step] = kill
    if len(chosen) < count:
        raise ValueError(f"the script has room for {len(chosen)} kills, not {count}")
    return sorted(chosen.values(), key=lambda k: k.step)


# --- the soak --------------------------------------------------------------------------------


@dataclass(slots=True)
class SoakReport:
    """What a soak found. ``problems`` explains every non-zero count and any other mismatch
    (the score, the log's order); ``warnings_skipped`` counts warnings a deadline missed while
    the bot was down left out (allowed), ``resumed`` how often the host had to resume."""

    kills_planned: int
    kills_survived: int = 0
    answers_lost: int = 0
    events_duplicated: int = 0
    signals_duplicated: int = 0
    warnings_skipped: int = 0
    resumed: int = 0
    score: tuple[int, int] = (0, 0)
    expected_score: tuple[int, int] = (0, 0)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when nothing was lost or doubled and the game ended as without kills."""
        return not self.problems and self.kills_survived == self.kills_planned

    def summary(self) -> str:
        """The one-line result ``make soak`` prints."""
        return (f"kills survived {self.kills_survived} of {self.kills_planned}, "
                f"answers lost {self.answers_lost}, events duplicated {self.events_duplicated}, "
                f"signals duplicated {self.signals_duplicated} (score {self.score[0]}:"
                f"{self.score[1]}, without kills {self.expected_score[0]}:"
                f"{self.expected_score[1]}; deadlines missed while down: {self.resumed}, "
                f"warnings skipped with them: {self.warnings_skipped})")


class Soak:
    """Plays ``steps`` in real processes against ``reference``, killing them as ``kills``
    say. ``run`` returns the report; ``runs`` are the processes in order."""

    def __init__(self, steps: list[Step], reference: Reference, kills: list[Kill],
                 folder: Path, *, discussion: float, warning_at: float,
                 translator: Translator, progress: Callable[[str], None] | None = None,
                 database_url: str | None = None) -> None:
        self.steps = steps
        self.progress = progress or (lambda text: None)
        self.reference = reference
        self.kills = {k.step: k for k in kills}
        self.folder = folder
        self.database_url = database_url or f"sqlite+aiosqlite:///{folder / 'soak.sqlite3'}"
        self.discussion = discussion
        self.t = translator
        self.env = {**os.environ, "PYTHONUNBUFFERED": "1",
                    "CHGK_DISCUSSION_SECONDS": str(discussion),
                    "CHGK_WARNING_SECONDS": str(warning_at)}
        self.runs: list[Bot] = []
        self.report = SoakReport(kills_planned=len(kills), expected_score=reference.score)

    def _text(self, key: str, **args: Any) -> str:
        return self.t.format(key, args, LOCALE)

    def _start(self) -> Bot:
        bot = Bot(self.database_url, self.folder, self.env)
        self.runs.append(bot)
        # The help is several lines; its last one printed, the console reads input.
        help_line = self._text("console-help").splitlines()[-1]
        bot.wait_for(lambda line: line == help_line, STARTUP_TIMEOUT, "the console's help line")
        return bot

    def _wait_step(self, bot: Bot, i: int) -> None:
        wanted = self.reference.last_line[i]
        if wanted is not None:
            timeout = STEP_TIMEOUT + (PART_SECONDS_MAX + self.discussion
                                      if self.steps[i].timed else 0)
            bot.wait_for(lambda line: line == wanted, timeout, f"{wanted!r} (step {i + 1}: "
                                                              f"{self.steps[i].line})")

    def _restart(self) -> tuple[Bot, int]:
        """Start the bot again and find the first step not over; wait for its end if its line
        was stored already. Returns the bot and the step to send next."""
        bot = self._start()
        resumed = self._text("console-resumed", id=1)
        if resumed not in bot.lines:
            raise SoakError("the restarted bot did not go on with game #1", bot.lines)
        log = read_log(self.database_url)
        state = fold(log)
        if state.phase is d.Phase.DISCUSSION and state.clock is not None \
                and state.clock.paused_for == "downtime":
            # The minute ran out while the bot was down: the host goes on (DESIGN.md, Time).
            self.report.resumed += 1
            bot.send("host: /resume")
            bot.wait_for(lambda line: line.startswith("[game] "), STEP_TIMEOUT,
                         "the answer to the host's /resume")
            log = read_log(self.database_url)
        done = counted(log)
        over = self.reference.over
        i = next((n for n, count in enumerate(over) if count > done), len(over))
        # A step's line may be stored in more than one commit (a question, then the start of
        # its minute once it was delivered): stored in part is handled, the rest follows.
        if i < len(self.steps) and done > (over[i - 1] if i else 0):
            self._wait_step(bot, i)
            i += 1
        return bot, i

    def run(self) -> SoakReport:
        """Play the script to its end, kill by kill; then close the input and check. Raises
        SoakError when the bot does not answer as the script expects (no process is left
        running)."""
        try:
            return self._play()
        finally:
            for bot in self.runs:
                if bot.proc.poll() is None:
                    bot.kill()

    def _play(self) -> SoakReport:
        bot = self._start()
        i = 0
        while i < len(self.steps):
            kill = self.kills.pop(i, None)
            bot.send(self.steps[i].line)
            if kill is not None and not kill.over:
                time.sleep(kill.delay)
            else:
                self._wait_step(bot, i)
                i += 1
                if kill is None:
                    continue
                time.sleep(kill.delay)
            bot.kill()
            self.progress(f"kill {self.report.kills_survived + 1} of {self.report.kills_planned}:"
                          f" {kill.moment}, {kill.delay:.1f} s after step {kill.step + 1} "
                          f"({self.steps[kill.step].line}){' was over' if kill.over else ''}")
            bot, i = self._restart()
            self.report.kills_survived += 1
        if bot.close() != 0:
            self.report.problems.append("the last run did not exit with 0")
        if bot.lines[-1:] != [self.reference.final]:
            self.report.problems.append(f"final line {bot.lines[-1:]} instead of "
                                        f"{self.reference.final!r}")
        self._check(read_log(self.database_url))
        return self.report

    # --- checks --------------------------------------------------------------------------

    def _check(self, log: list[StoredEvent]) -> None:
        report = self.report
        if [e.seq for e in log] != list(range(1, len(log) + 1)):
            report.problems.append("the log's sequence numbers have gaps")
        report.score = fold(log).score
        if report.score != self.reference.score:
            report.problems.append(f"score {report.score} instead of {self.reference.score}")
        ours, theirs = comparable(log), comparable(self.reference.log)
        extra, missing = Counter(ours) - Counter(theirs), Counter(theirs) - Counter(ours)
        report.events_duplicated = sum(extra.values())
        if extra:
            report.problems.append(f"events stored beyond the reference: {dict(extra)}")
        if missing:
            report.problems.append(f"events of the reference missing: {dict(missing)}")
        if not extra and not missing and ours != theirs:
            report.problems.append("the log holds the reference's events in another order")
        self._check_answers(log)
        self._check_signals(log)

    def _check_answers(self, log: list[StoredEvent]) -> None:
        """Every answer confirmed to its player, and every answer of the reference, is in the
        log (as many times)."""
        expected = Counter(_answers(self.reference.log))
        logged = Counter(_answers(log))
        printed = [line for bot in self.runs for line in bot.lines]
        lost = 0
        for (name, text), count in expected.items():
            line = f"[dm {name}] {self._text('answer-received', text=text)}"
            confirmed = printed.count(line)
            missing = max(count, confirmed) - logged[(name, text)]
            if missing > 0:
                lost += missing
                self.report.problems.append(
                    f"answer {text!r} by {name}: confirmed {confirmed} times, "
                    f"stored {logged[(name, text)]} times")
        self.report.answers_lost = lost

    def _check_signals(self, log: list[StoredEvent]) -> None:
        """Each discussion of the log ends once and warns at most once (a warning is left
        out only when a deadline was missed while the bot was down); no process prints more
        signals than it stored."""
        report = self.report
        duplicated = 0
        discussions: list[list[StoredEvent]] = []
        for event in log:
            if event.kind == "duel.discussion_started":
                discussions.append([])
            elif discussions:
                discussions[-1].append(event)
        for n, events in enumerate(discussions, 1):
            kinds = [e.kind for e in events]
            ends, warnings = kinds.count("duel.discussion_ended"), kinds.count("duel.warning")
            duplicated += max(0, ends - 1) + max(0, warnings - 1)
            if ends != 1 or warnings > 1:
                report.problems.append(f"discussion {n}: {ends} ends, {warnings} warnings")
            if warnings == 0:
                if "duel.clock_paused" in kinds:
                    report.warnings_skipped += 1
                else:
                    report.problems.append(f"discussion {n} never warned")
        time_line = "[game] ⏱ " + self._text("signal-time")
        for number, bot in enumerate(self.runs, 1):
            stored = [e.kind for e in log if bot.started <= e.at <= bot.ended]
            printed_ends = bot.lines.count(time_line)
            printed_warnings = sum(1 for line in bot.lines
                                   if line.startswith("[game] ⏱ ") and line != time_line)
            for what, printed, kind in (("ends", printed_ends, "duel.discussion_ended"),
                                        ("warnings", printed_warnings, "duel.warning")):
                excess = printed - stored.count(kind)
                if excess > 0:
                    duplicated += excess
                    report.problems.append(f"run {number} printed {printed} {what}, stored "
                                           f"{stored.count(kind)}")
        report.signals_duplicated = duplicated


def _names(log: list[StoredEvent]) -> dict[int, str]:
    """Player ids to names, from the roster events of ``log``."""
    names = {}
    for event in log:
        for id_key, name_key in (("captain", "captain_name"), ("player", "player_name")):
            if name_key in event.payload:
                names[event.payload[id_key]] = event.payload[name_key]
    return names


def _answers(log: list[StoredEvent]) -> list[tuple[str, str]]:
    """(player name, text) of every answer in ``log``."""
    names = _names(log)
    return [(names.get(e.payload["player"], "?"), e.payload["text"])
            for e in log if e.kind == "duel.answer_given"]


def soak(steps: list[Step], kill_count: int, seed: int, folder: Path, *, discussion: float,
         warning_at: float, progress: Callable[[str], None] | None = None,
         database_url: str | None = None) -> SoakReport:
    """Play ``steps`` once in virtual time (in ``folder``/reference.sqlite3), then in real
    processes with ``kill_count`` kills drawn from ``seed``, on ``database_url`` (an empty
    database; default ``folder``/soak.sqlite3); return the report. ``progress`` is told of
    each kill."""
    translator = Translator()
    reference = asyncio.run(play_reference(
        steps, f"sqlite+aiosqlite:///{folder / 'reference.sqlite3'}", discussion=discussion,
        warning_at=warning_at, translator=translator))
    kills = plan_kills(steps, reference, kill_count, random.Random(seed), discussion)
    return Soak(steps, reference, kills, folder, discussion=discussion, warning_at=warning_at,
                translator=translator, progress=progress, database_url=database_url).run()


def main(argv: list[str] | None = None) -> int:
    """``python -m bench.soak``: the whole game with ``--kills`` kills; prints the summary
    line and the problems; exit code 0 when nothing was lost or doubled."""
    parser = argparse.ArgumentParser(prog="python -m bench.soak",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=20, help="SIGKILLs (default 20)")
    parser.add_argument("--seed", type=int, help="seed of the kill plan (default: random)")
    parser.add_argument("--discussion", type=float, default=15.0,
                        help="seconds of a minute (default 15)")
    parser.add_argument("--warning-at", type=float, default=10.0,
                        help="seconds into the minute of the warning (default 10)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    print(f"crash soak: the whole DUEL game, {args.kills} SIGKILLs, seed {seed}", flush=True)
    with tempfile.TemporaryDirectory(prefix="chgk-soak-") as folder:
        try:
            report = soak(FULL, args.kills, seed, Path(folder), discussion=args.discussion,
                          warning_at=args.warning_at, progress=lambda text: print(text, flush=True))
        except SoakError as error:
            print(f"soak stopped: {error}", file=sys.stderr)
            return 1
    print(report.summary())
    for problem in report.problems:
        print(f"  {problem}")
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
