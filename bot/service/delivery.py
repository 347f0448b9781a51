"""The deliverer: a game's messages translated, sent to its chat and private chats, their
receipts kept."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.calendar.chats import ChatZones
from bot.calendar.zone import localised
from bot.formats import Msg, To
from bot.i18n import Spelling, Translator, spelling_within
from bot.ports import UNTIMED, ChatRef, DeliveryFailed, MessageKind, Messenger, Outgoing, Receipt
from bot.service.directory import PeopleDirectory
from bot.service.index import GameIndex
from bot.service.model import LiveGame
from bot.tables.picture import draw
from rules.base import Role

log = logging.getLogger(__name__)


class Deliverer:
    """The service's outgoing side: a game's messages to its chat and private chats.

    ``messenger`` sends; ``translator`` words every text in its reader's locale, with the
    commands written as ``spellings`` says for each platform (``Spelling``; a platform not in
    it writes them plainly, ``/answerer``); ``directory`` finds the private chats and
    languages; ``index`` tells who plays several games (their messages say which game).

    Of a game's format (``bot.formats.roles``, each role through its ``LiveGame`` attribute)
    it asks the ``core`` (its name, the host and co-hosts) and ``presenting`` (the game's
    view)."""

    def __init__(self, messenger: Messenger, translator: Translator,
                 spellings: dict[str, Spelling], directory: PeopleDirectory,
                 index: GameIndex, zones: ChatZones) -> None:
        self.messenger = messenger
        self.t = translator
        self.spellings = spellings
        self.directory = directory
        self.index = index
        self.zones = zones

    async def deliver(self, game: LiveGame, messages: list[Msg]) -> list[Receipt]:
        """Translate and send ``messages``; returns the receipts of the questions among them
        posted to the game chat (one that could not even be sent has a failed receipt). What
        goes to the game chat before a question goes as urgently as the question."""
        receipts: list[Receipt] = []
        questions = [i for i, msg in enumerate(messages)
                     if msg.to == To.GAME and msg.kind is MessageKind.QUESTION]
        lead = questions[-1] if questions else -1
        # Every target is on the game chat's platform (private chats are looked up there).
        spell = spelling_within(self.spellings.get(game.chat.platform), game.core.name)
        fmt = self.t.format
        for index, msg in enumerate(messages):
            msg = await self._dated(game.chat, msg)
            to_game = msg.to == To.GAME
            targets = [(game.chat, game.info.locale, None)] if to_game else \
                await self._private_targets(game, msg)
            # A slot is the game's own: another game in the same chat starts its own messages.
            slot = f"{game.info.id}:{msg.slot}" if msg.slot else ""
            for chat, locale, player in targets:
                text = fmt(msg.key, msg.args, locale, spell) if not msg.lines else "\n".join(
                    fmt(key, args, locale, spell)
                    for key, args in ((msg.key, msg.args), *msg.lines))
                if player is not None and self.index.plays_several(player, chat.platform):
                    # Someone in two games reads which one a receipt or a verdict is from.
                    text = f"{self.game_label(game, locale)}\n{text}"
                buttons = tuple(b.translated(self.t, locale) for b in msg.buttons)
                kind, image = msg.kind, msg.image
                shown = game.shown.get(slot) if slot and to_game else None
                if msg.joins and shown is not None:
                    # Joining an earlier action's message: it is shown again with this below.
                    # Shown again it is no signal: a signal would sound anew (Discord's voice).
                    kind = MessageKind.TEXT if shown.kind is MessageKind.SIGNAL else shown.kind
                    text, image = f"{shown.text}\n{text}", shown.image
                    buttons = buttons or shown.buttons
                outgoing = Outgoing(chat, text, kind, image, buttons, msg.deadline, key=msg.key,
                                    game=game.chat, urgent=to_game and index < lead,
                                    slot=slot, audio=msg.audio if to_game else None,
                                    picture=None if msg.table is None else
                                    await self._picture(msg, locale, spell), locale=locale)
                if slot and to_game:
                    game.shown[slot] = outgoing
                receipt = await self.safe_send(outgoing)
                if to_game and msg.kind is MessageKind.QUESTION:
                    receipts.append(_untimed_unless_told(receipt) if outgoing.audio
                                    else receipt)
        return receipts

    async def send_table(self, chat: ChatRef, msg: Msg, locale: str) -> None:
        """Send ``msg``, a table (``/table``), to ``chat`` as a reply to the sender: its text
        and its picture."""
        spell = self.spellings.get(chat.platform)
        text = "\n".join(self.t.format(key, args, locale, spell)
                         for key, args in ((msg.key, msg.args), *msg.lines))
        await self.safe_send(Outgoing(chat, text, key=msg.key, reply=True,
                                      picture=None if msg.table is None else
                                      await self._picture(msg, locale, spell), locale=locale))

    async def _picture(self, msg: Msg, locale: str, spell: Any) -> bytes | None:
        """The PNG of ``msg.table`` in ``locale``, headed by the message's own text; None
        without a table, or when drawing failed (logged: the text is sent alone)."""
        if msg.table is None:
            return None
        title, *notes = self.t.format(msg.key, msg.args, locale, spell).split("\n")
        sheet = msg.table.translated(
            lambda key, args: self.t.format(key, args, locale, spell), title, tuple(notes))
        try:
            # Drawing a 30-team table takes a few tens of milliseconds: off the event loop.
            return await asyncio.to_thread(draw, sheet)
        except Exception:
            log.exception("could not draw the table of %r", msg.key)
            return None

    async def _private_targets(self, game: LiveGame, msg: Msg
                               ) -> list[tuple[ChatRef, str, int | None]]:
        """The private chats of a ``To.HOST`` or ``To.PLAYER`` message, each with its locale
        and the player it reaches."""
        targets = []
        # ``To.HOST``: the host and the co-hosts, who judge and run the clock too.
        for player in game.core.hosts(game.state) if msg.to == To.HOST else (msg.player,):
            chat = await self.directory.dm_chat(player, game.chat.platform)
            if chat is None:
                log.warning("no private chat for player %s in game %s", player, game.info.id)
                continue
            locale = self.directory.own_locale(player) or game.info.locale
            targets.append((chat, locale, player))
        return targets

    async def send(self, chat: ChatRef, key: str, args: dict[str, Any], locale: str | None,
                   game: LiveGame | None = None) -> None:
        """Send the text ``key`` with ``args`` in ``locale`` to ``chat`` as a reply to the
        sender only (refusal, help, score): adapters may show it privately; about ``game``,
        its commands are written as its format's."""
        spell = self.spellings.get(chat.platform)
        if game is not None:
            args = await self.local_args(game.chat, args)
        text = self.t.format(key, args, locale,
                             spelling_within(spell, game.core.name) if game else spell)
        await self.safe_send(Outgoing(chat, text, key=key, reply=True,
                                      locale=self.t.locale_for(locale)))

    async def local_args(self, chat: ChatRef, args: dict[str, Any]) -> dict[str, Any]:
        """``args`` with each date in them (an aware datetime) written as the club of game
        chat ``chat`` reads it, in its time zone."""
        if not any(isinstance(value, datetime) for value in args.values()):
            return args
        return localised(args, await self.zones.of(chat.key))

    async def _dated(self, chat: ChatRef, msg: Msg) -> Msg:
        """``msg`` with the dates of its text and lines as ``local_args`` writes them."""
        args = await self.local_args(chat, msg.args)
        lines = tuple([(key, await self.local_args(chat, a)) for key, a in msg.lines])
        if args is msg.args and all(a is b for (_, a), (_, b) in zip(lines, msg.lines,
                                                                     strict=True)):
            return msg
        return replace(msg, args=args, lines=lines)

    async def tell_host(self, game: LiveGame, key: str) -> None:
        """Tell the host of ``game`` the text ``key`` in their private chat (logged when the
        bot does not know it)."""
        host = game.core.host_of(game.state)
        chat = await self.directory.dm_chat(host, game.chat.platform)
        if chat is None:
            log.warning("no private chat for the host of game %s: %s", game.info.id, key)
            return
        locale = self.directory.own_locale(host) or game.info.locale
        # Not a reply (``send``): an adapter must not show it to whoever acted just now.
        await self.safe_send(Outgoing(chat, self.t.format(key, {}, locale), key=key,
                                      game=game.chat, locale=locale))

    def game_label(self, game: LiveGame, locale: str, *, host: bool = False) -> str:
        """How a person who plays several games is told which one a message is about:
        the format and the game's number (``host``: and who hosts it)."""
        shown = game.presenting.view(game.state).host.name if host else "none"
        args: dict[str, Any] = {"format": game.core.name, "id": game.info.id, "host": shown}
        return self.t.format("game-label", args, locale)

    def role_names(self, roles: frozenset[Role], locale: str, *, either: bool = False) -> str:
        """``roles`` named in ``locale``: held roles as a list ("captain, player"), or with
        ``either`` as alternatives ("the captain or the host")."""
        names = [self.t(f"role-{r.value}", locale) for r in sorted(roles)]
        if not either or len(names) < 2:
            return ", ".join(names)
        return self.t.format("roles-either", {"first": ", ".join(names[:-1]),
                                              "last": names[-1]}, locale)

    async def safe_send(self, message: Outgoing) -> Receipt:
        """Send ``message``; its receipt, already done when the messenger gave none."""
        receipt: Receipt = asyncio.get_running_loop().create_future()
        try:
            given = await self.messenger.send(message)
        except Exception as error:
            log.exception("could not deliver to %s", message.chat.key)
            receipt.set_exception(DeliveryFailed(str(error)))
            receipt.add_done_callback(_forget)
            return receipt
        if given is not None:
            return given
        receipt.set_result(None)
        return receipt


def _untimed_unless_told(receipt: Receipt) -> Receipt:
    """The receipt of a question with a sound: a messenger that says no length (one that
    cannot play it, the console) leaves it ``UNTIMED``."""
    told: Receipt = asyncio.get_running_loop().create_future()

    def copy(done: Receipt) -> None:
        if done.cancelled():
            told.cancel()
        elif done.exception() is not None:
            told.set_exception(done.exception())  # type: ignore[arg-type]
        else:
            told.set_result(UNTIMED if done.result() is None else done.result())

    if receipt.done():
        copy(receipt)
    else:
        receipt.add_done_callback(copy)
    return told


def _forget(receipt: Receipt) -> None:
    """Mark a receipt's failure as seen: nothing waits for it (no "never retrieved" noise)."""
    if not receipt.cancelled():
        receipt.exception()


def _forget_all(receipts: list[Receipt]) -> None:
    """Nothing waits for ``receipts``: let their failures go unseen quietly."""
    for receipt in receipts:
        if receipt.done():
            _forget(receipt)  # at once: a callback would cost the loop a turn
        else:
            receipt.add_done_callback(_forget)
