"""Which of a person's games a private message is for, when they play several."""

from __future__ import annotations

from dataclasses import replace

from bot.commands import Command
from bot.formats import CommandContext
from bot.i18n import Translator
from bot.ports import Button, Clock, Incoming, Outgoing
from bot.service.delivery import Deliverer
from bot.service.directory import PeopleDirectory
from bot.service.index import GameIndex
from bot.service.model import LiveGame
from rules.base import Rejection, Role

PICK = "to"
"""The command of the buttons that say which game a held private message is for."""


class PrivateChooser:
    """Finds the live game a private message is for among the sender's games (``index``),
    asking the sender (``deliverer``, in the language ``directory`` knows, worded by
    ``translator``) when several would take it; ``clock`` dates a message the messenger sent
    without a time.

    Of a game's format (``bot.formats.roles``, each role through its ``LiveGame`` attribute)
    it asks the ``core`` (decider, roles, permissions) and ``commands``."""

    def __init__(self, index: GameIndex, directory: PeopleDirectory, deliverer: Deliverer,
                 clock: Clock, translator: Translator) -> None:
        self.index = index
        self.directory = directory
        self.deliverer = deliverer
        self.clock = clock
        self.t = translator

    async def game_for(self, incoming: Incoming, player: int, command: Command
                       ) -> tuple[LiveGame | None, bool]:
        """The live game a private message is for, and whether the sender was asked instead.

        With one live game, that one. A person in several (a SYNC captain who also plays a
        DUEL elsewhere; a host of one game who plays in another) has the message taken by
        the game that waits for it: the one whose rules accept it now (``takes``: the open
        window of their team, their turn to answer, a verdict pending with them). When none
        does, the newest, whose refusal says why; when several do, the message is held and
        the sender asked which game, with a button for each (``PICK``). Reading commands
        (``score``, ``table``) go to the newest."""
        games = list(self.index.live_games_of(player, incoming.chat.platform))
        if len(games) < 2 or command.name in ("score", "table", "help"):
            return (games[0] if games else None), False
        takers = [game for game in games if await self.takes(game, player, incoming, command)]
        if len(takers) < 2:
            return (takers or games)[0], False
        self.directory.hold(player, incoming)
        locale = self.directory.locale_of(player)
        buttons = tuple(Button(self.deliverer.game_label(game, locale, host=True),
                               f"/{PICK} {game.info.id}") for game in takers)
        await self.deliverer.safe_send(Outgoing(
            incoming.chat, self.t.format("private-which-game", {"count": len(takers)}, locale),
            buttons=buttons, key="private-which-game", reply=True,
            locale=self.t.locale_for(locale)))
        return None, True

    async def takes(self, game: LiveGame, player: int, incoming: Incoming, command: Command
                    ) -> bool:
        """Whether ``game`` would act on the private message ``incoming`` from ``player`` now:
        its format reads an action from it (plain text from a player is the written answer),
        the player's roles allow that action, and the decider accepts it. A dry run of the
        pure core: nothing is stored or sent."""
        core, commands = game.core, game.commands
        roles = core.roles_of(game.state, player)
        command = commands.read_command(command)
        if not incoming.text.lstrip().startswith("/") and Role.PLAYER in roles:
            command = Command("answer", incoming.text.strip())
        at = incoming.sent_at or self.clock.now()

        async def no_new_team(_name: str) -> int:
            return 0  # a dry run stores no team

        ctx = CommandContext(player=player, name=incoming.sender_name, state=game.state,
                             package=game.package, team_id=no_new_team,
                             known=await self.directory.seen.names(game.chat), sent_at=at)
        action = await commands.action_for(command, ctx)
        if isinstance(action, Rejection) or \
                not roles & core.permissions.get(type(action), frozenset()):
            return False
        return not isinstance(core.decider.decide(game.state, action, at), Rejection)

    async def pick(self, incoming: Incoming, player: int, command: Command, locale: str
                   ) -> Incoming | None:
        """``/to GAME``, the button under ``private-which-game``: the held message, as if
        written under one of game GAME's messages, for the caller to handle; None when it is
        gone (no message held, or GAME is not a live game of the sender's: they are told)."""
        held = self.directory.take_held(player)
        words = command.args.split()
        game = self.index.game(int(words[0])) if words and words[0].isdigit() else None
        if held is None or game is None or game.info.id not in {
                live.info.id for live in self.index.live_games_of(player, incoming.chat.platform)}:
            await self.deliverer.send(incoming.chat, "private-which-game-gone", {}, locale)
            return None
        return replace(held, game_chat=game.chat)
