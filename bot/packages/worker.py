"""Parsing packages off the event loop, in one worker process.

Parsing is CPU-bound Python: in a thread it still holds the GIL, and ``json.loads``,
``ElementTree`` and every regex hold it for their whole call, so every game of the process
would wait (``python -m bench.importing`` measures the longest stall of the loop;
docs/performance.md, Big packages). With this worker what is left on the loop is the
unpickling of its result, which the question limit bounds. One
worker is enough: uploads are rare, and a second upload waits for the first instead of
taking the second core from the games.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import signal
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.packages import MAX_PACKAGE_BYTES, MAX_QUESTIONS, check_size, parse_package
from bot.packages.result import ImportResult, PackageReadError

log = logging.getLogger(__name__)


def _ignore_interrupts() -> None:
    # Ctrl-C goes to the whole process group: the bot stops the worker itself, and a
    # KeyboardInterrupt traceback from the worker would only clutter the terminal.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class PackageParser:
    """``parse_package`` in a worker process started on first use.

    ``max_bytes`` and ``max_questions`` are the limits of :func:`parse_package` (None: none).
    ``in_progress`` counts the parses submitted and not finished. Call :meth:`close` when done
    (an open worker is also stopped at interpreter exit).
    """

    def __init__(self, *, max_bytes: int | None = MAX_PACKAGE_BYTES,
                 max_questions: int | None = MAX_QUESTIONS) -> None:
        self.max_bytes = max_bytes
        self.max_questions = max_questions
        self.in_progress = 0
        self._pool: ProcessPoolExecutor | None = None

    async def parse(self, data: bytes, name: str) -> ImportResult:
        """Import ``data`` (file ``name``) in the worker; returns the ImportResult.

        Raises PackageReadError as :func:`parse_package` does (a file over ``max_bytes`` is
        refused before it is handed to the worker), and ``package-error-worker`` when the
        worker died (out of memory, killed); the next call starts a new one.
        """
        check_size(len(data), self.max_bytes)
        if self._pool is None:
            # spawn, not fork: a fork of a process running an event loop and database threads
            # may inherit a lock held by one of them.
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                initializer=_ignore_interrupts)
        pool = self._pool
        self.in_progress += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(
                pool, _parse, data, name, self.max_questions)
        except BrokenProcessPool:
            log.warning("the package worker died while parsing %s", name)
            if self._pool is pool:
                self._pool = None
            pool.shutdown(wait=False)
            raise PackageReadError("package-error-worker") from None
        finally:
            self.in_progress -= 1

    def close(self) -> None:
        """Stop the worker (a parse in progress is abandoned); parse starts a new one."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _parse(data: bytes, name: str, max_questions: int | None) -> ImportResult:
    """In the worker: the size is checked by the caller already."""
    return parse_package(data, name, max_bytes=None, max_questions=max_questions)
