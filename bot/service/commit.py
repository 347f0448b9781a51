"""The committer: a game's events stored, then their effects run (the effects table); a
question's clock started once its delivery is confirmed."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from bot.formats import To, merge
from bot.ports import UNTIMED, Clock, Receipt
from bot.service.alarms import Alarms
from bot.service.delivery import Deliverer, _forget_all
from bot.service.index import GameIndex
from bot.service.model import Commit, Effects, EventHandler, LiveGame, settle
from rules.base import Event, encode
from rules.roster import PlayerJoined, TeamRegistered
from storage.db import GameInfo, Storage, StoredEvent

log = logging.getLogger(__name__)


class Committer:
    """Stores a game's events in ``storage``, then runs ``effects``; and reports a question's
    delivery, which starts its minute (DESIGN.md, Time).

    The effects of every commit (``core_effects``) keep ``index`` up to date, arm the game's
    timers (``alarms``) and send its messages (``deliverer``); ``extra`` adds handlers by
    event type after the core's (``Effects``: a format's projections, the scoreboard).
    ``clock`` dates the events.

    Of a game's format (``bot.formats.roles``, each role through its ``LiveGame`` attribute)
    it asks the ``core``'s decider, the ``course`` (the stored status, a question's
    delivery), ``packages`` (the package played) and ``presenting`` (the events' messages)."""

    def __init__(self, storage: Storage, clock: Clock, index: GameIndex, alarms: Alarms,
                 deliverer: Deliverer, extra: Mapping[type, Sequence[EventHandler]]) -> None:
        self.storage = storage
        self.clock = clock
        self.index = index
        self.alarms = alarms
        self.deliverer = deliverer
        self.effects = self.core_effects(extra)
        # Tasks waiting for a question's delivery to start its clock.
        self._confirming: set[asyncio.Task[None]] = set()

    async def commit(self, game: LiveGame, events: list[Event], actor: int | None,
                     delivery: str | None = None, *, quiet: bool = False) -> None:
        """Store ``events`` (the outcome of ``actor``'s action, None for the bot's own; the
        first carries ``delivery``, the messenger's id of the message that asked for it), make
        them the game's state, then run the effect handlers (``Effects``, ``self.effects``):
        nothing is sent before the events are stored (``quiet``: nothing to the actor). A
        batch of the game's actions not yet stored goes first (``flush``), so the log keeps
        the order they were decided in."""
        if game.batch is not None:
            await self.flush(game)
        now = self.clock.now()
        stored = [StoredEvent(game.next_seq + i, now, e.kind, encode(e), e.version,
                              delivery if i == 0 else None)
                  for i, e in enumerate(events)]
        changes = []
        state = game.state
        # A question is sent by this commit when it leaves the game waiting for a delivery.
        reads = not game.course.awaiting_delivery(state)
        for ev in events:
            before, state = state, game.core.decider.evolve(state, ev)
            changes.append((ev, before, state))
        info = game.info
        status, package_id = game.course.status_of(state), game.packages.package_id(state)
        await self.storage.append(
            info.id, stored, status=status if status != info.status else None,
            package_id=package_id if package_id != info.package_id else None)
        commit = Commit(game, actor, changes, now, reads=reads,
                        saved_again=game.unsaved_since is not None, quiet=quiet)
        game.unsaved_since = None
        game.state = state
        game.next_seq += len(events)
        if (status, package_id) != (info.status, info.package_id):
            game.info = GameInfo(info.id, info.format, info.chat_key, package_id, status,
                                 info.locale)
        await self._effects(commit)

    async def flush(self, game: LiveGame) -> None:
        """Store the game's open batch in one transaction, then run each action's effects in
        order (``_effects``), settling each one's turn. When the database refuses it, the
        game's state goes back to the stored one and every turn of the batch gets the error."""
        batch, game.batch = game.batch, None
        if batch is None:
            return
        info, state = game.info, game.state
        status, package_id = game.course.status_of(state), game.packages.package_id(state)
        try:
            await self.storage.append(
                info.id, batch.rows, status=status if status != info.status else None,
                package_id=package_id if package_id != info.package_id else None)
        except BaseException as error:
            game.state = batch.stored_state
            for member in batch.members:
                settle(member.done, error)
            if not isinstance(error, Exception):
                raise
            return
        saved_again = game.unsaved_since is not None
        game.unsaved_since = None
        if (status, package_id) != (info.status, info.package_id):
            game.info = GameInfo(info.id, info.format, info.chat_key, package_id, status,
                                 info.locale)
        for index, member in enumerate(batch.members):
            # Each action's effects see the game as its own events left it.
            game.state, game.next_seq = member.state, member.next_seq
            commit = Commit(game, member.actor, member.changes, member.now, reads=member.reads,
                            saved_again=saved_again and index == 0, quiet=member.quiet)
            try:
                await self._effects(commit)
            except Exception as error:
                settle(member.done, error)
            else:
                settle(member.done)

    async def _effects(self, commit: Commit) -> None:
        """Run the effect handlers of ``commit``, whose events are stored (``Effects``)."""
        for handler in self.effects.first:
            await handler(commit)
        for ev, before, after in commit.changes:
            for on_event in self.effects.handlers_of(ev):
                await on_event(commit, ev, before, after)
        for handler in self.effects.last:
            await handler(commit)

    def core_effects(self, extra: Mapping[type, Sequence[EventHandler]]) -> Effects:
        """The effects of every commit (DESIGN.md, The shape: effects by an event -> handlers
        table), in the order they run: the service's indexes and timers first; then for each
        event its type's handlers (a roster change stored, then ``extra``'s: a format's
        projections) and those of every event (its messages rendered); then one delivery of
        the action's messages (``merge``); last, a game that has ended leaves memory
        (``GameIndex.retire``)."""
        by_event: dict[type, list[EventHandler]] = {
            TeamRegistered: [self._persist_captain], PlayerJoined: [self._persist_player],
            Event: [self._render]}
        for kind, handlers in extra.items():
            by_event.setdefault(kind, []).extend(handlers)
        return Effects(first=(self._reindex, self._rearm, self._retry_waiting,
                              self._storage_back),
                       by_event={kind: tuple(handlers) for kind, handlers in by_event.items()},
                       last=(self._deliver_commit, self._leave_if_ended))

    async def _reindex(self, commit: Commit) -> None:
        self.index.reindex(commit.game)

    async def _rearm(self, commit: Commit) -> None:
        self.alarms.arm(commit.game)

    async def _retry_waiting(self, commit: Commit) -> None:
        self.alarms.retry_waiting(commit.game, commit.now)

    async def _storage_back(self, commit: Commit) -> None:
        if commit.saved_again and commit.game.host_alerted:
            commit.game.host_alerted = False
            await self.deliverer.tell_host(commit.game, "storage-back")

    async def _persist_captain(self, commit: Commit, ev: Event, before: Any, after: Any
                               ) -> None:
        assert isinstance(ev, TeamRegistered)
        await self.storage.people.add_member(ev.team_id, ev.captain)

    async def _persist_player(self, commit: Commit, ev: Event, before: Any, after: Any
                              ) -> None:
        assert isinstance(ev, PlayerJoined)
        await self.storage.people.add_member(ev.team_id, ev.player)

    async def _render(self, commit: Commit, ev: Event, before: Any, after: Any) -> None:
        commit.messages += commit.game.presenting.render(ev, before, after, commit.game.package)

    async def _deliver_commit(self, commit: Commit) -> None:
        # One action's messages go out together: what belongs together is one message.
        messages = commit.messages
        if commit.quiet:
            # The actor's page shows the outcome (its receipt is the HTTP answer).
            messages = [m for m in messages if m.to != To.PLAYER or m.player != commit.actor]
        receipts = await self.deliverer.deliver(commit.game, merge(messages))
        if commit.reads:
            await self.await_question(commit.game, receipts)
        else:
            _forget_all(receipts)

    async def _leave_if_ended(self, commit: Commit) -> None:
        self.index.retire(commit.game.info.id)

    async def settle(self) -> None:
        """Wait until no question waits for its delivery report any more."""
        while self._confirming:
            await asyncio.gather(*self._confirming, return_exceptions=True)

    async def await_question(self, game: LiveGame, receipts: list[Receipt]) -> None:
        """Start the clock of a question just sent once ``receipts`` (its messages') confirm
        its delivery, or tell the host it failed (DESIGN.md, Time). Called under the lock."""
        if not game.course.awaiting_delivery(game.state):
            _forget_all(receipts)  # a question with no clock (answered at once)
            return
        if all(receipt.done() for receipt in receipts):
            await self._report_delivery(game, game.state, receipts)
            return
        task = asyncio.create_task(self._confirm(game, game.state, receipts))
        self._confirming.add(task)
        task.add_done_callback(self._confirming.discard)

    async def _confirm(self, game: LiveGame, sent: Any, receipts: list[Receipt]) -> None:
        # Waits without the game's lock: the chat's queue may hold the question for seconds,
        # and the game must go on answering meanwhile (the host may start the clock).
        await asyncio.wait(receipts)
        try:
            async with game.lock:
                await self._report_delivery(game, sent, receipts)
        except Exception:
            log.exception("reporting the delivery of a question in game %s failed",
                          game.info.id)

    async def _report_delivery(self, game: LiveGame, sent: Any, receipts: list[Receipt]
                               ) -> None:
        """Tell the decider that the question of state ``sent`` was delivered now, or not, as
        its done ``receipts`` say; a report the game has moved past (the host started the
        clock) changes nothing. A cancelled receipt (the messenger closed) reports nothing:
        the next start sends the question again."""
        if any(receipt.cancelled() for receipt in receipts):
            return
        delivered = all(receipt.exception() is None for receipt in receipts)
        now = self.clock.now()
        if not delivered:
            log.warning("a question of game %s did not reach %s", game.info.id, game.chat.key)
        # A question's sound is part of its reading: the minute starts once it has played,
        # or, when its length is not known, when the host starts it.
        plays = max((receipt.result() or 0.0 for receipt in receipts), default=0.0) \
            if delivered else 0.0
        if plays == UNTIMED:
            await self.deliverer.tell_host(game, "question-audio-untimed")
            return
        action = game.course.delivery_action(
            sent, now + timedelta(seconds=plays) if delivered else None)
        result = game.core.decider.decide(game.state, action, now)
        if isinstance(result, list) and result:
            await self.commit(game, result, None)
