"""Packages sent to the bot, as a file or by link (the ``Uploads`` part of ``GameService``)."""

from __future__ import annotations

from datetime import timedelta

from bot.packages import PackageReadError
from bot.packages.fetch import absolute_media, public_media
from bot.packages.model import Package
from bot.ports import Incoming
from bot.service.model import LiveGame, _named
from rules.base import Event, Rejection

MAX_PROBLEMS_SHOWN = 15
"""A chat shows at most this many package problems; ``chgk-bot package check`` lists all."""
LINK_COOLDOWN = timedelta(seconds=5)
"""How long a person waits between two package links, so that nobody keeps the bot's
downloads busy."""


class Uploads:
    """``GameService``'s package uploads: import, report the problems, attach to a game."""

    async def upload_package(self, incoming: Incoming, data: bytes, filename: str) -> None:
        """A package file sent to the bot: import it, report its problems with file and line,
        and, when usable, make it the package of the chat's next game, or of its game in the
        lobby when the sender hosts it. ``incoming.text`` is ignored. The file is parsed by
        ``self.parser`` off the event loop, and refused unread over its size limit
        (``bot.packages.MAX_PACKAGE_BYTES``) or question limit. A database that refuses to
        store it is reported as ``handle`` does."""
        incoming = _named(incoming)
        await self._track(self._answered(incoming, self._upload(incoming, data, filename)))

    async def upload_link(self, incoming: Incoming, link: str) -> None:
        """A package sent by link or id (``bot.packages.fetch.recognise``): fetched whole by
        ``self.fetcher``, then imported as ``upload_package`` imports a file; a link that
        cannot be fetched is reported as a file that cannot be read, with one message
        whatever kept it from giving a package. A person sends at most one link in
        ``LINK_COOLDOWN``; one sent sooner is answered with the seconds left to wait."""
        incoming = _named(incoming)
        await self._track(self._answered(incoming, self._upload_link(incoming, link)))

    async def media(self, url: str, max_bytes: int) -> bytes:
        """A question's sound at ``url``, for an adapter whose platform cannot fetch it by
        its link: downloaded by ``self.fetcher`` as packages are (public addresses only, the
        process's download turns), at most ``max_bytes`` bytes. Raises PackageReadError."""
        return await self.fetcher.media(url, max_bytes)

    async def _upload_link(self, incoming: Incoming, link: str) -> int | None:
        """Fetch and import the package at ``link``; its stored id, or None when refused."""
        now = self.clock.now()
        sender = (incoming.chat.platform, incoming.sender_id)
        last = self._links_sent.get(sender)
        if last is not None and now - last < LINK_COOLDOWN:
            player = (await self._sender(incoming))[0]
            locale = self._locale_in(player, self._upload_game(incoming, player))
            wait = -(-(LINK_COOLDOWN - (now - last)).total_seconds() // 1)
            await self._send(incoming.chat, "package-link-cooldown", {"seconds": int(wait)},
                             locale)
            return None
        # Entries older than the cooldown no longer matter: forget them as new ones come.
        for key in [k for k, at in self._links_sent.items() if now - at >= LINK_COOLDOWN]:
            del self._links_sent[key]
        self._links_sent[sender] = now
        try:
            fetched = await self.fetcher.fetch(link)
        except PackageReadError as error:
            player = (await self._sender(incoming))[0]
            locale = self._locale_in(player, self._upload_game(incoming, player))
            await self._send(incoming.chat, "package-check-unreadable", {
                "file": link, "message": self.t.format(
                    error.key, {"file": link, **error.args}, locale)}, locale)
            return None
        return await self._upload(incoming, fetched.data, fetched.name,
                                  media_base=fetched.media_base, shown=link)

    def _upload_game(self, incoming: Incoming, player: int) -> LiveGame | None:
        """The game a package sent by ``player`` is for: the sender's live game in a private
        chat, else the chat's current one (None when there is none)."""
        chat = incoming.chat
        return self._game_of_player(player, chat.platform) if chat.private else self.game_in(chat)

    async def _upload(self, incoming: Incoming, data: bytes, filename: str, *,
                      media_base: str | None = None, shown: str | None = None) -> int | None:
        """Import and store a package; its id, or None when refused. ``media_base``: the
        link relative media names resolve against; ``shown``: what messages call it."""
        chat = incoming.chat
        player = (await self._sender(incoming))[0]
        game = self._upload_game(incoming, player)
        locale = self._locale_in(player, game)
        shown = shown or filename
        try:
            imported = await public_media(
                absolute_media(await self.parser.parse(data, filename), media_base),
                self.fetcher.sources.allowed)
        except PackageReadError as error:
            await self._send(chat, "package-check-unreadable", {
                "file": shown, "message": self.t.format(
                    error.key, {"file": shown, **error.args}, locale)}, locale)
            return None
        problems = "\n".join(self.t.format("package-check-problem", {
            "file": shown, "line": p.line,
            "severity": self.t(f"package-check-{p.severity}", locale),
            "message": self.t.format(p.key, p.args, locale)}, locale)
            for p in imported.problems[:MAX_PROBLEMS_SHOWN])
        if not imported.usable:
            await self._send(chat, "package-unusable", {"file": shown, "problems": problems},
                             locale)
            return None
        package = imported.package
        package_id = await self.storage.save_package(package, filename, data)
        loaded = {"title": package.title, "count": len(package.questions),
                  "problems": problems or "-"}
        if game is None or not game.fmt.is_live(game.state):
            self._chat_packages[(game.chat if game else chat).key] = package_id
            await self._send(chat, "package-loaded", loaded, locale)
            return package_id
        async with game.lock:
            result = self._package_events(game, player, package_id, package, locale)
            if isinstance(result, Rejection):
                # Refused by the game under way: said alone (never "loaded" first), and the
                # package is the chat's next game's.
                self._chat_packages[game.chat.key] = package_id
                await self._send(chat, result.reason,
                                 await self._local_args(game.chat, result.args), locale)
                return package_id
            await self._send(chat, "package-loaded", loaded, locale)
            state = game.state
            for ev in result:
                state = game.fmt.decider.evolve(state, ev)
            if game.fmt.package_id(state) == package_id:
                game.package = package
                self._chat_packages[game.chat.key] = package_id
            # Else a SYNC team's questions: neither this game's package nor the chat's next.
            await self._commit(game, result, player)
        return package_id

    def _package_events(self, game: LiveGame, player: int, package_id: int, package: Package,
                        locale: str) -> list[Event] | Rejection:
        """What ``player``'s package does to the live ``game`` (``GameFormat.package_action``
        decided with the sender's roles), or why not: a sender without the role is told the
        package is kept and who may choose it."""
        action = game.fmt.package_action(game.state, player, package_id, package)
        if isinstance(action, Rejection):
            return action
        allowed = game.fmt.permissions.get(type(action), frozenset())
        if not game.fmt.roles_of(game.state, player) & allowed:
            return Rejection("package-not-host",
                             {"roles": self._role_names(allowed, locale, either=True)})
        return game.fmt.decider.decide(game.state, action, self.clock.now())
