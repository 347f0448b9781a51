"""What a game keeps across a restart of the bot: its package, and the people the
server's game channel has seen."""

from __future__ import annotations

from types import SimpleNamespace

from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package


def attachment(path):
    """A Discord attachment carrying the file at ``path``."""
    data = path.read_bytes()

    async def read() -> bytes:
        return data

    return SimpleNamespace(filename=path.name, size=len(data), read=read)


async def test_a_package_sent_after_new_is_played_after_a_restart(world):
    # Open, attach, restart, pick: the question text is posted.
    host, anna, boris = (world.person(n) for n in ("Host", "Anna", "Boris"))
    await world.slash(host, "new", format="duel")
    await world.slash(host, "package", file=attachment(SAMPLE_PACKAGE))
    assert world.channel.texts[-1].startswith("The game's package is set")
    await world.restart()
    await world.slash(anna, "team", team="Owls")
    await world.slash(boris, "join", team="Owls")
    await world.slash(host, "duel host start", anyway=False)
    await world.slash(anna, "duel captain pick", number=2)
    question = load_package(SAMPLE_PACKAGE).package.scored_questions[1]
    assert any(s.embed is not None and question.text in s.embed.description
               for s in world.channel.sent)


async def test_a_member_picked_as_keeper_is_known_though_they_never_wrote(world):
    # The member picker sends the member's id; the service remembers them
    # in this channel, so their name still works after a restart.
    host, ksenia = world.person("Host"), world.person("Ksenia")
    await world.slash(host, "new", format="duel")
    await world.slash(host, "duel host keeper", player=ksenia)
    assert world.channel.texts[-1] == "Ksenia is the keeper of traditions."
    await world.restart()
    zoe = world.person("Zoe")
    await world.write(host, world.channel, "/cohost Zoe")
    # The host's refused command is answered to the host privately.
    assert world.dm(host)[-1].startswith("Nobody called “Zoe”")
    # Typed by name, Ksenia is found (and refused for her role), a stranger is not.
    await world.write(host, world.channel, "/cohost Ksenia")
    assert world.dm(host)[-1].startswith("Ksenia cannot both host and keep")
    seen = {p.name: p for p in await world.storage.people.seen_named("discord", {"ksenia", "zoe"})
            if p.chat_key == world.chat.key}
    assert await world.storage.people.identity(seen["Ksenia"].player_id, "discord") == (
        str(ksenia.id), None)
    assert zoe.name not in seen
