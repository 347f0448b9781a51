"""How a captain, a named answerer or a host gets to the answer sheet (``bot.board.sheet``):
the ``/sheet`` chat command.

- In a Telegram group it posts the Mini App's direct link, ``t.me/<bot>/<app>?startapp=<the
  game's board token>``: whoever taps it opens the sheet inside Telegram, which signs who they
  are (a group cannot have ``web_app`` buttons; a direct link works there).
- Written to the bot privately (Discord, or Telegram without a Mini App registered) it gives
  the person their own signed link to the page of the newest live game they take part in,
  ``<CHGK_BOARD_URL>/app#pass=<pass>``, valid for ``miniapp_auth.LINK``. It is never posted
  in a group: whoever holds it acts as that person.
"""

from __future__ import annotations

from bot.board.links import BoardLinks
from bot.board.miniapp_auth import LINK, TELEGRAM, PageAuth
from bot.board.sheet import APP_PATH
from bot.board.view import ShowsSheet
from bot.chat import ChatCommand, ChatRequest
from bot.service.pages import PageActions
from rules.base import Role
from storage.db import Storage


class SheetLinks:
    """The sheet's links: ``app`` is the Mini App's direct link as @BotFather gives it
    (``https://t.me/<bot>/<app>``; None: no Mini App registered), ``links`` the board's (its
    public base and tokens), ``auth`` signs personal links. ``actions`` (the service's page
    entry) is set once the service is built."""

    def __init__(self, auth: PageAuth, links: BoardLinks, *, app: str | None) -> None:
        self.auth = auth
        self.links = links
        self.app = app.rstrip("/") if app else None
        self.actions: PageActions | None = None

    async def telegram(self, game_id: int) -> str | None:
        """The Mini App's direct link to game ``game_id``'s sheet, None without a Mini App."""
        if self.app is None:
            return None
        return f"{self.app}?startapp={await self.links.boards.game_token(game_id)}"

    def personal(self, game_id: int, platform: str, external_id: str, name: str,
                 locale: str | None) -> str | None:
        """A signed link to game ``game_id``'s sheet for one person, None while the pages are
        off."""
        if self.links.base is None:
            return None
        token = self.auth.issue(game_id, platform, external_id, name, locale, LINK)
        return f"{self.links.base}{APP_PATH}#pass={token}"


def sheet_command(storage: Storage, sheets: SheetLinks) -> ChatCommand:
    """``/sheet`` over ``storage``: in a Telegram group with a Mini App, its direct link
    (``sheet-link-group``); elsewhere in a group, where to ask for a personal link
    (``sheet-ask-privately``); in a private chat, the sender's signed link to the newest live
    game they take part in (``sheet-link-personal``), or ``sheet-no-game-of-yours``;
    ``board-off`` while the pages are off."""

    async def sheet(req: ChatRequest) -> list[str]:
        def say(key: str, **args: object) -> list[str]:
            return [req.translator.format(key, args, req.locale, req.spell)]

        if sheets.links.base is None:
            return say("board-off")
        if not req.chat.private:
            games = await storage.games(chat_key=req.chat.key)
            if not games:
                return say("board-no-game")
            url = await sheets.telegram(games[-1].id) \
                if req.chat.platform == TELEGRAM else None
            return say("sheet-link-group", url=url) if url else say("sheet-ask-privately")
        for info in reversed(await storage.games(status="live")):
            if not info.chat_key.startswith(f"{req.chat.platform}:") or sheets.actions is None:
                continue
            game = await sheets.actions.game(info.id)
            if game is not None and isinstance(game.fmt, ShowsSheet) and \
                    game.fmt.roles_of(game.state, req.player) - {Role.SPECTATOR}:
                url = sheets.personal(info.id, req.chat.platform, req.chat.chat_id, req.name,
                                      req.locale)
                return say("sheet-link-personal", url=url)
        return say("sheet-no-game-of-yours")

    return sheet
