"""Small measuring helpers: percentiles of latency samples, resident memory, the cyclic garbage
collector's passes, ratios."""

from __future__ import annotations

import asyncio
import gc
import math
import os
import resource
import sys
import tempfile
import time
from array import array
from collections.abc import Iterable
from typing import Any

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def summarize(seconds: Iterable[float]) -> dict[str, Any]:
    """``{"n", "p50", "p99", "max"}`` of latency samples given in seconds, reported in ms.

    Percentiles are nearest-rank; an empty sample gives None for each statistic.
    """
    values = sorted(seconds)
    if not values:
        return {"n": 0, "p50": None, "p99": None, "max": None}

    def rank(q: float) -> float:
        return values[max(0, math.ceil(q * len(values)) - 1)] * 1000.0

    return {"n": len(values), "p50": rank(0.50), "p99": rank(0.99), "max": values[-1] * 1000.0}


def samples() -> array[float]:
    """An empty compact list of float samples (8 bytes each), so that recording tens of
    thousands of latencies does not itself show up in the RSS per game."""
    return array("d")


def rss_bytes() -> int:
    """The process's resident memory now (Linux ``/proc``); the peak so far elsewhere."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except OSError:
        return peak_rss_bytes()


def peak_rss_bytes() -> int:
    """The process's peak resident memory since it started."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if os.uname().sysname == "Darwin" else peak * 1024


class RssSampler:
    """Samples the RSS every ``interval`` seconds while running; ``peak`` is the largest seen."""

    def __init__(self, interval: float = 0.2) -> None:
        self.interval = interval
        self.peak = rss_bytes()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start sampling on the running loop."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> int:
        """Stop sampling; returns the peak RSS in bytes."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        self.peak = max(self.peak, rss_bytes())
        return self.peak

    async def _run(self) -> None:
        while True:
            self.peak = max(self.peak, rss_bytes())
            await asyncio.sleep(self.interval)


def process_cpu() -> float:
    """CPU seconds used by the whole process so far (every thread, user and system)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def machine_cpu() -> float | None:
    """CPU seconds the whole machine has been busy so far, all CPUs (Linux ``/proc/stat``), or
    None elsewhere: with ``process_cpu`` it tells how much other programs took during a run."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(x) for x in stat.readline().split()[1:]]
    except OSError:
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields) - idle) / os.sysconf("SC_CLK_TCK")


def ratio(ours: float | None, baseline: float | None) -> float | None:
    """``ours / baseline``, or None when either is missing or the baseline is zero."""
    if ours is None or not baseline:
        return None
    return ours / baseline


class CollectorProbe:
    """Times every pass of the cyclic garbage collector (``gc.callbacks``) from ``start`` to
    ``stop``: a pass stops the whole process, the event loop with it, so its pauses are the
    floor of timer lateness (docs/performance.md, Garbage collector).
    Each pause is taken on the wall clock (what the loop waited) and as the CPU time of the
    collecting thread (what it cost, steadier on a loaded machine). ``summary`` gives per
    generation the passes, the longest and the total pause (ms) and the unreachable objects
    found."""

    def __init__(self) -> None:
        self._began = (0.0, 0.0)
        self.pauses: dict[int, list[tuple[float, float]]] = {0: [], 1: [], 2: []}
        self.found = [0, 0, 0]

    def start(self) -> None:
        """Start timing the passes (again from nothing)."""
        self.pauses = {0: [], 1: [], 2: []}
        self.found = [0, 0, 0]
        if self._callback not in gc.callbacks:
            gc.callbacks.append(self._callback)

    def stop(self) -> None:
        """Stop timing; what was timed stays in ``pauses`` and ``found``."""
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = (time.perf_counter(), time.thread_time())
            return
        generation = info["generation"]
        wall, cpu = self._began
        self.pauses[generation].append((time.perf_counter() - wall, time.thread_time() - cpu))
        self.found[generation] += info["collected"]

    def summary(self) -> dict[str, dict[str, float]]:
        """``{"full" | "middle" | "young": {"passes", "longest_ms", "total_ms",
        "longest_cpu_ms", "total_cpu_ms", "found"}}`` for generations 2, 1 and 0."""
        names = {2: "full", 1: "middle", 0: "young"}
        out = {}
        for generation, pauses in sorted(self.pauses.items(), reverse=True):
            wall, cpu = [p[0] for p in pauses], [p[1] for p in pauses]
            out[names[generation]] = {
                "passes": len(pauses), "longest_ms": 1000.0 * max(wall, default=0.0),
                "total_ms": 1000.0 * sum(wall), "longest_cpu_ms": 1000.0 * max(cpu, default=0.0),
                "total_cpu_ms": 1000.0 * sum(cpu), "found": self.found[generation]}
        return out


def allocator_stats() -> dict[str, float] | None:
    """CPython's small-object allocator now, from ``sys._debugmallocstats`` (which writes to
    the C stderr, read back through a temporary file): ``arenas`` (1 MiB each in 3.11),
    ``live_mb`` (bytes in allocated blocks) and ``free_mb`` (free blocks and unused pools
    inside those arenas). An arena goes back to the system only once nothing in it is
    alive, so a few objects that outlive the games keep the arenas they sit in, and the RSS
    with them. None where the statistics are not printed as expected (another allocator)."""
    saved = os.dup(2)
    try:
        with tempfile.TemporaryFile("w+") as out:
            sys.stderr.flush()
            os.dup2(out.fileno(), 2)
            try:
                sys._debugmallocstats()
            finally:
                os.dup2(saved, 2)
            out.seek(0)
            text = out.read()
    finally:
        os.close(saved)
    found: dict[str, int] = {}
    for line in text.splitlines():
        name, _, value = line.partition("=")
        number = value.strip().replace(",", "")
        if not number.isdigit():
            continue
        if name.startswith("# arenas allocated current"):
            found["arenas"] = int(number)
        elif name.startswith("# bytes in allocated blocks"):
            found["live"] = int(number)
        elif name.startswith("# bytes in available blocks") or "unused pools" in name:
            found["free"] = found.get("free", 0) + int(number)
    if set(found) != {"arenas", "live", "free"}:
        return None
    return {"arenas": found["arenas"], "live_mb": found["live"] / 2**20,
            "free_mb": found["free"] / 2**20}
