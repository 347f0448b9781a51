"""Finding a person by the name a command types (``bot.sightings``): the chat's own sightings
first, then the platform's, the newest sighting of a name winning."""

from __future__ import annotations

from bot.sightings import KnownNames, by_keys
from storage.people import SeenPerson

CHAT = "telegram:-100"


def test_a_name_seen_in_the_chat_wins_over_a_newer_one_elsewhere_on_the_platform():
    # Given two people called Dasha: one seen in this chat, one seen later in another chat.
    seen = [SeenPerson(CHAT, 1, "Dasha", None), SeenPerson("telegram:-200", 2, "Dasha", "d2")]
    # Then "dasha" is this chat's Dasha, and only the keys asked for are given.
    assert by_keys(seen, {"dasha"}, CHAT) == {"dasha": (1, "Dasha")}
    # And from another chat it is the newest, and her @username finds her too.
    assert by_keys(seen, {"dasha", "@d2"}, "telegram:-300") == {"dasha": (2, "Dasha"),
                                                                "@d2": (2, "Dasha")}


async def test_a_name_missed_in_the_chat_is_asked_of_storage_once_and_then_known():
    asked = []

    async def platform(keys):
        asked.append(set(keys))
        return {"vera": (7, "Vera")} if "vera" in keys else {}

    known = KnownNames({"anna": (1, "Anna")}, platform, {"@zoe": (9, "Zoe")})
    # A mention and the chat's own are found without asking storage.
    assert known["@zoe"] == (9, "Zoe") and known.get("anna") == (1, "Anna") and not asked
    # A name the chat has not seen is missed, then found once storage is asked for it.
    assert "vera" not in known and known.missed == {"vera"}
    assert await known.find_missed() and known["vera"] == (7, "Vera") and asked == [{"vera"}]
    # Nobody else is found, by find as by a look-up.
    assert await known.find("nobody") is None and asked[-1] == {"nobody"}
