"""Uploads: packages sent to the bot, as a file or by link, imported, reported and attached
to a game or to the chat's next game."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.i18n import Translator
from bot.packages import PackageReadError
from bot.packages.fetch import PackageFetcher, absolute_media, public_media
from bot.packages.model import Package
from bot.packages.worker import PackageParser
from bot.ports import ChatRef, Clock, Incoming
from bot.service.commit import Committer
from bot.service.delivery import Deliverer
from bot.service.directory import PeopleDirectory
from bot.service.index import GameIndex
from bot.service.model import LiveGame
from rules.base import Event, Rejection
from storage.db import Storage

MAX_PROBLEMS_SHOWN = 15
"""A chat shows at most this many package problems; ``chgk-bot package check`` lists all."""
LINK_COOLDOWN = timedelta(seconds=5)
"""How long a person waits between two package links, so that nobody keeps the bot's
downloads busy."""


class Uploads:
    """Package uploads: import, report the problems, attach to a game.

    ``parser`` parses a file off the event loop (``PackageParser``); ``fetcher`` fetches a
    package sent by link or id; ``storage`` keeps the package; ``directory`` knows the sender
    and their language, ``index`` their game; ``deliverer`` answers them, and ``committer``
    stores what a package does to a live game. ``translator`` words the problems and
    ``clock`` paces the links (``LINK_COOLDOWN``).

    Of a game's format (``bot.formats.roles``, each role through its ``LiveGame`` attribute)
    it asks the ``core`` (decider, roles, permissions), the ``course`` (live or not) and
    ``packages``."""

    def __init__(self, storage: Storage, parser: PackageParser, fetcher: PackageFetcher,
                 clock: Clock, translator: Translator, directory: PeopleDirectory,
                 index: GameIndex, deliverer: Deliverer, committer: Committer) -> None:
        self.storage = storage
        self.parser = parser
        self.fetcher = fetcher
        self.clock = clock
        self.t = translator
        self.directory = directory
        self.index = index
        self.deliverer = deliverer
        self.committer = committer
        # Chat key -> the package id of the chat's next game.
        self._chat_packages: dict[str, int] = {}
        # (platform, sender) -> when their last package link was taken (``LINK_COOLDOWN``).
        self._links_sent: dict[tuple[str, str], datetime] = {}

    def choose(self, chat: ChatRef, package_id: int) -> None:
        """Use ``package_id`` for the next game created in ``chat``."""
        self._chat_packages[chat.key] = package_id

    def chosen(self, chat: ChatRef) -> int | None:
        """The package id chosen for the next game of ``chat``, or None."""
        return self._chat_packages.get(chat.key)

    async def upload_link(self, incoming: Incoming, link: str) -> int | None:
        """Fetch and import the package at ``link`` (a person sends at most one link in
        ``LINK_COOLDOWN``; one sent sooner is answered with the seconds left to wait); its
        stored id, or None when refused (the sender told why)."""
        now = self.clock.now()
        sender = (incoming.chat.platform, incoming.sender_id)
        last = self._links_sent.get(sender)
        if last is not None and now - last < LINK_COOLDOWN:
            player = (await self.directory.sender(incoming))[0]
            locale = self.directory.locale_in(player, self._upload_game(incoming, player))
            wait = -(-(LINK_COOLDOWN - (now - last)).total_seconds() // 1)
            await self.deliverer.send(incoming.chat, "package-link-cooldown",
                                      {"seconds": int(wait)}, locale)
            return None
        # Entries older than the cooldown no longer matter: forget them as new ones come.
        for key in [k for k, at in self._links_sent.items() if now - at >= LINK_COOLDOWN]:
            del self._links_sent[key]
        self._links_sent[sender] = now
        try:
            fetched = await self.fetcher.fetch(link)
        except PackageReadError as error:
            player = (await self.directory.sender(incoming))[0]
            locale = self.directory.locale_in(player, self._upload_game(incoming, player))
            await self.deliverer.send(incoming.chat, "package-check-unreadable", {
                "file": link, "message": self.t.format(
                    error.key, {"file": link, **error.args}, locale)}, locale)
            return None
        return await self.upload(incoming, fetched.data, fetched.name,
                                  media_base=fetched.media_base, shown=link)

    def _upload_game(self, incoming: Incoming, player: int) -> LiveGame | None:
        """The game a package sent by ``player`` is for: the sender's live game in a private
        chat, else the chat's current one (None when there is none)."""
        chat = incoming.chat
        return self.index.game_of_player(player, chat.platform) if chat.private \
            else self.index.game_in(chat)

    async def upload(self, incoming: Incoming, data: bytes, filename: str, *,
                     media_base: str | None = None, shown: str | None = None) -> int | None:
        """Import and store a package; its id, or None when refused. ``media_base``: the
        link relative media names resolve against; ``shown``: what messages call it."""
        chat = incoming.chat
        player = (await self.directory.sender(incoming))[0]
        game = self._upload_game(incoming, player)
        locale = self.directory.locale_in(player, game)
        shown = shown or filename
        try:
            imported = await public_media(
                absolute_media(await self.parser.parse(data, filename), media_base),
                self.fetcher.sources.allowed)
        except PackageReadError as error:
            await self.deliverer.send(chat, "package-check-unreadable", {
                "file": shown, "message": self.t.format(
                    error.key, {"file": shown, **error.args}, locale)}, locale)
            return None
        problems = "\n".join(self.t.format("package-check-problem", {
            "file": shown, "line": p.line,
            "severity": self.t(f"package-check-{p.severity}", locale),
            "message": self.t.format(p.key, p.args, locale)}, locale)
            for p in imported.problems[:MAX_PROBLEMS_SHOWN])
        if not imported.usable:
            await self.deliverer.send(chat, "package-unusable",
                                      {"file": shown, "problems": problems}, locale)
            return None
        package = imported.package
        package_id = await self.storage.save_package(package, filename, data)
        loaded = {"title": package.title, "count": len(package.questions),
                  "problems": problems or "-"}
        if game is None or not game.course.is_live(game.state):
            self._chat_packages[(game.chat if game else chat).key] = package_id
            await self.deliverer.send(chat, "package-loaded", loaded, locale)
            return package_id
        async with game.lock:
            result = self._package_events(game, player, package_id, package, locale)
            if isinstance(result, Rejection):
                # Refused by the game under way: said alone (never "loaded" first), and the
                # package is the chat's next game's.
                self._chat_packages[game.chat.key] = package_id
                await self.deliverer.send(chat, result.reason,
                                          await self.deliverer.local_args(game.chat,
                                                                          result.args), locale)
                return package_id
            await self.deliverer.send(chat, "package-loaded", loaded, locale)
            state = game.state
            for ev in result:
                state = game.core.decider.evolve(state, ev)
            if game.packages.package_id(state) == package_id:
                game.package = package
                self._chat_packages[game.chat.key] = package_id
            # Else a SYNC team's questions: neither this game's package nor the chat's next.
            await self.committer.commit(game, result, player)
        return package_id

    def _package_events(self, game: LiveGame, player: int, package_id: int, package: Package,
                        locale: str) -> list[Event] | Rejection:
        """What ``player``'s package does to the live ``game`` (``Packages.package_action``
        decided with the sender's roles), or why not: a sender without the role is told the
        package is kept and who may choose it."""
        action = game.packages.package_action(game.state, player, package_id, package)
        if isinstance(action, Rejection):
            return action
        allowed = game.core.permissions.get(type(action), frozenset())
        if not game.core.roles_of(game.state, player) & allowed:
            return Rejection("package-not-host",
                             {"roles": self.deliverer.role_names(allowed, locale, either=True)})
        return game.core.decider.decide(game.state, action, self.clock.now())
