"""``chgk-bot discord invite``: the link that adds the bot to a Discord server with exactly the
permissions the adapter checks for and uses, computed from them so that it cannot drift."""

from __future__ import annotations

import base64
import binascii
from typing import TextIO
from urllib.parse import urlencode

import discord
from pydantic import SecretStr

from adapters.discord.base import TEXT_PERMISSIONS
from adapters.discord.channels import CHANNEL_PERMISSIONS
from adapters.discord.sounds import VOICE_PERMISSIONS
from bot.i18n import Translator

FILE_PERMISSIONS = ("attach_files",)
"""What the bot needs to send files: ``/table``'s pictures, questions' pictures and sounds."""

SCOPES = ("bot", "applications.commands")


def invite_permissions() -> discord.Permissions:
    """Every permission the adapter needs: in game channels, to send files, for private team
    channels and for voice signals."""
    names = (*TEXT_PERMISSIONS, *FILE_PERMISSIONS, *CHANNEL_PERMISSIONS, *VOICE_PERMISSIONS)
    return discord.Permissions(**dict.fromkeys(names, True))


def application_id(token: str) -> int | None:
    """The application (client) id a Discord bot token carries in its first segment (the id
    as decimal text in base64), or None when ``token`` is not shaped that way."""
    first = token.strip().split(".")[0]
    try:
        text = base64.b64decode(first + "=" * (-len(first) % 4), validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() and len(text) <= 20 else None


def invite_url(client_id: int) -> str:
    """The OAuth2 link that adds application ``client_id`` to a server with its scopes and
    ``invite_permissions()``."""
    query = urlencode({"client_id": client_id, "scope": " ".join(SCOPES),
                       "permissions": invite_permissions().value})
    return f"https://discord.com/oauth2/authorize?{query}"


def run_invite(client_id: int | None, token: SecretStr | None, t: Translator, locale: str,
               out: TextIO, err: TextIO) -> int:
    """Print the invite link of ``client_id``, or of the application whose ``token``
    (``CHGK_DISCORD_TOKEN``) is set; 0 when printed, 2 (one line on ``err`` saying what to
    give) when neither yields an id."""
    if client_id is None and token is not None:
        client_id = application_id(token.get_secret_value())
    if client_id is None:
        print(t("discord-invite-no-id", locale), file=err)
        return 2
    print(invite_url(client_id), file=out)
    return 0
