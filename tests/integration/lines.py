"""A program of the project run as a process of its own, fed and read line by line: the tests
that SIGKILL the bot and start it again (``test_recovery``, ``test_takeover``)."""

from __future__ import annotations

import queue
import subprocess
import threading
import time


class LineProcess:
    """``argv`` as a child process with environment ``env``, its stdin and stdout (stderr
    merged) as text lines; ``seen`` holds every line read so far, for failure messages."""

    WAIT = 30.0
    """Seconds ``wait_for`` waits unless told otherwise."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, env=env)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        self.pump = threading.Thread(target=self._pump, daemon=True)
        self.pump.start()

    def _pump(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, *lines: str) -> None:
        """Write ``lines`` to the process's stdin, each ended by a newline."""
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, text: str, timeout: float | None = None) -> str:
        """The first line read from now on that contains ``text``, waiting at most
        ``timeout`` seconds (``WAIT`` by default). Raises AssertionError, with every line seen,
        on a traceback or when the time runs out."""
        deadline = time.monotonic() + (self.WAIT if timeout is None else timeout)
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            self.seen.append(line)
            assert "Traceback" not in line, "\n".join(self.seen)
            if text in line:
                return line
        raise AssertionError(f"{text!r} never came; saw:\n" + "\n".join(self.seen))
