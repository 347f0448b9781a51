"""Commands given on a page (the Mini App's answer sheet and jury desk, ``bot.board.sheet``)
instead of in a chat: the same core action as the chat's, decided by the same decider under
the same role table, stored the same way (a SYNC hand-in joins the window's batch), but the
outcome is returned to the page, not sent to the person as a private message.

The chat's other effects stay: the game chat and the hosts hear what they would have heard
(a verdict in the game chat, the hosts' list of groups).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from bot.commands import Command
from bot.formats import CommandContext
from bot.ports import ChatRef
from bot.service.arrivals import Arrivals
from bot.service.batch import Batching
from bot.service.commit import Committer
from bot.service.delivery import Deliverer
from bot.service.directory import PeopleDirectory
from bot.service.loader import GameLoader
from bot.service.model import LiveGame
from rules.base import Event, Rejection
from storage.db import Storage

if TYPE_CHECKING:
    from bot.service.router import GameService

Make = Callable[[CommandContext], Awaitable[Any]]
"""Makes the action of a page's command from its context (or a Rejection)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a page's command did: the events stored for it, or the ``refusal`` (a reason key
    of the locales and its arguments) with nothing stored; ``repeated`` for a request the
    page had sent before (its action is in the log already: nothing new stored)."""

    events: tuple[Event, ...] = ()
    refusal: Rejection | None = None
    repeated: bool = False


class PageActions:
    """Acts for a known person in a game (``act``), as its chat flow would, with the service's
    own parts: ``storage`` knows the people, ``loader`` the games, ``directory`` the names a
    chat has seen, ``deliverer`` the roles' names, ``batching`` a batched format's turns and
    ``committer`` stores the outcome (``of`` takes them from a ``GameService``).

    Of a game's format (``bot.formats.roles``) it asks the core (decider,
    roles, permissions), ``Commands`` and ``LifeCycle`` (what an ended game still takes)."""

    def __init__(self, storage: Storage, loader: GameLoader, directory: PeopleDirectory,
                 deliverer: Deliverer, batching: Batching, committer: Committer) -> None:
        self.storage = storage
        self.loader = loader
        self.directory = directory
        self.deliverer = deliverer
        self.batching = batching
        self.committer = committer

    @classmethod
    def of(cls, service: GameService) -> PageActions:
        """The page actions over the parts of ``service`` (``bot.service.game_service``)."""
        return cls(service.storage, service.loader, service.directory, service.deliverer,
                   service.inbox.batching, service.committer)

    async def person(self, platform: str, external_id: str) -> int | None:
        """The player id of the account ``external_id`` on ``platform``, or None for someone
        the bot has never seen (nothing is stored for them)."""
        return await self.storage.people.known_player(platform, external_id)

    async def zone(self, chat: ChatRef) -> ZoneInfo:
        """The time zone of game chat ``chat`` (``/timezone``, else ``CHGK_TIMEZONE``)."""
        return await self.deliverer.zones.of(chat.key)

    async def game(self, game_id: int) -> LiveGame | None:
        """Game ``game_id`` (live in memory, else read back from its log), or None."""
        return await self.loader.load_game(game_id)

    @contextmanager
    def arriving(self, game_id: int, at: datetime) -> Iterator[None]:
        """Hold game ``game_id``'s deadlines from ``at`` (UTC: when a page's command reached
        the bot, its send time for ``act``) on until the ``with`` block, which acts on it,
        ends: the window's close does not overtake an answer that arrived in time (SYNC-6;
        ``bot.service.arrivals``, waited for a bounded time). Enter it before anything is
        awaited. A game not in memory has no deadline armed: nothing is held."""
        game = self.loader.index.held(game_id)
        if game is None:
            yield
            return
        if game.arrivals is None:
            game.arrivals = Arrivals()
        with game.arrivals.arriving(at):
            yield

    async def act(self, game_id: int, player: int, make: Command | Make, *,
                  sent_at: datetime, name: str = "", delivery: str | None = None,
                  locale: str = "ru", command: str = "") -> Outcome:
        """Do ``make`` for ``player`` in game ``game_id``: a chat ``Command`` read by the
        format as if typed (``answer TEXT``), or a function making the action itself (a
        desk's verdict on a group, by its key; ``command`` names the chat command it stands
        for, which says whether an ended game still takes it, e.g. a juror's ``vote``).
        ``sent_at`` is when it reached the bot (UTC; a written answer's send time, SYNC-6);
        ``name`` the person's display name; ``delivery`` the page's id of the request, kept
        with the events so that the same request sent again after a restart is not applied
        twice; ``locale`` the language of a refusal's arguments. Returns the ``Outcome``;
        raises what storage raises when it refuses the events (nothing is then stored)."""
        game = await self.loader.load_game(game_id)
        if game is None:
            return Outcome(refusal=Rejection("sheet-no-game"))
        outcome = Outcome(refusal=Rejection("game-over"))
        name_of = make.name if isinstance(make, Command) else command

        async def work() -> None:
            nonlocal outcome
            if game.course.is_live(game.state) or name_of in game.course.after_game(game.state):
                outcome = await self._decide(game, player, make, sent_at, name, delivery,
                                             locale)

        if game.commands.batched:
            await self.batching.in_turn(game, work)
        else:
            async with game.lock:
                await work()
        return outcome

    async def _decide(self, game: LiveGame, player: int, make: Command | Make,
                      sent_at: datetime, name: str, delivery: str | None, locale: str
                      ) -> Outcome:
        """Under the game's lock (in its turn): the chat's steps of ``Inbox``'s command, with
        the outcome returned instead of sent."""
        core, commands = game.core, game.commands
        if delivery is not None and delivery in game.delivered:
            return Outcome(repeated=True)
        known = await self.directory.seen.names(game.chat)
        ctx = CommandContext(player=player, name=name, state=game.state, package=game.package,
                             team_id=self.storage.people.team, known=known, sent_at=sent_at,
                             zone=lambda: self.deliverer.zones.of(game.chat.key))
        action = await (commands.action_for(commands.read_command(make), ctx)
                        if isinstance(make, Command) else make(ctx))
        if isinstance(action, Rejection):
            return Outcome(refusal=action)
        allowed = core.permissions.get(type(action), frozenset())
        roles = core.roles_of(game.state, player)
        if not roles & allowed:
            return Outcome(refusal=Rejection("sheet-not-allowed", {
                "roles": self.deliverer.role_names(allowed, locale, either=True)}))
        # The judging step, as in the chat: a written answer gets its suggestion now.
        action = commands.judged(action, game.state, game.package)
        result = core.decider.decide(game.state, action, sent_at)
        if isinstance(result, Rejection):
            return Outcome(refusal=result)
        if type(action) not in commands.batched or \
                not self.batching.join(game, result, player, delivery, quiet=True):
            await self.committer.commit(game, result, player, delivery, quiet=True)
        return Outcome(events=tuple(result))

