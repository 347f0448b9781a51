"""Who wrote: senders as players, their private chats, languages and games (the ``People``
part of ``GameService``)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import replace
from itertools import islice
from typing import Any

from sqlalchemy.exc import DBAPIError

from bot.commands import Command
from bot.formats import CommandContext
from bot.ports import Button, ChatRef, Incoming, Outgoing
from bot.service.model import LiveGame
from rules.base import Rejection, Role
from storage.db import storage_fault

log = logging.getLogger(__name__)

PICK = "to"
"""The command of the buttons that say which game a held private message is for."""


class People:
    """``GameService``'s people: players by platform id, their private chats and locales, the
    games each has a role in."""

    async def _sender(self, incoming: Incoming) -> tuple[int, str]:
        """The sender of ``incoming`` as a player (stored on first sight), remembered as seen
        in its chat with their private chat and language; returns ``(player id, locale)``.

        A database that takes no writes (read-only, full, locked) does not stop a person it
        already knows: what only reads (``/score``, ``/help``) still works, and whatever
        must be stored says at its own commit why it was not. Raises the storage error for a
        person never stored."""
        chat = incoming.chat
        try:
            player = await self._player(chat.platform, incoming.sender_id,
                                        incoming.sender_name, incoming.sender_locale)
        except DBAPIError as error:
            known = await self.storage.people.known_player(chat.platform, incoming.sender_id) \
                if storage_fault(error) is not None else None
            if known is None:
                raise
            log.warning("the sender's new name or language is not stored (%s)", error.orig)
            player = known
        await self._remember(chat, incoming.sender_id, incoming.sender_name, player,
                             incoming.sender_locale, incoming.sender_username)
        return player, self._locale_of(player)

    async def _player(self, platform: str, sender_id: str, name: str, locale: str | None
                      ) -> int:
        # Every message names its sender, but names and languages rarely change: storage is
        # written only on first sight or a change, not once per message (bench/: this write
        # was half of all write transactions).
        known = self._players.get((platform, sender_id))
        if known is not None and known[1] == name and (not locale or known[2] == locale):
            return known[0]
        player = await self.storage.people.player(platform, sender_id, name, locale)
        self._players[(platform, sender_id)] = (player, name,
                                                locale or (known[2] if known else None))
        return player

    async def _remember(self, chat: ChatRef, sender_id: str, name: str, player: int,
                        locale: str | None, username: str | None) -> None:
        dm = self._dm.get(player)
        if dm is None or dm.chat_id != sender_id or dm.platform != chat.platform:
            self._dm[player] = ChatRef(chat.platform, sender_id, private=True)
        try:
            await self.people.saw(chat, player, name, username)
        except DBAPIError as error:
            # A sighting only helps name people: it is written again with the next message.
            if storage_fault(error) is None:
                raise
            log.warning("a sighting is not stored (%s)", error.orig)
        if locale:
            self._locales[player] = self.t.locale_for(locale)
        else:
            self._locales.setdefault(player, None)

    async def _mentioned(self, incoming: Incoming, game_chat: ChatRef | None = None
                         ) -> dict[str, tuple[int, str]]:
        """The people ``incoming`` mentions, by the casefolded text naming them. One with a
        platform id becomes known (a player, seen in ``game_chat``, else the message's chat);
        an ``@username`` alone is looked up among the people seen."""
        chat = incoming.chat
        found: dict[str, tuple[int, str]] = {}
        for mention in incoming.mentions:
            if mention.user_id is not None:
                name = mention.name or mention.text.lstrip("@")
                player = await self._player(chat.platform, mention.user_id, name, None)
                await self.people.saw(game_chat or chat, player, name, mention.username)
                found[mention.text.casefold()] = (player, name)
            elif mention.username:
                seen = await (await self.people.names(game_chat or chat)).find(
                    f"@{mention.username.casefold()}")
                if seen is not None:
                    found[mention.text.casefold()] = seen
        return found

    def _locale_of(self, player: int) -> str:
        return self._locales.get(player) or self.default_locale

    def _locale_in(self, player: int, game: LiveGame | None) -> str:
        """The language of a reply to ``player`` about ``game`` (README "Languages"): the
        person's own when their platform told it (a reply may be shown to them alone), else
        the game's, stored when it opened, so a restart with another ``CHGK_LOCALE`` changes
        no running game; with no game the person's, else the bot's default."""
        return self._locales.get(player) or (game.info.locale if game else self.default_locale)

    async def _dm_chat(self, player: int, platform: str) -> ChatRef | None:
        chat = self._dm.get(player)
        if chat is not None and chat.platform == platform:
            return chat
        identity = await self.storage.people.identity(player, platform)
        if identity is None:
            return None
        external_id, locale = identity
        chat = ChatRef(platform, external_id, private=True)
        self._dm[player] = chat
        self._locales.setdefault(player, self.t.locale_for(locale) if locale else None)
        return chat

    def _game_of_player(self, player: int, platform: str) -> LiveGame | None:
        """The newest live game in memory on ``platform`` in which ``player`` has a role
        other than spectator, or None."""
        return next(self._live_games_of(player, platform), None)

    def _live_games_of(self, player: int, platform: str) -> Iterator[LiveGame]:
        """The live games in memory on ``platform`` in which ``player`` has a role other than
        spectator, newest first."""
        for game_id in sorted(self._games_of.get((platform, player), ()), reverse=True):
            game = self._games[game_id]
            if game.fmt.is_live(game.state) and \
                    game.fmt.roles_of(game.state, player) - {Role.SPECTATOR}:
                yield game

    async def _private_game(self, incoming: Incoming, player: int, command: Command
                            ) -> tuple[LiveGame | None, bool]:
        """The live game a private message is for, and whether the sender was asked instead.

        With one live game, that one. A person in several (a SYNC captain who also plays a
        DUEL elsewhere; a host of one game who plays in another) has the message taken by
        the game that waits for it: the one whose rules accept it now (``_takes``: the open
        window of their team, their turn to answer, a verdict pending with them). When none
        does, the newest, whose refusal says why; when several do, the message is held and
        the sender asked which game, with a button for each (``PICK``). Reading commands
        (``score``, ``table``) go to the newest."""
        games = list(self._live_games_of(player, incoming.chat.platform))
        if len(games) < 2 or command.name in ("score", "table", "help"):
            return (games[0] if games else None), False
        takers = [game for game in games if await self._takes(game, player, incoming, command)]
        if len(takers) < 2:
            return (takers or games)[0], False
        self._held[player] = incoming
        locale = self._locale_of(player)
        buttons = tuple(Button(self._game_label(game, locale, host=True),
                               f"/{PICK} {game.info.id}") for game in takers)
        await self._safe_send(Outgoing(
            incoming.chat, self.t.format("private-which-game", {"count": len(takers)}, locale),
            buttons=buttons, key="private-which-game", reply=True,
            locale=self.t.locale_for(locale)))
        return None, True

    async def _takes(self, game: LiveGame, player: int, incoming: Incoming, command: Command
                     ) -> bool:
        """Whether ``game`` would act on the private message ``incoming`` from ``player`` now:
        its format reads an action from it (plain text from a player is the written answer),
        the player's roles allow that action, and the decider accepts it. A dry run of the
        pure core: nothing is stored or sent."""
        fmt = game.fmt
        roles = fmt.roles_of(game.state, player)
        command = fmt.read_command(command)
        if not incoming.text.lstrip().startswith("/") and Role.PLAYER in roles:
            command = Command("answer", incoming.text.strip())
        at = incoming.sent_at or self.clock.now()

        async def no_new_team(_name: str) -> int:
            return 0  # a dry run stores no team

        ctx = CommandContext(player=player, name=incoming.sender_name, state=game.state,
                             package=game.package, team_id=no_new_team,
                             known=await self.people.names(game.chat), sent_at=at)
        action = await fmt.action_for(command, ctx)
        if isinstance(action, Rejection) or \
                not roles & fmt.permissions.get(type(action), frozenset()):
            return False
        return not isinstance(fmt.decider.decide(game.state, action, at), Rejection)

    async def _pick(self, incoming: Incoming, player: int, command: Command, locale: str
                    ) -> None:
        """``/to GAME``, the button under ``private-which-game``: the held message goes to
        game GAME, as if written under one of its messages."""
        held = self._held.pop(player, None)
        words = command.args.split()
        game = self._games.get(int(words[0])) if words and words[0].isdigit() else None
        if held is None or game is None or game.info.id not in {
                live.info.id for live in self._live_games_of(player, incoming.chat.platform)}:
            await self._send(incoming.chat, "private-which-game-gone", {}, locale)
            return
        await self._handle(replace(held, game_chat=game.chat))

    def _plays_several(self, player: int, platform: str) -> bool:
        """Whether ``player`` has a role in more than one live game on ``platform``, so
        that each private message says which game it is from."""
        games = self._games_of.get((platform, player))
        if games is None or len(games) < 2:
            return False
        return len(list(islice(self._live_games_of(player, platform), 2))) == 2

    def _game_label(self, game: LiveGame, locale: str, *, host: bool = False) -> str:
        """How a person who plays several games is told which one a message is about:
        the format and the game's number (``host``: and who hosts it)."""
        args: dict[str, Any] = {"format": game.fmt.name, "id": game.info.id,
                                "host": game.fmt.view(game.state).host.name if host else "none"}
        return self.t.format("game-label", args, locale)

    def _ended_game_of_player(self, player: int, platform: str, command: Command, *,
                              claimed: bool = False) -> LiveGame | None:
        """The newest ended game in memory on this platform in which ``player`` has a role
        and which still takes ``command`` (``after_game``: a juror's private vote on a
        deferred appeal, SYNC-10), or None; with ``claimed``, only one that ``command`` is
        meant for even while ``player`` plays another game (``GameFormat.claims``)."""
        for game_id in sorted(self._games_of.get((platform, player), ()), reverse=True):
            game = self._games[game_id]
            if game.fmt.is_live(game.state) or command.name not in game.fmt.after_game(
                    game.state) or not game.fmt.roles_of(game.state, player) - {Role.SPECTATOR}:
                continue
            if not claimed or game.fmt.claims(game.state, command, player):
                return game
        return None

    def _forget_person(self, player: int, platform: str) -> None:
        """Drop what the service remembers of ``player`` (their id by platform account, private
        chat and language, and who their private chat has seen), whose last game in memory has
        just left it (about five objects a person, kept for good, 350,000 for the
        70,000 people of 10,000 games). All of it is in storage: their next message reads it
        back (``_player``), and a message to them finds their private chat and language there
        (``_dm_chat``)."""
        dm = self._dm.pop(player, None)
        if dm is not None:
            self.people.forget(dm.key)
            if dm.platform == platform:
                self._players.pop((platform, dm.chat_id), None)
        self._locales.pop(player, None)
        self._held.pop(player, None)

    def _index(self, game: LiveGame) -> None:
        """Bring ``_games_of`` up to date with the people of ``game``'s current state."""
        people = game.fmt.people(game.state)
        if people is game.people or people == game.people:
            return
        platform = game.chat.platform
        for player in game.people - people:
            self._games_of[(platform, player)].discard(game.info.id)
        for player in people - game.people:
            self._games_of.setdefault((platform, player), set()).add(game.info.id)
        game.people = people
