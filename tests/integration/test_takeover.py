"""Two worker processes sharing one PostgreSQL database (docs/scaling.md): each game
is owned by one worker through its advisory lock; one worker is SIGKILLed in the middle of
its games' minutes, the other takes them over from their logs, re-arms their deadlines, and
every game finishes with its events once each, in order, and its deadlines kept (DESIGN.md,
Time; the restart rule of DUEL-3.4 applied across processes)."""

from __future__ import annotations

import asyncio
import itertools
import os
import queue
import signal
import sys
import time

import pytest

from bot.scaling.ownership import Ownership
from bot.service import Incoming
from storage.db import Storage, StoredEvent
from storage.gamelocks import GameLocks
from tests.databases import on_postgresql
from tests.integration.lines import LineProcess
from tests.integration.world import GROUP, service_world

pytestmark = pytest.mark.skipif(not on_postgresql(),
                                reason="game locks are PostgreSQL advisory locks: "
                                       "run under .ci/with-postgres")

# As in test_recovery: the kill comes 2 s into the minute, 10 s before the warning.
DISCUSSION, WARNING_AT = 16.0, 12.0


class Worker(LineProcess):
    """``python -m bot.scaling.worker`` on the real clock, fed and read line by line."""

    WAIT = 60.0

    def __init__(self, db: str) -> None:
        super().__init__(
            [sys.executable, "-m", "bot.scaling.worker", "--database", db, "--discussion",
             str(DISCUSSION), "--warning", str(WARNING_AT), "--target", "1",
             "--min-players", "1"],
            {**os.environ, "PYTHONUNBUFFERED": "1"})

    def drain(self) -> None:
        while True:
            try:
                self.seen.append(self.lines.get_nowait())
            except queue.Empty:
                return

    def stop(self, sig: signal.Signals | None = None) -> int:
        if self.proc.poll() is None:
            if sig is None:
                self.proc.stdin.close()
            else:
                self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=60)
        finally:
            self.pump.join(timeout=10)
            self.drain()
            for stream in (self.proc.stdin, self.proc.stdout):
                if not stream.closed:
                    stream.close()


def _logs(db: str) -> dict[str, tuple[str, list[StoredEvent]]]:
    async def read() -> dict[str, tuple[str, list[StoredEvent]]]:
        storage = await Storage.open(db)
        try:
            return {game.chat_key: (game.status, await storage.events(game.id))
                    for game in await storage.games()}
        finally:
            await storage.close()

    return asyncio.run(read())


async def test_a_game_has_one_owner_until_its_owner_lets_go_or_its_connection_ends(
        database_url):
    storage = await Storage.open(database_url)
    try:
        one, two = await GameLocks.open(storage.engine), await GameLocks.open(storage.engine)
        assert await one.take(7) and await one.take(7)
        assert not await two.take(7) and await two.take(8)
        assert await one.take_chat("console:c") and not await two.take_chat("console:c")
        await one.release(7)
        assert await two.take(7) and two.held == {7, 8}
        await two.close()
        # Its session's locks went with it, as when a worker's process dies.
        assert await one.take(7) and await one.take(8)
        await one.close()
    finally:
        await storage.close()


def _said(who: str, text: str) -> Incoming:
    return Incoming(GROUP, who, who, text, sender_locale="en")


async def test_only_a_game_s_owner_applies_its_messages_and_another_takes_it_when_it_is_free(
        database_url):
    one = await service_world(database_url, min_players=1)
    two = await service_world(database_url, min_players=1)
    locks = [await GameLocks.open(one.storage.engine), await GameLocks.open(two.storage.engine)]
    first, second = Ownership(one.service, locks[0]), Ownership(two.service, locks[1])
    try:
        assert await first.handle(_said("host", "/newgame duel"))
        (game,) = await one.storage.games(status="live")
        assert await second.scan() == []
        team = _said("anna", "/team Z")
        assert not await second.handle(team)
        assert await first.handle(team)
        assert two.recorder.texts() == []
        await locks[0].close()  # as when the first worker's connection ends
        start = _said("host", "/start")
        assert await second.handle(start)
        assert "The game is on!" in two.recorder.texts()[-1]
        kinds = [e.kind for e in await two.storage.events(game.id)]
        assert kinds.count("roster.team_registered") == 1, kinds
        assert [e.seq for e in await two.storage.events(game.id)] == \
            list(range(1, len(kinds) + 1))
    finally:
        await locks[1].close()
        await one.close()
        await two.close()


def _lobby(chat: str) -> list[str]:
    return [f"{chat} | anna: /team Z{chat}", f"{chat} | host: /start", f"{chat} | anna: 4"]


def test_a_killed_worker_s_games_are_taken_over_and_finish_with_nothing_lost(database_url):
    db = database_url
    first = Worker(db)
    second: Worker | None = None
    try:
        first.wait_for("# ready")
        second = Worker(db)
        second.wait_for("# ready")
        workers = (first, second)
        # A new chat goes to one worker (the front's choice); then every line of a live game
        # goes to every worker, and only the game's owner applies it.
        homes = {"a1": first, "a2": first, "b1": second}
        for chat, home in homes.items():
            home.send(f"{chat} | host: /newgame duel")
            home.wait_for(f"[{chat}] A DUEL game is open")
        for chat, home in homes.items():
            for worker in workers:
                worker.send(*_lobby(chat))
            home.wait_for(f"[{chat}] Question 4.")
        time.sleep(2)
        second.drain()
        # Before the kill nothing of the first worker's games was applied by the second.
        assert not [line for line in second.seen if line.startswith(("[a1]", "[a2]"))]
        assert first.stop(signal.SIGKILL) == -signal.SIGKILL

        taken = {second.wait_for("# took over game", 30).split()[-1] for _ in range(2)}
        assert taken == {"console:a1", "console:a2"}
        for chat in homes:
            second.wait_for(f"[{chat}] {int(DISCUSSION - WARNING_AT)} seconds left!")
        for chat in homes:
            second.wait_for(f"[{chat}] Time!")
        for chat in homes:
            second.send(f"{chat} | anna: /answerer anna", f"{chat} | anna (dm): Пушкин",
                        f"{chat} | host: /reject")
            second.wait_for(f"[{chat}] Not accepted. Score 0:1")
        assert second.stop() == 0
    finally:
        for worker in (first, second):
            if worker is not None and worker.proc.poll() is None:
                worker.stop(signal.SIGKILL)
    assert not any("Traceback" in line for line in first.seen + second.seen)

    logs = _logs(db)
    assert sorted(logs) == ["console:a1", "console:a2", "console:b1"]
    for chat, (status, events) in logs.items():
        kinds = [e.kind for e in events]
        assert status == "finished", (chat, kinds)
        # In order, none missing, none twice: the log's numbers run 1..n, its times never go
        # back, and each signal of the one minute played is there once.
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        assert all(a.at <= b.at for a, b in itertools.pairwise(events))
        for kind in ("duel.discussion_started", "duel.warning", "duel.discussion_ended"):
            assert kinds.count(kind) == 1, (chat, kinds)
        assert "duel.clock_paused" not in kinds, (chat, kinds)
        started = next(e for e in events if e.kind == "duel.discussion_started")
        warned = next(e for e in events if e.kind == "duel.warning")
        ended = next(e for e in events if e.kind == "duel.discussion_ended")
        # The deadlines of the taken-over games are those their first owner armed.
        assert WARNING_AT - 0.5 <= (warned.at - started.at).total_seconds() < WARNING_AT + 2.5
        assert DISCUSSION - 0.5 <= (ended.at - started.at).total_seconds() < DISCUSSION + 2.5
