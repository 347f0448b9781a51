"""The inbox: a chat message to its game and command, the command to its action, checked
against the format's permissions, judged, decided and committed."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping

from bot.chat import ChatCommand, ChatRequest
from bot.commands import ALWAYS, Command, parse_command
from bot.formats import CommandContext, Commands
from bot.formats.roster_commands import ADMIN_COMMANDS
from bot.i18n import Translator, spelling_within
from bot.packages.fetch import recognise
from bot.ports import ChatRef, Clock, Incoming, Outgoing
from bot.service.batch import Batching
from bot.service.commit import Committer
from bot.service.delivery import Deliverer
from bot.service.directory import PeopleDirectory
from bot.service.index import GameIndex
from bot.service.lifecycle import Lifecycle
from bot.service.loader import GameLoader
from bot.service.model import LiveGame
from bot.service.private import PICK, PrivateChooser
from bot.service.uploads import Uploads
from rules.base import Rejection, Role
from storage.db import Storage

log = logging.getLogger(__name__)


class Inbox:
    """The service's incoming messages: a message to its game and command, the command to its
    action, checked against the format's permissions, judged (a written answer's suggestion,
    ``Commands.judged``), decided and committed; ``help``, ``newgame``, ``package`` and the
    chat commands outside any game.

    ``formats`` are the formats played, by stored name; ``chat_commands`` the commands
    outside any game, by name, with their handlers. The sender is known to ``directory``; the
    game is found in ``index`` (a private message among several games by ``chooser``), or
    read back by ``loader``; a command is answered by ``deliverer`` in words of
    ``translator``, its events stored by ``committer`` (``batching`` for a format whose
    actions are stored together), a new game opened by ``lifecycle`` and a package link
    taken by ``uploads``. ``storage`` stores a team a command registers; ``clock`` dates a
    message the messenger sent without a time.

    Of a game's format (``bot.formats.roles``, each role through its ``LiveGame`` attribute)
    it asks the ``core`` (decider, roles, permissions), ``commands``, the ``course`` (live or
    ended, what an ended game still takes) and ``presenting`` (the score and the table); of
    the formats played, only their ``Commands``. It asks the sender's roles in the game once a
    message, and once again under the game's lock when the command is read, where they may
    have changed meanwhile."""

    def __init__(self, storage: Storage, clock: Clock, translator: Translator,
                 formats: Mapping[str, Commands], chat_commands: Mapping[str, ChatCommand],
                 *, index: GameIndex, loader: GameLoader, directory: PeopleDirectory,
                 chooser: PrivateChooser, deliverer: Deliverer, committer: Committer,
                 batching: Batching, lifecycle: Lifecycle, uploads: Uploads) -> None:
        self.storage = storage
        self.clock = clock
        self.t = translator
        self.formats = formats
        self.chat_commands = chat_commands
        self.index = index
        self.loader = loader
        self.directory = directory
        self.chooser = chooser
        self.deliverer = deliverer
        self.committer = committer
        self.batching = batching
        self.lifecycle = lifecycle
        self.uploads = uploads

    def command_names(self) -> list[str]:
        """Every command name the bot knows, once each: the always-available ones, each
        format's (aliases included), then the chat commands, for a messenger's command menu."""
        names: Iterable[str] = (*ALWAYS,
                                *(n for fmt in self.formats.values() for n in fmt.command_names()),
                                *self.chat_commands)
        return list(dict.fromkeys(names))

    async def current_game(self, chat: ChatRef) -> LiveGame | None:
        """The current game of a group chat (the newest opened there, live or ended): the
        live one in memory, an ended one replayed from its log; None when the chat has none
        (or its log cannot be read)."""
        game_id = self.index.by_chat.get(chat.key)
        return await self.loader.load_game(game_id) if game_id is not None else None

    async def handle(self, incoming: Incoming) -> None:
        """Handle one message (its sender's name already clean): find its game and command
        and do it, or answer why not. Raises what storage raised."""
        chat = incoming.chat
        player, _ = await self.directory.sender(incoming)
        command = parse_command(incoming.text)
        if chat.private and incoming.game_chat is not None:
            game = await self.current_game(incoming.game_chat)
        elif chat.private:
            # A juror's vote on an ended game's deferred appeal goes there even while the
            # juror plays a newer game (SYNC-10).
            game = self.index.ended_game_of_player(player, chat.platform, command,
                                                      claimed=True) \
                if command is not None else None
            if game is None and command is not None:
                if command.name == PICK:
                    held = await self.chooser.pick(incoming, player, command,
                                                   self.directory.locale_of(player))
                    if held is not None:
                        await self.handle(held)
                    return
                game, asked = await self.chooser.game_for(incoming, player, command)
                if asked:
                    return
            game = game or self.index.game_of_player(player, chat.platform)
            if game is None and command is not None:
                game = self.index.ended_game_of_player(player, chat.platform, command)
        else:
            game = self.index.game_in(chat)
            if game is None and command is not None and self._needs_ended(incoming, command):
                game = await self.current_game(chat)
        if command is not None and game is not None:
            command = game.commands.read_command(command)
        # The sender's roles, asked of the game once for this message.
        roles = game.core.roles_of(game.state, player) if game is not None else frozenset()
        slash = command is not None and incoming.text.lstrip().startswith("/")
        if chat.private and not slash and Role.PLAYER in roles:
            # A player's text in a private chat is their written answer (DESIGN.md), whatever
            # it holds ("AC/DC", "1/2", "@home", "</b>"): only a slash command is a command.
            command = Command("answer", incoming.text.strip())
        if command is None:
            return
        if not chat.private:
            # The vote after a game reaches it even once the chat has opened the next one.
            game, roles = await self._after_game_target(chat, player, command) or (game, roles)
        locale = self.directory.locale_in(player, game)
        if not slash and not chat.private and \
                not self._plain_command(incoming.text, game, roles):
            return  # table talk in the group chat is not for the bot
        if command.name == "help":
            await self._help(chat, game, roles, locale, admin=incoming.sender_is_admin)
            return
        if command.name == "newgame":
            await self._newgame(incoming, game, player, command)
            return
        if command.name == "package":
            if command.args.strip():
                await self.uploads.upload_link(incoming, command.args.strip())
            else:
                await self.deliverer.send(chat, "package-how", {}, locale)
            return
        if command.name in self.chat_commands:
            known = await self.directory.seen.names(chat, await self.directory.mentioned(incoming))
            hosts = Role.HOST in roles
            request = ChatRequest(chat, player, incoming.sender_name, command.args, locale,
                                  self.t, known, self.deliverer.spellings.get(chat.platform),
                                  sender_id=incoming.sender_id,
                                  admin=incoming.sender_is_admin or hosts)
            for text in await self.chat_commands[command.name](request):
                await self.deliverer.safe_send(Outgoing(chat, text, key=command.name,
                                                        locale=self.t.locale_for(locale)))
            return
        if game is None:
            await self.deliverer.send(chat, "no-game-for-you" if chat.private else "no-game-here",
                                      {}, locale)
            return
        if game.commands.batched:
            # A format whose actions may be stored together takes its commands in turns
            # (``bot.service.batch``).
            await self.batching.in_turn(game, lambda: self._in_game(
                game, chat, player, incoming, command, locale))
            return
        async with game.lock:
            await self._in_game(game, chat, player, incoming, command, locale)

    async def _in_game(self, game: LiveGame, chat: ChatRef, player: int, incoming: Incoming,
                       command: Command, locale: str) -> None:
        """Do ``command`` in ``game``, under the game's lock."""
        if command.name not in ("score", "table") and not game.course.is_live(game.state) and \
                command.name not in game.course.after_game(game.state):
            await self.deliverer.send(chat, "game-over", {}, locale)
            return
        await self._run_command(game, chat, player, incoming, command, locale)

    def _needs_ended(self, incoming: Incoming, command: Command) -> bool:
        """Whether ``command`` in a group chat whose current game has ended (and left memory,
        ``GameIndex.retire``) needs that game read back from its log: not for table talk
        (plain text that names no command: a bare number or ``+`` is a command only during
        play, DUEL-4.1 and 3.7), nor for the commands that do without it (``newgame``,
        ``package``, the chat commands), so that chatting after a game reads no log."""
        if command.name in ("newgame", "package") or command.name in self.chat_commands:
            return False
        if incoming.text.lstrip().startswith("/"):
            return True
        first = incoming.text.split(maxsplit=1)[0].casefold()
        return first.isascii() and first in self.command_names()

    async def _after_game_target(self, chat: ChatRef, player: int, command: Command
                                 ) -> tuple[LiveGame, frozenset[Role]] | None:
        """The newest ended game of the group chat ``chat`` in which ``player`` has a role and
        which ``command``, an after-game command, is for even after a newer game
        (``LifeCycle.claims``), with ``player``'s roles there; None when there is none. A game
        that has left memory is loaded again for it."""
        for game_id in self.index.ended_taking(chat, command.name):
            game = await self.loader.load_game(game_id)
            if game is None or not game.course.claims(game.state, command, player):
                continue
            roles = game.core.roles_of(game.state, player)
            if roles - {Role.SPECTATOR}:
                return game, roles
        return None

    def _plain_command(self, text: str, game: LiveGame | None, roles: frozenset[Role]) -> bool:
        """Whether text without a slash in a group chat is meant for the bot: a command's
        English name, or what the game's format takes as a command now from someone with
        ``roles`` (``plain_command``: DUEL's bare number, the captain's pick, DUEL-4.1; the
        host's ``+`` while a verdict is pending, DUEL-3.7). Russian aliases need the slash, or
        table talk such as "в 3 часа" or "согласен, это Пушкин" would act."""
        if game is not None and game.commands.plain_command(game.state, roles, text.strip()):
            return True
        first = text.split(maxsplit=1)[0].casefold()
        names = {*ALWAYS, *self.chat_commands, *(game.commands.command_names() if game else ())}
        return first.isascii() and first in names

    async def _run_command(self, game: LiveGame, chat: ChatRef, player: int,
                           incoming: Incoming, command: Command, locale: str) -> None:
        core, commands = game.core, game.commands
        if incoming.delivery is not None and incoming.delivery in game.delivered:
            # The messenger delivered it again after a restart: its action is in the log.
            log.info("delivery %s of game %s was applied before: ignored", incoming.delivery,
                     game.info.id)
            return
        if command.name == "score":
            await self.deliverer.send(chat, *game.presenting.status(game.state), locale, game)
            return
        if command.name == "table":
            await self.deliverer.send_table(chat, game.presenting.table(game.state), locale)
            return
        known = await self.directory.seen.names(game.chat)
        ctx = CommandContext(player=player, name=incoming.sender_name, state=game.state,
                             package=game.package, team_id=self.storage.people.team, known=known,
                             mentioned=await self.directory.mentioned(incoming, game.chat),
                             is_admin=incoming.sender_is_admin,
                             sent_at=incoming.sent_at or self.clock.now(),
                             zone=lambda: self.deliverer.zones.of(game.chat.key))
        action = await commands.action_for(command, ctx)
        if known.missed and await known.find_missed():
            # A name the chat has not seen was found among those seen elsewhere on the
            # platform (``bot.sightings``): the command is read again with it.
            action = await commands.action_for(command, ctx)
        # The sender's roles once the command is read: asked once, for the check and a refusal.
        roles = core.roles_of(game.state, player)
        if isinstance(action, Rejection):
            await self._refuse(game, chat, player, roles, action, locale)
            return
        allowed = core.permissions.get(type(action), frozenset())
        if not roles & allowed:
            # "Only a spectator may…" reads oddly: for commands meant for people with no role
            # yet (registering a team), say which role the sender already has.
            key, shown = ("not-allowed-has-role", roles) if allowed == {Role.SPECTATOR} else \
                ("not-allowed", allowed)
            await self.deliverer.send(chat, key, {
                "command": command.name,
                "roles": self.deliverer.role_names(shown, locale,
                                                 either=key == "not-allowed")}, locale,
                game)
            return
        # The judging step, once the sender may give the action: a written answer gets the
        # matcher's suggestion for the host (reading the command did not judge it).
        action = commands.judged(action, game.state, game.package)
        result = core.decider.decide(game.state, action, incoming.sent_at or self.clock.now())
        if isinstance(result, Rejection):
            await self._refuse(game, chat, player, roles, result, locale)
            return
        if type(action) not in commands.batched or \
                not self.batching.join(game, result, player, incoming.delivery):
            await self.committer.commit(game, result, player, incoming.delivery)

    async def _refuse(self, game: LiveGame, chat: ChatRef, player: int, roles: frozenset[Role],
                      refusal: Rejection, locale: str) -> None:
        """Tell ``player``, who holds ``roles`` in ``game``, why their command in ``chat`` was
        refused (and the form that works). A host's refusal in the game chat is a hint for the
        host alone: it goes to the host's private chat, as the host's other messages do, when
        the bot knows it (a messenger that cannot write there says so in the game chat); else
        it answers in ``chat``."""
        if not chat.private and Role.HOST in roles:
            private = await self.directory.dm_chat(player, chat.platform)
            if private is not None:
                spell = spelling_within(self.deliverer.spellings.get(chat.platform), game.core.name)
                args = await self.deliverer.local_args(game.chat, refusal.args)
                text = self.t.format(refusal.reason, args, locale, spell)
                await self.deliverer.safe_send(Outgoing(private, text, key=refusal.reason,
                                                        reply=True, game=game.chat,
                                                        locale=self.t.locale_for(locale)))
                return
        await self.deliverer.send(chat, refusal.reason, refusal.args, locale, game)

    async def _newgame(self, incoming: Incoming, game: LiveGame | None, player: int,
                       command: Command) -> None:
        chat = incoming.chat
        locale = self.directory.locale_in(player, game)
        if chat.private:
            await self.deliverer.send(chat, "newgame-in-group", {}, locale)
            return
        words = command.args.split()
        name = words[0].casefold() if words else "duel"
        link = words[1] if len(words) > 1 else None
        if name not in self.formats and \
                recognise(words[0], self.uploads.fetcher.sources) is not None:
            name, link = "duel", words[0]  # "/newgame <link>" opens the default format
        if name not in self.formats:
            await self.deliverer.send(chat, "newgame-unknown-format",
                                      {"formats": ", ".join(sorted(self.formats))}, locale)
            return
        if game is not None and game.course.is_live(game.state):
            await self.deliverer.send(chat, "newgame-game-running", {}, locale)
            return
        if link is not None and await self.uploads.upload_link(incoming, link) is None:
            return  # the package was refused (and the sender told why): no game opens on it
        await self.lifecycle.create_game(chat, name, incoming.sender_id, incoming.sender_name,
                               host_locale=incoming.sender_locale,
                               host_username=incoming.sender_username)

    async def _help(self, chat: ChatRef, game: LiveGame | None, roles: frozenset[Role],
                    locale: str, *, admin: bool) -> None:
        if game is None:
            await self.deliverer.send(chat, "help-no-game", {}, locale)
            return
        spell = spelling_within(self.deliverer.spellings.get(chat.platform), game.core.name)
        # A format words a command its own way where the shared text would mislead
        # (``usage-tv-start``: TV has no "/start anyway" of DUEL-2.2).
        lines = [self.t.format(key if self.t.has(key := f"usage-{game.core.name}-{name}")
                               else f"usage-{name}", {}, locale, spell)
                 for name in game.commands.commands_for(roles)
                 if admin or name not in ADMIN_COMMANDS]
        await self.deliverer.send(chat, "help", {
            "roles": self.deliverer.role_names(roles, locale),
            "commands": "\n".join(lines),
        }, locale)
