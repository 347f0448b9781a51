"""The ``/timezone`` chat command: ``/timezone`` shows the chat's zone and its local time now;
``/timezone NAME`` (an IANA name such as ``Europe/Berlin``), by a chat administrator or the
host of its game, makes it the chat's zone, used for every date the bot reads or shows there
(the TV game day, the league's plan, a SYNC game's announced date)."""

from __future__ import annotations

from bot.calendar.chats import ChatZones
from bot.calendar.zone import EXAMPLE_ZONE, UnknownZone, offset, parse_zone, stamp
from bot.chat import ChatCommand, ChatRequest
from bot.ports import Clock


def timezone_command(zones: ChatZones, clock: Clock) -> ChatCommand:
    """The ``/timezone [NAME]`` chat command over ``zones`` (module docstring), telling the
    local time by ``clock``, for ``game_service(chat_commands=...)``. Unknown names, and a
    change by someone who is neither an administrator of the chat nor the host of its game,
    are refused with the form that works; nothing is stored then."""

    async def timezone(req: ChatRequest) -> list[str]:
        def say(key: str, **args: object) -> list[str]:
            return [req.translator.format(key, args, req.locale, req.spell)]

        name = req.args.strip()
        now = clock.now()
        if not name:
            zone = await zones.of(req.chat.key)
            return say("timezone-current", zone=zone.key, offset=offset(now, zone),
                       now=stamp(now, zone), example=EXAMPLE_ZONE)
        if not req.admin:
            return say("timezone-not-allowed")
        try:
            zone = parse_zone(name)
        except UnknownZone:
            return say("timezone-unknown", name=name, example=EXAMPLE_ZONE)
        await zones.set(req.chat.key, zone)
        return say("timezone-set", zone=zone.key, offset=offset(now, zone),
                   now=stamp(now, zone))

    return timezone
