"""The ``/schedule`` chat command over ``bot.calendar.jobs.CalendarService``.

Chat syntax (dates and times are the club's wall time, in its zone)::

    /schedule                                   what is coming in this chat
    /schedule [add] FORMAT YYYY-MM-DD HH:MM [weekly] [KIND]
                                                a game (every week with ``weekly``); KIND,
                                                for SYNC only: training (so when left out),
                                                qualifying or championship (SYNC-1), in the
                                                words ``/announce`` reads
    /schedule move N YYYY-MM-DD HH:MM           game N to another date
    /schedule cancel N                          game N called off

Only a host may change the calendar: an administrator of the chat, or the host of the chat's
current game. ``/announce`` stays the SYNC game's own command (it announces the game open in
the chat, as before): a scheduled SYNC game is announced by the calendar through it, so the
announcement, its registration and its deadlines are one path.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from bot.calendar.jobs import CalendarService
from bot.calendar.schedule import Entry, parse_wall
from bot.chat import ChatCommand, ChatRequest
from bot.formats.sync.commands import KINDS
from rules.base import Rejection

_SUB = {"назначить": "add", "перенести": "move", "отменить": "cancel"}
_WEEKLY = {"weekly", "еженедельно"}


def schedule_command(calendar: CalendarService, formats: Collection[str]) -> ChatCommand:
    """The ``/schedule …`` chat command over ``calendar`` (module docstring), for the
    formats named in ``formats``: each request in, the reply to its chat out, in the sender's
    language; wrong arguments get the forms that work, a refusal says why."""

    async def schedule(req: ChatRequest) -> list[str]:
        key, args = await _reply(calendar, formats, req)
        return [req.translator.format(key, args, req.locale, req.spell)]

    return schedule


async def _reply(calendar: CalendarService, formats: Collection[str], req: ChatRequest
                 ) -> tuple[str, dict[str, Any]]:
    words = req.args.split()
    if not words:
        return _listing(await calendar.upcoming(req.chat), calendar, req)
    if not req.admin:
        return "calendar-not-host", {}
    sub = _SUB.get(words[0].casefold(), words[0].casefold())
    if sub == "add":
        # "/schedule add FORMAT …" as messages and Discord name it; "add" may be left out.
        words = words[1:]
        sub = words[0].casefold() if words else ""
    done: Entry | Rejection
    if sub == "cancel" and len(words) == 2 and words[1].isdigit():
        done = await calendar.cancel(req.chat, int(words[1]))
        return _said(done, "calendar-cancelled", calendar)
    if sub == "move" and len(words) == 4 and words[1].isdigit():
        wall = parse_wall(words[2], words[3])
        if isinstance(wall, Rejection):
            return wall.reason, wall.args
        done = await calendar.move(req.chat, int(words[1]), wall)
        return _said(done, "calendar-moved", calendar)
    extras = _extras(words[3:], sub) if sub not in ("cancel", "move") and len(words) >= 3 \
        else None
    if extras is None:
        return "usage-schedule", {}
    if sub not in formats:
        return "calendar-unknown-format", {"format": words[0],
                                           "formats": ", ".join(sorted(formats))}
    wall = parse_wall(words[1], words[2])
    if isinstance(wall, Rejection):
        return wall.reason, wall.args
    weekly, kind = extras
    done = await calendar.schedule(req.chat, req.sender_id, req.name, req.locale, sub, wall,
                                   weekly=weekly, kind=kind)
    return _said(done, "calendar-scheduled", calendar)


def _extras(words: list[str], fmt: str) -> tuple[bool, str] | None:
    """The words after a new game's date and time read as (weekly, SYNC's kind), each said
    at most once, in either order; None when a word is neither (a kind is SYNC's only)."""
    folded = [word.casefold() for word in words]
    weekly = [word for word in folded if word in _WEEKLY]
    kinds = [KINDS[word].value for word in folded if word in KINDS]
    if len(weekly) > 1 or len(kinds) > 1 or len(weekly) + len(kinds) != len(folded) or \
            (kinds and fmt != "sync"):
        return None
    return bool(weekly), kinds[0] if kinds else ""


def _said(done: Entry | Rejection, key: str, calendar: CalendarService
          ) -> tuple[str, dict[str, Any]]:
    if isinstance(done, Rejection):
        return done.reason, done.args
    return key, _shown(done, done.first_start(), calendar)


def _shown(entry: Entry, start: Any, calendar: CalendarService) -> dict[str, Any]:
    return {"number": entry.number, "format": entry.format, "kind": entry.kind,
            "date": calendar.local(start, entry), "zone": entry.zone,
            "weekly": str(entry.weekly).lower()}


def _listing(coming: list[tuple[Entry, Any]], calendar: CalendarService, req: ChatRequest
             ) -> tuple[str, dict[str, Any]]:
    if not coming:
        return "calendar-empty", {}
    lines = "\n".join(req.translator.format("calendar-line", _shown(entry, start, calendar),
                                            req.locale, req.spell) for entry, start in coming)
    return "calendar-list", {"games": lines, "zone": coming[0][0].zone,
                             "count": len(coming)}
