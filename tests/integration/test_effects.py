"""The effects of a commit by table (``bot.service.Effects``): a handler added for an
event type (a format's projection) runs for each such event once it is stored, and the
service's own effects (the roster kept, messages, one delivery per action) are unchanged."""

from __future__ import annotations

from bot.service import Commit, game_service
from bot.timers import VirtualClock, VirtualScheduler
from rules.base import _EVENTS, Event
from rules.roster import PlayerJoined, TeamRegistered
from storage.db import Storage
from tests.formats import chat_commands, formats
from tests.integration.world import TRANSLATOR, Recorder, say


async def test_an_added_handler_sees_each_event_of_its_type_once_it_is_stored(database_url):
    storage = await Storage.open(database_url)
    seen: list[tuple[str, bool, str]] = []

    async def projection(commit: Commit, ev: Event, before, after) -> None:
        stored = [row.kind for row in await storage.events(commit.game.info.id)]
        seen.append((ev.kind, ev.kind in stored, after.roster.name(commit.actor)))

    clock = VirtualClock()
    recorder = Recorder()
    service = game_service(storage, recorder, VirtualScheduler(clock), clock, TRANSLATOR,
                           formats=formats(min_players=2), chat_commands=chat_commands(storage),
                           default_locale="en",
                           effects={TeamRegistered: [projection], PlayerJoined: [projection]})
    try:
        await say(service, "host", "/newgame")
        await say(service, "anna", "/team Owls")
        await say(service, "boris", "/join Owls")
        assert seen == [(TeamRegistered.kind, True, "anna"), (PlayerJoined.kind, True, "boris")]
        # The roster is still stored, and each action still sent its one message.
        members = await storage.seasons.members(await storage.people.team("Owls"))
        assert members == {await storage.people.player("test", name, name)
                           for name in ("anna", "boris")}
        assert len(recorder.texts()) == 3
    finally:
        service.parser.close()
        await storage.close()


async def test_each_event_types_handlers_are_those_of_its_type_and_bases(database_url):
    # The handlers are gathered once per event type: for every stored event type they are
    # the ones the table gives its type and each base type, most specific first, each time
    # (``formats()`` has imported every format, so every event type is registered).
    async def projection(commit: Commit, ev: Event, before, after) -> None:
        """A format's projection."""

    storage = await Storage.open(database_url)
    clock = VirtualClock()
    service = game_service(storage, Recorder(), VirtualScheduler(clock), clock, TRANSLATOR,
                           formats=formats(), default_locale="en",
                           effects={TeamRegistered: [projection], Event: [projection]})
    try:
        table = service.effects.by_event
        for cls in _EVENTS.values():
            ev = object.__new__(cls)
            scanned = tuple(h for kind in cls.__mro__ for h in table.get(kind, ()))
            assert service.effects.handlers_of(ev) == scanned
            assert service.effects.handlers_of(ev) == scanned, "asked again"
        assert service.effects.handlers_of(object.__new__(TeamRegistered))[-1] is projection
    finally:
        service.parser.close()
        await storage.close()
