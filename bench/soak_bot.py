"""The crash soak's real process (``bench.soak``): one ``chgk-bot console --clock real``
fed line by line, its output read by a thread."""

from __future__ import annotations

import contextlib
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from bench.soak_reference import LOCALE

STARTUP_TIMEOUT = 240.0
"""Seconds a (re)started bot may take to be ready for input; generous for a loaded machine."""


class Bot:
    """One ``chgk-bot console --clock real`` process, fed line by line; its output is read by
    a thread, and ``lines`` keeps what the driver has read so far. ``started`` and ``ended``
    (UTC) bound the events it can have stored."""

    def __init__(self, database_url: str, folder: Path, env: dict[str, str]) -> None:
        self.started = datetime.now(UTC)
        self.ended: datetime | None = None
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot", "console", "--clock", "real", "--locale", LOCALE,
             "--database", database_url],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            cwd=folder, env=env)
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._pump = threading.Thread(target=self._read, daemon=True)
        self._pump.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def send(self, line: str) -> None:
        """Write one input line."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, wanted: Callable[[str], bool], timeout: float, what: str) -> str:
        """Read output until a line satisfies ``wanted``; return it. Raises SoakError after
        ``timeout`` seconds, at the end of output, or on a traceback."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self._queue.get(timeout=0.2)
            except queue.Empty:
                continue
            if line is None:
                raise SoakError(f"the bot exited while waiting for {what}", self.lines)
            self.lines.append(line)
            if "Traceback" in line:
                raise SoakError("the bot printed a traceback", self.lines)
            if wanted(line):
                return line
        raise SoakError(f"{what} never came within {timeout:.0f} s", self.lines)

    def kill(self) -> None:
        """SIGKILL the process and wait for it."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        self._finish()

    def close(self) -> int:
        """End the input; return the exit code once the process has printed everything."""
        self.proc.stdin.close()
        code = self.proc.wait(timeout=STARTUP_TIMEOUT)
        self._finish()
        return code

    def _finish(self) -> None:
        self.ended = datetime.now(UTC)
        self._pump.join(timeout=30)
        while True:
            try:
                line = self._queue.get_nowait()
            except queue.Empty:
                break
            if line is not None:
                self.lines.append(line)
        for stream in (self.proc.stdin, self.proc.stdout):
            if not stream.closed:
                # A killed process took its end of stdin with it.
                with contextlib.suppress(BrokenPipeError):
                    stream.close()


class SoakError(AssertionError):
    """The bot did not do what the script expected; carries the output read so far."""

    def __init__(self, message: str, lines: list[str]) -> None:
        super().__init__(message + ":\n" + "\n".join(lines[-60:]))
