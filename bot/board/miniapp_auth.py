"""Who is on the answer sheet and the jury desk (``bot.board.sheet``): Telegram's signed init
data, or a signed link, turned into a ``Visitor`` and then into a ``Pass`` the page sends back
with every request.

- In Telegram the Mini App carries init data signed with the bot's token; it is checked with
  aiogram's ``safe_parse_webapp_init_data`` and refused when forged or older than
  ``max_age`` seconds (``auth_date``), so data copied from someone's phone is soon useless.
- For Discord and browsers the bot gives one person a link with a signed, expiring pass of
  its own (``issue``): an HMAC-SHA256 of the game, the platform, the person's id and the
  expiry under a server secret. Anyone holding the link is that person until it expires, so
  it is only ever sent privately (ephemerally on Discord).
- A page opened either way gets a pass for the session and sends it in the ``X-Sheet-Pass``
  header with every POST: no cookie, so another site cannot make a browser post for its user
  (CSRF); each request also carries its own id, and an id seen before is refused (a replay).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

TELEGRAM = "telegram"
"""The platform name of Telegram accounts (``adapters.telegram``)."""
MAX_AGE = 300.0
"""Seconds Telegram's init data is taken after it was signed (``auth_date``), unless set."""
SESSION = timedelta(hours=6)
"""How long a page's pass lasts from its last request: longer than a game."""
LINK = timedelta(hours=12)
"""How long a signed link given privately lasts: the evening of a game."""
SKEW = timedelta(seconds=30)
"""How far in the future a signature's time may be (clocks differ a little)."""


class Refused(Exception):
    """Who sent the request cannot be trusted: ``key`` is the reason's message key of the
    locales (``sheet-refused-*``)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True, slots=True)
class Visitor:
    """A person proved by a signature: their account ``external_id`` on ``platform``, display
    ``name``, language (None when unknown) and the game token the link named (None: none)."""

    platform: str
    external_id: str
    name: str
    locale: str | None
    game_token: str | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """A visitor's pass to one game's page: game ``game_id``, the person, until ``expires``."""

    game_id: int
    platform: str
    external_id: str
    name: str
    locale: str | None
    expires: datetime


class PageAuth:
    """Checks and makes the signatures of the pages' visitors.

    ``secret`` (bytes) signs the passes; ``telegram_token`` is the bot's token that signs
    Telegram's init data (None: Telegram's Mini App is off); ``max_age`` bounds the age of
    init data in seconds; ``now`` is the clock (UTC)."""

    def __init__(self, secret: bytes, *, telegram_token: str | None,
                 now: Callable[[], datetime], max_age: float = MAX_AGE) -> None:
        self._secret = hashlib.sha256(b"chgk-sheet-pass\0" + secret).digest()
        self._telegram = telegram_token
        self._now = now
        self.max_age = timedelta(seconds=max_age)

    def telegram(self, init_data: str) -> Visitor:
        """The Telegram user of the Mini App's ``init_data`` (the query string Telegram gives
        ``window.Telegram.WebApp.initData``), with the ``start_param`` of the link as the game
        token. Raises Refused: ``sheet-refused-signature`` for data not signed with the bot's
        token (or no Telegram at all), ``sheet-refused-stale`` for data older than
        ``max_age`` (or dated in the future)."""
        if self._telegram is None or not init_data:
            raise Refused("sheet-refused-signature")
        # Imported here: aiogram's package loads all of its types (seconds and about a hundred
        # megabytes), which a bot without Telegram, or the console, should not carry; with a
        # token the Telegram adapter has loaded it already.
        from aiogram.utils.web_app import safe_parse_webapp_init_data

        try:
            data = safe_parse_webapp_init_data(self._telegram, init_data)
        except (ValueError, TypeError):
            raise Refused("sheet-refused-signature") from None
        if data.user is None:
            raise Refused("sheet-refused-signature")
        now, signed = self._now(), data.auth_date
        if signed.tzinfo is None:
            signed = signed.replace(tzinfo=now.tzinfo)
        if now - signed > self.max_age or signed - now > SKEW:
            raise Refused("sheet-refused-stale")
        user = data.user
        name = " ".join(part for part in (user.first_name, user.last_name) if part)
        return Visitor(TELEGRAM, str(user.id), name or str(user.id), user.language_code,
                       data.start_param)

    def issue(self, game_id: int, platform: str, external_id: str, name: str,
              locale: str | None, lasts: timedelta = SESSION) -> str:
        """A signed pass for the person ``external_id`` on ``platform`` to game ``game_id``'s
        page, valid for ``lasts`` from now: URL-safe text."""
        body = json.dumps({"g": game_id, "p": platform, "u": external_id, "n": name,
                           "l": locale, "e": int((self._now() + lasts).timestamp())},
                          separators=(",", ":"), ensure_ascii=False).encode()
        mac = hmac.new(self._secret, body, hashlib.sha256).digest()
        return f"{_b64(body)}.{_b64(mac)}"

    def check(self, token: str) -> Pass:
        """The pass ``token`` proves. Raises Refused: ``sheet-refused-link`` for a token not
        signed here (forged, altered, cut short), ``sheet-refused-expired`` for one past its
        time."""
        body_text, _, mac_text = token.partition(".")
        try:
            body, mac = _unb64(body_text), _unb64(mac_text)
        except ValueError:
            raise Refused("sheet-refused-link") from None
        if not hmac.compare_digest(hmac.new(self._secret, body, hashlib.sha256).digest(), mac):
            raise Refused("sheet-refused-link")
        try:
            data = json.loads(body)
            expires = datetime.fromtimestamp(int(data["e"]), self._now().tzinfo)
            found = Pass(int(data["g"]), str(data["p"]), str(data["u"]), str(data["n"]),
                         data["l"] if isinstance(data["l"], str) else None, expires)
        except (ValueError, KeyError, TypeError):
            raise Refused("sheet-refused-link") from None
        if found.expires <= self._now():
            raise Refused("sheet-refused-expired")
        return found

    def renewed(self, found: Pass) -> str:
        """``found`` signed again for another ``SESSION`` from now."""
        return self.issue(found.game_id, found.platform, found.external_id, found.name,
                          found.locale)


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    if not text or len(text) > 2000:
        raise ValueError("no token")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError) as error:
        raise ValueError("not base64") from error
