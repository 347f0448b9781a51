"""Telegram (aiogram 3): games in group chats, answers in private chats, inline buttons.

``create_adapter(settings, translator)`` builds the adapter from ``CHGK_TELEGRAM_*``
settings; ``bot.bootstrap`` runs it next to the other messengers. The package: ``adapter``
(bot, dispatcher, polling or webhook, command menus), ``handlers`` (updates to ``Incoming``),
``messenger`` (``Outgoing`` to Bot API calls), ``outbox`` (pacing under Telegram's limits and
retries), ``render`` (escaping, splitting, keyboards, deep links).
"""

from __future__ import annotations

import secrets

from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import PRODUCTION, TelegramAPIServer
from aiogram.enums import ParseMode

from adapters.telegram.adapter import TelegramAdapter, Webhook
from adapters.telegram.outbox import Limits
from bot.i18n import Translator
from bot.settings import Settings

__all__ = ["Limits", "TelegramAdapter", "Webhook", "create_adapter"]


def create_adapter(settings: Settings, translator: Translator, *, limits: Limits | None = None,
                   polling_timeout: int = 30) -> TelegramAdapter:
    """The Telegram adapter for ``settings`` (not started: ``await adapter.run(service)``).

    ``CHGK_TELEGRAM_API_SERVER`` points the bot at another Bot API server; with
    ``CHGK_TELEGRAM_WEBHOOK_URL`` updates come by webhook, checked against
    ``CHGK_TELEGRAM_WEBHOOK_SECRET`` (a random secret per start when unset). ``limits`` and
    ``polling_timeout`` (seconds) exist for tests. Raises ValueError without a token, and
    aiogram's TokenValidationError for a malformed one.
    """
    if not settings.telegram_token:
        raise ValueError("CHGK_TELEGRAM_TOKEN is not set")
    api = TelegramAPIServer.from_base(settings.telegram_api_server) \
        if settings.telegram_api_server else PRODUCTION
    # Every text is escaped for HTML mode; link previews would bury the game under
    # pictures of the sources' sites.
    bot = Bot(settings.telegram_token.get_secret_value(), session=AiohttpSession(api=api),
              default=DefaultBotProperties(parse_mode=ParseMode.HTML,
                                           link_preview_is_disabled=True))
    webhook = None
    if settings.telegram_webhook_url:
        webhook = Webhook(settings.telegram_webhook_url,
                          settings.telegram_webhook_secret.get_secret_value()
                          if settings.telegram_webhook_secret else secrets.token_urlsafe(32),
                          settings.telegram_webhook_host, settings.telegram_webhook_port)
    return TelegramAdapter(bot, translator, locale=translator.locale_for(settings.locale),
                           webhook=webhook, limits=limits, polling_timeout=polling_timeout)
