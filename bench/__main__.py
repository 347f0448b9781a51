"""``python -m bench``: run the suite, print the table, write ``bench/results/latest.json``.

Each concurrency run and the burst run in a fresh Python process (a worker), so one run's
memory does not flatter the next one's RSS and every run starts on a quiet event loop; every
run gets its own SQLite file in one temporary folder, removed at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shlex
import sqlite3
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from typing import Any

from bench.importing import FORMATS as IMPORT_FORMATS
from bench.report import TARGET_GAMES, render, targets

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"
PACKAGES = ROOT.parent / "shared" / "packages"
PARTS = ("concurrency", "realpace", "writes", "burst", "opening", "sync", "tv", "timers",
         "importing", "judging", "receipts", "sheet")
"""The parts, in the order they run (``writes`` replays what ``concurrency`` stored)."""
REAL_PACE = {"discussion": 60.0, "warning_at": 50.0, "think": (5.0, 40.0)}
"""The real pace of a club game: a 60 s minute, the warning 10 s before its end, players thinking
5-40 s between moves."""
WORKER_TIMEOUT = 900
"""Seconds a worker may take beyond its playing time before the run gives up on it."""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line; ``--quick`` changes the defaults of the sizes and times."""
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true",
                   help="a run of about a minute: 100 games, short runs, a 200-game burst")
    p.add_argument("--games", help="concurrent games per run, comma-separated "
                                   "(default 100,1000,3000; quick: 100)")
    p.add_argument("--duration", type=float, help="seconds each concurrency run plays "
                                                  "(default 60; quick: 10)")
    p.add_argument("--burst-games", type=int, help="games in the burst (default 1000; "
                                                   "quick: 200)")
    p.add_argument("--window", type=float, default=2.0,
                   help="seconds within which the burst's answers arrive (default 2)")
    p.add_argument("--discussion", type=float, default=2.0,
                   help="DUEL discussion seconds (default 2)")
    p.add_argument("--warning-at", type=float, default=1.5,
                   help="seconds into the discussion of the warning signal (default 1.5)")
    p.add_argument("--think", default="0.5,3.0",
                   help="range of seconds a person takes before each move (default 0.5,3.0)")
    p.add_argument("--judge-seconds", type=float,
                   help="seconds each import/judging measure runs (default 0.5; quick: 0.1)")
    p.add_argument("--writes-limit", type=int,
                   help="transactions replayed in the storage comparison (default 5000; "
                        "quick: 1000)")
    p.add_argument("--opening-games", type=int, help="games opened at once in the opening "
                                                     "measure (default 1000; quick: 200)")
    p.add_argument("--timers", type=int, help="deadlines in the timers measure (default "
                                              "10000; quick: 2000)")
    p.add_argument("--import-sizes", help="MB of the generated packages imported, "
                                          "comma-separated (default 1,10)")
    p.add_argument("--receipt-teams", default="300,5000",
                   help="teams of the SYNC windows whose receipts leave under Telegram's "
                        "limit, comma-separated (default 300,5000)")
    p.add_argument("--sheet-teams", type=int,
                   help="teams handing in over the answer sheet's HTTP endpoint (default "
                        "5000; quick: 300)")
    p.add_argument("--sync-teams", type=int, help="teams in the SYNC window (default 5000; "
                                                  "quick: 300)")
    p.add_argument("--sync-minute", type=float, help="SYNC minute in seconds (default 60, "
                                                     "with 15 s to hand in; quick: 6 and 5)")
    p.add_argument("--tv-teams", type=int, default=30, help="teams in the TV game (default 30)")
    p.add_argument("--real-pace-games", type=int,
                   help="DUEL games of the real-pace part: a 60 s minute, the warning at "
                        "50 s, players thinking 5-40 s; then every game is finished and the "
                        "RSS compared with idle (default 10000; quick: 500)")
    p.add_argument("--real-pace-duration", type=float,
                   help="seconds the real-pace part plays (default 150; quick: 30)")
    p.add_argument("--real-pace-again", type=float,
                   help="seconds the same chats and people then play a second wave of games, "
                        "which also finish, to see the memory freed reused (default 30; "
                        "quick: 10; 0: none)")
    p.add_argument("--real-pace", type=int, metavar="GAMES",
                   help="the real-pace part alone, with GAMES games, for --duration (default "
                        "150) s")
    p.add_argument("--only", help=f"comma-separated parts to run, of {', '.join(PARTS)}")
    p.add_argument("--packages", type=Path, default=PACKAGES,
                   help="folder of question packages (default ../shared/packages)")
    p.add_argument("--output", type=Path, default=RESULTS / "latest.json",
                   help="where to write the results (default bench/results/latest.json)")
    p.add_argument("--seed", type=int, default=1, help="seed of the scripted players")
    p.add_argument("--worker", help=argparse.SUPPRESS)
    p.add_argument("--spec", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    quick = args.quick
    if args.real_pace:
        args.real_pace_games = args.real_pace
        args.real_pace_duration = args.real_pace_duration or args.duration
        args.only = args.only or "realpace"
    args.real_pace_games = args.real_pace_games or (500 if quick else 10_000)
    args.real_pace_duration = args.real_pace_duration or (30.0 if quick else 150.0)
    if args.real_pace_again is None:
        args.real_pace_again = 10.0 if quick else 30.0
    args.games = [int(g) for g in (args.games or ("100" if quick else "100,1000,3000"))
                  .replace("_", "").split(",")]
    args.duration = args.duration or (10.0 if quick else 60.0)
    args.burst_games = args.burst_games or (200 if quick else 1000)
    args.judge_seconds = args.judge_seconds or (0.1 if quick else 0.5)
    args.writes_limit = args.writes_limit or (1000 if quick else 5000)
    args.opening_games = args.opening_games or (200 if quick else 1000)
    args.timers = args.timers or (2000 if quick else 10_000)
    args.sync_teams = args.sync_teams or (300 if quick else 5000)
    args.sheet_teams = args.sheet_teams or (300 if quick else 5000)
    args.sync_minute = args.sync_minute or (6.0 if quick else 60.0)
    args.import_sizes = [int(s) for s in (args.import_sizes or "1,10").split(",")]
    # Quick: the slowest format only (db.chgk.info text), still at 10 MB.
    args.import_formats = ["dbtext"] if quick else list(IMPORT_FORMATS)
    low, high = (float(x) for x in args.think.split(","))
    args.think = (low, high)
    args.receipt_teams = [int(t) for t in args.receipt_teams.replace("_", "").split(",")]
    args.only = set(args.only.split(",")) if args.only else set(PARTS)
    unknown = args.only - set(PARTS)
    if unknown:
        p.error(f"unknown parts: {', '.join(sorted(unknown))}")
    return args


def run_worker(kind: str, spec: dict[str, Any]) -> dict[str, Any]:
    """Inside a worker process: run one concurrency run, the burst, the opening or the
    timers."""
    if kind == "concurrency":
        from bench.concurrency import run_concurrency

        return asyncio.run(run_concurrency(Path(spec.pop("db")), **spec))
    if kind == "opening":
        from bench.opening import run_opening

        return asyncio.run(run_opening(Path(spec.pop("db")), **spec))
    if kind == "sync":
        from bench.sync import run_sync

        return asyncio.run(run_sync(Path(spec.pop("db")), **spec))
    if kind == "sheet":
        from bench.sheet import run_sheet

        return asyncio.run(run_sheet(Path(spec.pop("db")), **spec))
    if kind == "tv":
        from bench.tv import run_tv

        return asyncio.run(run_tv(Path(spec.pop("db")), **spec))
    if kind == "timers":
        from bench.timers import run_timers

        return asyncio.run(run_timers(**spec))
    from bench.burst import run_burst

    return asyncio.run(run_burst(Path(spec.pop("db")), **spec))


def in_worker(kind: str, spec: dict[str, Any], seconds: float) -> dict[str, Any]:
    """Run ``kind`` with ``spec`` in a fresh Python process; its result is its last line of
    output. Its error output (warnings, tracebacks) goes straight to ours."""
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--worker", kind, "--spec", json.dumps(spec)],
        cwd=ROOT, stdout=subprocess.PIPE, text=True, timeout=seconds + WORKER_TIMEOUT,
        check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def say(text: str) -> None:
    """A progress line on stderr."""
    print(f"bench: {text}", file=sys.stderr, flush=True)


def meta(args: argparse.Namespace, argv: list[str] | None) -> dict[str, Any]:
    """What the numbers were measured on and with."""
    shown = argv if argv is not None else sys.argv[1:]
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "command": shlex.join([".venv/bin/python", "-m", "bench", *shown]),
        "cpus": os.cpu_count(),
        "machine": platform.machine(),
        "system": platform.platform(),
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "libraries": {name: version(name) for name in
                      ("SQLAlchemy", "aiosqlite", "APScheduler", "rapidfuzz")},
        "options": {"games": args.games, "duration": args.duration, "discussion":
                    args.discussion, "warning_at": args.warning_at, "think": args.think,
                    "burst_games": args.burst_games, "window": args.window,
                    "judge_seconds": args.judge_seconds, "writes_limit": args.writes_limit,
                    "opening_games": args.opening_games, "timers": args.timers,
                    "import_sizes": args.import_sizes,
                    "receipt_teams": args.receipt_teams, "seed": args.seed,
                    "sync_teams": args.sync_teams, "sync_minute": args.sync_minute,
                    "sheet_teams": args.sheet_teams,
                    "tv_teams": args.tv_teams, "real_pace_games": args.real_pace_games,
                    "real_pace_duration": args.real_pace_duration,
                    "real_pace_again": args.real_pace_again, "real_pace": {
                        **REAL_PACE, "think": list(REAL_PACE["think"])}},
    }


class Run:
    """One ``python -m bench`` run: its options, its temporary folder, and the results so far.

    Each part is a method named after it (``PARTS``); :meth:`attempt` runs one and, when it
    fails, records why under ``results["failed"]`` and lets the next part go on, so a part that
    breaks an hour into the run does not lose the figures of the others.
    """

    def __init__(self, args: argparse.Namespace, argv: list[str] | None, work: Path) -> None:
        """``work``: an empty folder for this run's SQLite files."""
        self.args = args
        self.work = work
        self.started = time.monotonic()
        self.results: dict[str, Any] = {"meta": meta(args, argv)}
        self.sources: dict[int, Path] = {}
        """The concurrency runs' databases by number of games, replayed by ``writes``."""
        self.game_options = {"discussion": args.discussion, "warning_at": args.warning_at,
                             "seed": args.seed}

    def attempt(self, part: str) -> None:
        """Run the part named ``part``; a failure of any kind is recorded, never raised."""
        try:
            getattr(self, part)()
        except Exception as error:  # any failure: one broken part must not lose the others
            reason = f"{type(error).__name__}: {error}".splitlines()[0]
            self.results.setdefault("failed", {})[part] = reason
            say(f"{part} FAILED ({reason}); going on with the next part")

    def concurrency(self) -> None:
        """DUEL games at 10x speed, one worker per number of games."""
        args, runs = self.args, self.results.setdefault("concurrency", [])
        for games in args.games:
            say(f"{games:,} concurrent games: setting up, then {args.duration:g} s of play")
            db = self.work / f"concurrency-{games}.sqlite3"
            runs.append(in_worker("concurrency", {
                "db": str(db), "games": games, "duration": args.duration,
                "think": args.think, "baseline_window": min(10.0, args.duration / 2),
                **self.game_options}, args.duration))
            say(f"{games:,} games: done in {time.monotonic() - self.started:.0f} s so far")
            self.sources[games] = db

    def realpace(self) -> None:
        """DUEL games at the real pace, then every game finished."""
        games, seconds = self.args.real_pace_games, self.args.real_pace_duration
        say(f"real pace: {games:,} games setting up, then {seconds:g} s of play, then "
            f"every game finished, then {self.args.real_pace_again:g} s of a second wave")
        self.results["real_pace"] = in_worker("concurrency", {
            "db": str(self.work / "real-pace.sqlite3"), "games": games, "duration": seconds,
            "baseline_window": min(10.0, seconds / 2), "finish": True,
            "again": self.args.real_pace_again,
            "seed": self.args.seed, **REAL_PACE}, seconds + self.args.real_pace_again)
        say(f"real pace: done in {time.monotonic() - self.started:.0f} s so far")

    def writes(self) -> None:
        """The storage comparison, on the writes of the concurrency run nearest 1,000 games."""
        if not self.sources:
            return
        from bench.writes import run_writes

        source = min(self.sources, key=lambda g: abs(g - TARGET_GAMES))
        say(f"storage: replaying the {source:,}-game run's writes, ours and bare aiosqlite")
        self.results["writes"] = {"source_games": source, **asyncio.run(
            run_writes(self.sources[source], self.work, self.args.writes_limit))}

    def burst(self) -> None:
        """Every game's answer within a short window."""
        args = self.args
        say(f"burst: {args.burst_games:,} games answering within {args.window:g} s")
        self.results["burst"] = in_worker("burst", {
            "db": str(self.work / "burst.sqlite3"), "games": args.burst_games,
            "window": args.window, **self.game_options}, args.window)

    def opening(self) -> None:
        """Many games opened at once."""
        say(f"opening {self.args.opening_games:,} games")
        self.results["opening"] = in_worker("opening", {
            "db": str(self.work / "opening.sqlite3"), "games": self.args.opening_games,
            "seed": self.args.seed}, 0)

    def sync(self) -> None:
        """One SYNC window with many teams handing in at its end."""
        args = self.args
        minute = args.sync_minute
        hand_in = 15.0 if minute >= 60 else 5.0
        say(f"SYNC: {args.sync_teams:,} teams handing in within the last 5 s of a "
            f"{minute:g} + {hand_in:g} s window")
        self.results["sync"] = in_worker("sync", {
            "db": str(self.work / "sync.sqlite3"), "teams": args.sync_teams,
            "discussion": minute, "warning_at": minute - min(10.0, minute / 6),
            "hand_in": hand_in, "last": 5.0, "seed": args.seed}, minute + hand_in)

    def tv(self) -> None:
        """A whole TV game."""
        say(f"TV: a whole game of {self.args.tv_teams} teams")
        self.results["tv"] = in_worker("tv", {"db": str(self.work / "tv.sqlite3"),
                                              "teams": self.args.tv_teams,
                                              "seed": self.args.seed}, 0)

    def timers(self) -> None:
        """The bot's scheduler against bare ``loop.call_at``."""
        say(f"timers: {self.args.timers:,} deadlines, the bot's scheduler and bare "
            f"loop.call_at")
        self.results["timers"] = in_worker("timers", {"count": self.args.timers,
                                                      "seed": self.args.seed}, 0)

    def importing(self) -> None:
        """Generated packages of a few MB in each format."""
        from bench.importing import run_sizes

        args = self.args
        say(f"importing generated {', '.join(args.import_formats)} packages of "
            f"{', '.join(map(str, args.import_sizes))} MB")
        self.results["importing"] = run_sizes(args.import_formats, args.import_sizes)

    def judging(self) -> None:
        """Import and judging on the shared packages (skipped when there are none)."""
        from bench.judging import run_judging

        packages = self.args.packages
        if not packages.is_dir():
            say(f"no packages folder at {packages}: import and judging skipped")
            return
        say(f"import and judging on the packages in {packages}")
        self.results["judging"] = run_judging(sorted(p for p in packages.iterdir()
                                                     if p.suffix != ".md" and p.is_file()),
                                              self.args.judge_seconds)

    def receipts(self) -> None:
        """SYNC receipts leaving under Telegram's limit, in virtual time."""
        from bench.receipts import run_receipts

        teams = self.args.receipt_teams
        say(f"receipts of {', '.join(f'{t:,}' for t in teams)} teams under Telegram's limit "
            f"(virtual time)")
        self.results["receipts"] = run_receipts(teams, seed=self.args.seed)

    def sheet(self) -> None:
        """SYNC hand-ins over the answer sheet's HTTP endpoint in the last 3 s of a window,
        beside the Bot API path's receipts for as many teams."""
        from bench.receipts import run_receipts

        args = self.args
        minute = args.sync_minute
        hand_in = 15.0 if minute >= 60 else 5.0
        say(f"answer sheet: {args.sheet_teams:,} teams handing in over HTTP within the last "
            f"3 s of a {minute:g} + {hand_in:g} s window")
        self.results["sheet"] = in_worker("sheet", {
            "db": str(self.work / "sheet.sqlite3"), "teams": args.sheet_teams,
            "discussion": minute, "warning_at": minute - min(10.0, minute / 6),
            "hand_in": hand_in, "last": 3.0, "seed": args.seed}, minute + hand_in)
        self.results["sheet"]["bot_api"] = run_receipts([args.sheet_teams],
                                                        seed=args.seed)[0]


def run(args: argparse.Namespace, argv: list[str] | None) -> dict[str, Any]:
    """Run every selected part; returns the results dict (also holding the target check and,
    under ``"failed"``, the parts that failed with their error in one line)."""
    with tempfile.TemporaryDirectory(prefix="chgk-bench-") as tmp:
        bench = Run(args, argv, Path(tmp))
        for part in PARTS:
            if part in args.only:
                bench.attempt(part)
    results = bench.results
    results["targets"] = targets(results)
    results["meta"]["seconds"] = time.monotonic() - bench.started
    return results


def main(argv: list[str] | None = None) -> int:
    """Run the suite (or, with the hidden ``--worker``, one part of it); returns 0, or 1 when a
    part failed (the others' figures are still printed and written)."""
    args = parse_args(argv)
    if args.worker:
        print(json.dumps(run_worker(args.worker, json.loads(args.spec))))
        return 0
    results = run(args, argv)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n",
                           encoding="utf-8")
    print(render(results))
    say(f"results written to {args.output}")
    return 1 if results.get("failed") else 0


if __name__ == "__main__":
    sys.exit(main())
