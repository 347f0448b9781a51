"""One language per game (README "Languages"): a game speaks the language stored when it
opened, in its chat and to people whose platform gave no language of theirs (replies in the
game's chat, private messages), even after a restart with another default
(``CHGK_LOCALE``); a person's own language still holds for what goes to them."""

from __future__ import annotations

from bot.service import Incoming, game_service
from bot.timers import VirtualClock, VirtualScheduler
from tests.formats import chat_commands, formats
from tests.integration.world import GROUP, TRANSLATOR, Recorder, dm


def started(storage, default: str, clock: VirtualClock | None = None):
    clock = clock or VirtualClock()
    scheduler = VirtualScheduler(clock)
    recorder = Recorder()
    service = game_service(storage, recorder, scheduler, clock, TRANSLATOR,
                           formats=formats(min_players=2), chat_commands=chat_commands(storage),
                           default_locale=default)
    scheduler.callback = service.on_timer
    return service, recorder


def cyrillic(text: str) -> bool:
    return any("а" <= c <= "я" for c in text.casefold())


def said(who: str, text: str, *, private: bool = False, locale: str | None = None) -> Incoming:
    return Incoming(dm(who) if private else GROUP, who, who, text, sender_locale=locale)


async def test_a_running_game_keeps_its_language_after_a_restart_with_another_default(storage):
    service, _ = started(storage, "ru")
    for who, text in [("host", "/newgame duel"), ("anna", "/team Owls"),
                      ("boris", "/join Owls")]:
        await service.handle(said(who, text))
    service.parser.close()
    again, recorder = started(storage, "en", VirtualClock(service.clock.now()))
    await again.recover()
    await again.handle(said("anna", "/help"))
    await again.handle(said("vera", "/join Owls"))
    assert len(recorder.texts()) == 2 and all(cyrillic(t) for t in recorder.texts())
    assert recorder.texts()[0].startswith("Ваши роли")
    # Private: a person without a language of their own gets the game's; one with hers, hers.
    await again.handle(said("boris", "/help", private=True))
    await again.handle(said("anna", "/help", private=True, locale="en"))
    assert recorder.texts("boris")[-1].startswith("Ваши роли")
    assert recorder.texts("anna")[-1].startswith("Your roles")
    # Each message says which language it is in, so an adapter's own words (Telegram's
    # countdown, its private-chat button) follow the game and not the new default.
    assert [m.locale for m in recorder.sent] == ["ru", "ru", "ru", "en"]
    again.parser.close()
