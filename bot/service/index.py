"""The game index: which games the service holds, each chat's current game, each player's
games, and the ended games that still take after-game commands."""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from itertools import islice

from bot.commands import Command
from bot.ports import ChatRef
from bot.service.directory import PeopleDirectory
from bot.service.model import LiveGame
from rules.base import Role


class GameIndex:
    """The games in memory and how a message finds one.

    ``directory`` is told to forget the people of a game that leaves memory (``retire``) and
    who its chat has seen. Holds no storage: a game that is not here is loaded by
    ``bot.service.loader.GameLoader``, which puts it here.

    Of a game's format (``bot.formats.roles``, each role through its ``LiveGame`` attribute)
    it asks the ``core`` (its people and their roles) and the ``course`` (live or ended, what
    it takes after the game)."""

    def __init__(self, directory: PeopleDirectory) -> None:
        self.directory = directory
        # The games in memory: the live ones (and an ended one while a timer of it is armed).
        # A game leaves once it has ended (10,000 finished games held 10,000 states);
        # its log stays in the database, and a command reaching it later, in its chat or
        # after a newer game (``ended``), loads it again.
        self.games: dict[int, LiveGame] = {}
        # Games loaded again for a moment, or just left while a handler still holds them, so
        # that two handlers of one game share one copy (and one lock).
        self.revived: weakref.WeakValueDictionary[int, LiveGame] = \
            weakref.WeakValueDictionary()
        # Chat key -> its current game's id (the newest opened there, live or ended).
        self.by_chat: dict[str, int] = {}
        # (platform, player) -> ids of the games where the player has a role, so a private
        # message finds its game without asking every game (that scan was half the CPU of a
        # thousand games).
        self.games_of: dict[tuple[str, int], set[int]] = {}
        # Chat key -> its ended games that still accept after-game commands (DUEL: the vote
        # for the best question and player): game id -> the names of those that reach the game
        # after a newer one.
        self.ended: dict[str, dict[int, frozenset[str]]] = {}

    def game(self, game_id: int) -> LiveGame | None:
        """A game in memory by id (a live one), or None."""
        return self.games.get(game_id)

    def held(self, game_id: int) -> LiveGame | None:
        """A game in memory by id, or one loaded again that a handler still holds; None."""
        return self.games.get(game_id) or self.revived.get(game_id)

    def game_in(self, chat: ChatRef) -> LiveGame | None:
        """The current game of a group chat while it is in memory (live), or None."""
        game_id = self.by_chat.get(chat.key)
        return self.games.get(game_id) if game_id is not None else None

    def keep(self, game: LiveGame) -> None:
        """Hold ``game`` in memory and index its people."""
        self.games[game.info.id] = game
        self.index(game)

    def keep_for_now(self, game: LiveGame) -> LiveGame:
        """Hold ``game``, loaded again, only while a handler uses it: the copy another handler
        loaded meanwhile when there is one (one game, one copy, one lock)."""
        return self.revived.setdefault(game.info.id, game)

    def open(self, game: LiveGame) -> None:
        """Make ``game``, just created, its chat's current game; the one before it leaves
        memory if it can (``retire``)."""
        self.games[game.info.id] = game
        previous = self.by_chat.get(game.chat.key)
        self.by_chat[game.chat.key] = game.info.id
        if previous is not None:
            self.retire(previous)
        self.index(game)

    def index(self, game: LiveGame) -> None:
        """Bring ``games_of`` up to date with the people of ``game``'s current state."""
        people = game.core.people(game.state)
        if people is game.people or people == game.people:
            return
        platform = game.chat.platform
        for player in game.people - people:
            self.games_of[(platform, player)].discard(game.info.id)
        for player in people - game.people:
            self.games_of.setdefault((platform, player), set()).add(game.info.id)
        game.people = people

    def reindex(self, game: LiveGame) -> None:
        """After a commit of ``game``: its people (when it is held) and its after-game
        commands."""
        if game.info.id in self.games:
            self.index(game)
        self.track_ended(game)

    def track_ended(self, game: LiveGame) -> None:
        """Keep ``ended`` up to date with the after-game commands ``game`` has open."""
        key = game.chat.key
        ended = self.ended.get(key, {})
        names = frozenset() if game.course.is_live(game.state) else \
            frozenset(n for n, reaches in game.course.after_game(game.state).items() if reaches)
        if names:
            self.ended[key] = {**ended, game.info.id: names}
        elif game.info.id in ended:
            ended.pop(game.info.id)
            if not ended:
                del self.ended[key]

    def ended_taking(self, chat: ChatRef, name: str) -> list[int]:
        """The ids of ``chat``'s ended games that ``name``, an after-game command, reaches even
        after a newer game, newest first."""
        ended = self.ended.get(chat.key, {})
        return sorted((g for g, names in ended.items() if name in names), reverse=True)

    def retire(self, game_id: int) -> None:
        """Let the game ``game_id`` leave memory once it has ended and no timer of it is
        armed; its log stays in the database, and its people with no other game in memory are
        forgotten too (``PeopleDirectory.forget_person``), as is who its chat has seen (read
        again when needed). What may still reach it (DUEL's vote and the appeal of the
        deciding verdict; SYNC's deferred appeals; TV's club answers; ``score`` and ``table``)
        loads it back from the log."""
        game = self.games.get(game_id)
        if game is None or game.course.is_live(game.state) or game.armed:
            return
        del self.games[game_id]
        # A handler may still hold it (its commit's messages going out): one copy meanwhile.
        self.revived[game_id] = game
        platform = game.chat.platform
        for player in game.people:
            games = self.games_of.get((platform, player))
            if games is not None:
                games.discard(game_id)
                if not games:
                    del self.games_of[(platform, player)]
                    self.directory.forget_person(player, platform)
        game.people = frozenset()
        self.directory.forget_chat(game.chat.key)

    def game_of_player(self, player: int, platform: str) -> LiveGame | None:
        """The newest live game in memory on ``platform`` in which ``player`` has a role
        other than spectator, or None."""
        return next(self.live_games_of(player, platform), None)

    def live_games_of(self, player: int, platform: str) -> Iterator[LiveGame]:
        """The live games in memory on ``platform`` in which ``player`` has a role other than
        spectator, newest first."""
        for game_id in sorted(self.games_of.get((platform, player), ()), reverse=True):
            game = self.games[game_id]
            if game.course.is_live(game.state) and \
                    game.core.roles_of(game.state, player) - {Role.SPECTATOR}:
                yield game

    def plays_several(self, player: int, platform: str) -> bool:
        """Whether ``player`` has a role in more than one live game on ``platform``, so
        that each private message says which game it is from."""
        games = self.games_of.get((platform, player))
        if games is None or len(games) < 2:
            return False
        return len(list(islice(self.live_games_of(player, platform), 2))) == 2

    def ended_game_of_player(self, player: int, platform: str, command: Command, *,
                             claimed: bool = False) -> LiveGame | None:
        """The newest ended game in memory on this platform in which ``player`` has a role
        and which still takes ``command`` (``after_game``: a juror's private vote on a
        deferred appeal), or None; with ``claimed``, only one that ``command`` is meant for
        even while ``player`` plays another game (``LifeCycle.claims``)."""
        for game_id in sorted(self.games_of.get((platform, player), ()), reverse=True):
            game = self.games[game_id]
            if game.course.is_live(game.state) or command.name not in game.course.after_game(
                    game.state) or not game.core.roles_of(game.state, player) - {Role.SPECTATOR}:
                continue
            if not claimed or game.course.claims(game.state, command, player):
                return game
        return None
