"""The Telegram adapter: one aiogram Bot and Dispatcher feeding the GameService.

Updates arrive by long polling, or through a webhook (with Telegram's ``secret_token``
checked) when a webhook URL is configured. They are handled one at a time in arrival order,
so a game sees its messages in the order Telegram delivered them, and an update id seen
before (Telegram repeats updates it thinks were lost) changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from aiogram import Bot, Dispatcher
from aiogram.exceptions import TelegramAPIError, TelegramUnauthorizedError
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    Update,
)
from aiogram.webhook.aiohttp_server import SimpleRequestHandler, setup_application
from aiohttp import web

from adapters.recent import RecentIds
from adapters.telegram.handlers import UpdateHandlers
from adapters.telegram.messenger import PLATFORM, TelegramMessenger
from adapters.telegram.outbox import Limits
from adapters.telegram.render import menu_description
from bot.i18n import SUPPORTED_LOCALES, Translator, plain_spelling
from bot.ports import GameApi, SentTimes, StartupError

log = logging.getLogger(__name__)

SHUTDOWN_FLUSH = 3.0
"""Seconds given to queued messages to go out when the adapter stops."""
SENDS_SAVED_EVERY = 5.0
"""Seconds between saves of the recent send times (``remember_sends``): what a killed
process sent after its last save is met by Telegram's 429 and a retry."""
PRIVATE_COMMANDS = ("start", "help", "score", "answer")
"""The private chat's menu: the adapter's /start, then what a player needs there."""
_MENU_NAME = re.compile(r"^[a-z0-9_]{1,32}$")


@dataclass(frozen=True, slots=True)
class Webhook:
    """Webhook mode: the public ``url`` Telegram posts to, the ``secret`` it must send in
    ``X-Telegram-Bot-Api-Secret-Token``, and the local ``host``/``port`` to listen on (a
    reverse proxy forwards the public URL there)."""

    url: str
    secret: str
    host: str
    port: int


class TelegramAdapter:
    """The ``Adapter`` port for Telegram (``bot.ports.Adapter``).

    ``locale`` is the language of the adapter's notices in group chats; ``webhook`` None
    means long polling with ``polling_timeout`` seconds per request.
    """

    platform = PLATFORM

    def __init__(self, bot: Bot, translator: Translator, *, locale: str,
                 webhook: Webhook | None = None, limits: Limits | None = None,
                 polling_timeout: int = 30) -> None:
        self.bot = bot
        self.t = translator
        self.locale = locale
        self.webhook = webhook
        self.polling_timeout = polling_timeout
        self.messenger = TelegramMessenger(bot, translator, locale=locale, limits=limits)
        self.spelling = plain_spelling  # Telegram's commands are the chat commands
        self.handlers = UpdateHandlers(self.messenger, translator, locale)
        # The game lives in the GameService and its storage: aiogram's FSM is not used.
        self.dispatcher = Dispatcher(disable_fsm=True)
        self.dispatcher.update.outer_middleware(self._once_in_order)
        self.dispatcher.include_router(self.handlers.router())
        self._seen = RecentIds()
        self._receiving = False
        self._order = asyncio.Lock()
        self._last_update: int | None = None
        self._sent_times: SentTimes | None = None

    def connected(self) -> bool:
        """Telegram accepted the token (``getMe``) and updates are being received."""
        return self._receiving

    def queued(self) -> int:
        """Messages waiting in the outbox."""
        return self.messenger.outbox.queued()

    def oldest_wait(self) -> float:
        """Seconds the longest-waiting message of the outbox has waited."""
        return self.messenger.outbox.oldest_wait()

    def throttled(self) -> int:
        """Telegram's 429 answers (flood limit) since the start."""
        return self.messenger.outbox.throttled

    def remember_sends(self, sent_times: SentTimes) -> None:
        """Keep the outbox's recent send times in ``sent_times``: read back when ``run``
        starts, saved every ``SENDS_SAVED_EVERY`` seconds while messages go out and when it
        stops, so a restart neither exceeds a group's budget nor waits for nothing."""
        self._sent_times = sent_times

    async def restore_sends(self) -> None:
        """Count the send times last saved (``remember_sends``) in the outbox's windows; a
        database that cannot be read is logged and the windows start empty."""
        if self._sent_times is None:
            return
        try:
            saved = await self._sent_times.load(PLATFORM)
        except Exception:
            log.exception("the recent send times could not be read; pacing from empty windows")
            return
        self.messenger.outbox.restore({int(chat): times for chat, times in saved.items()})

    async def save_sends(self) -> None:
        """Save the outbox's recent send times (``remember_sends``); a failure is logged."""
        if self._sent_times is None:
            return
        recent = self.messenger.outbox.recent()
        try:
            await self._sent_times.save(PLATFORM, {str(chat): times
                                                   for chat, times in recent.items()})
        except Exception:
            log.exception("the recent send times could not be saved")

    async def _keep_sends(self) -> None:
        saved = self.messenger.outbox.sends
        while True:
            await asyncio.sleep(SENDS_SAVED_EVERY)
            if (sends := self.messenger.outbox.sends) != saved:
                await self.save_sends()
                saved = sends

    def bind(self, service: GameApi) -> None:
        """Give handlers and messenger the GameService (done by ``run``; tests that feed
        updates directly call it themselves)."""
        self.dispatcher["service"] = service
        self.messenger.service = service
        self.messenger.clock = service.clock

    async def run(self, service: GameApi) -> None:
        """Set the command menus, then receive updates for ``service`` until cancelled.

        Cancelled, it stops taking updates, lets the service finish what it is handling
        (``service.idle()``), sends what is queued, and closes the messenger and the HTTP
        session. Raises StartupError when Telegram refuses the token (401)."""
        self.bind(service)
        await self.restore_sends()
        keeping = asyncio.create_task(self._keep_sends()) if self._sent_times else None
        try:
            await self._whoami()
            await self.set_commands()
            self._receiving = True
            if self.webhook is None:
                await self._poll()
            else:
                await self._serve_webhook(self.webhook)
        finally:
            self._receiving = False
            await service.idle()
            if self.webhook is None and self._last_update is not None:
                await self._confirm(self._last_update)
            with suppress(TimeoutError):
                await asyncio.wait_for(self.messenger.drain(), SHUTDOWN_FLUSH)
            if keeping is not None:
                keeping.cancel()
                with suppress(asyncio.CancelledError):
                    await keeping
                await self.save_sends()
            await self.messenger.close()
            await self.bot.session.close()

    async def set_commands(self) -> None:
        """``setMyCommands`` for group chats (the bound service's ``command_names``: every
        format's) and private chats, in the default language and in each supported one
        (Telegram picks by the user's language). A failure is logged: the menu is a
        convenience."""
        names = self.messenger.service.command_names()
        for language in (None, *SUPPORTED_LOCALES):
            locale = language or self.locale
            group = self._menu(names, locale)
            private = self._menu([n for n in PRIVATE_COMMANDS if n == "start" or n in names],
                                 locale, private=True)
            for scope, commands in ((BotCommandScopeAllGroupChats(), group),
                                    (BotCommandScopeAllPrivateChats(), private)):
                try:
                    await self.bot.set_my_commands(commands, scope=scope, language_code=language)
                except TelegramAPIError as error:
                    log.warning("setMyCommands (%s, %s) failed: %s", scope.type, language,
                                error.message)

    async def _whoami(self) -> None:
        # getMe until it answers: Telegram or the network may be down for a while when the
        # bot starts, and aiogram's polling asks only once. A wrong token is final.
        delay = 1.0
        while True:
            try:
                me = await self.bot.me()
            except TelegramUnauthorizedError:
                raise StartupError("startup-telegram-token") from None
            except TelegramAPIError as error:
                log.warning("getMe failed (%s); again in %.0f s", error.message, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 60.0)
            else:
                log.info("Telegram bot @%s", me.username)
                return

    def _menu(self, names: list[str], locale: str, *, private: bool = False
              ) -> list[BotCommand]:
        commands = []
        for name in names:
            if not _MENU_NAME.match(name):
                continue
            # In a private chat /start is the adapter's own (it opens the chat for answers).
            keys = [f"telegram-command-{name}"] if private and name == "start" else \
                [f"usage-{name}", f"telegram-command-{name}"]
            usage = next((text for key in keys
                          if (text := self.t(key, locale)) != key), name)
            commands.append(BotCommand(command=name,
                                       description=menu_description(usage, name) or name))
        return commands

    async def _once_in_order(self, handler: Callable[[Update, dict[str, Any]], Awaitable[Any]],
                             update: Update, data: dict[str, Any]) -> Any:
        # Webhook updates are handled as concurrent tasks: the lock keeps arrival order.
        async with self._order:
            if not self._seen.add(update.update_id):
                log.info("update %s seen before: ignored", update.update_id)
                return None
            self._last_update = update.update_id
            return await handler(update, data)

    async def _confirm(self, update_id: int) -> None:
        # Telegram counts an update as delivered only when a later getUpdates asks past it:
        # without this, the updates handled last before a stop would come again after the
        # restart and be handled twice.
        try:
            await asyncio.wait_for(self.bot.get_updates(offset=update_id + 1, limit=1, timeout=0),
                                   SHUTDOWN_FLUSH)
        except (TelegramAPIError, TimeoutError) as error:
            log.warning("could not confirm the updates handled before stopping: %s", error)

    async def _poll(self) -> None:
        try:
            # getUpdates is refused while a webhook is set (say, by an earlier webhook run).
            await self.bot.delete_webhook(drop_pending_updates=False)
        except TelegramAPIError as error:
            log.warning("deleteWebhook failed: %s", error.message)
        # In arrival order (handle_as_tasks=False); the process's signals stay with the caller.
        polling = asyncio.create_task(self.dispatcher.start_polling(
            self.bot, polling_timeout=self.polling_timeout, handle_as_tasks=False,
            handle_signals=False, close_bot_session=False))
        try:
            await asyncio.shield(polling)
        except asyncio.CancelledError:
            # Cancelling start_polling itself would leave its polling task running:
            # stop it the way aiogram offers, then let the cancellation go on.
            try:
                await self.dispatcher.stop_polling()
            except RuntimeError:  # not started yet
                polling.cancel()
            with suppress(asyncio.CancelledError):
                await polling
            raise

    async def _serve_webhook(self, webhook: Webhook) -> None:
        app = web.Application()
        SimpleRequestHandler(self.dispatcher, self.bot, secret_token=webhook.secret).register(
            app, path=urlsplit(webhook.url).path or "/")
        setup_application(app, self.dispatcher, bot=self.bot)
        runner = web.AppRunner(app)
        await runner.setup()
        try:
            await web.TCPSite(runner, webhook.host, webhook.port).start()
            await self.bot.set_webhook(
                webhook.url, secret_token=webhook.secret, drop_pending_updates=False,
                allowed_updates=self.dispatcher.resolve_used_update_types())
            log.info("webhook %s served on %s:%s", webhook.url, webhook.host, webhook.port)
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()
