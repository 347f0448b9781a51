"""What the Discord adapter relies on from the service: ``Outgoing.reply`` marks what is for
the sender alone, ``Outgoing.key`` names the message (signals pick their tone by it), and
``Outgoing.game`` says which game a private message belongs to (buttons in DMs act on it)."""

from __future__ import annotations

from bot.ports import ChatRef, MessageKind


async def test_refusals_and_help_are_replies_and_game_news_is_not(world):
    host, anna = world.person("Host"), world.person("Anna")
    await world.package("01_")
    sent = []
    world.bridge.messenger.on_send = sent.append  # see every message before capture
    await world.slash(host, "new", format="duel")
    await world.slash(anna, "duel host start")
    await world.slash(anna, "help")
    created, refusal, help_ = (next(m for m in sent if m.key == key)
                               for key in ("duel-created", "not-allowed", "help"))
    assert not created.reply and created.key == "duel-created" and created.game == world.chat
    assert refusal.reply and refusal.key == "not-allowed" and refusal.game is None
    assert help_.reply and help_.key == "help"


async def test_signals_carry_their_key_and_private_messages_their_game(world):
    await world.package("01_")
    host, anna, boris = world.person("Host"), world.person("Anna"), world.person("Boris")
    for who, path, options in [(host, "new", {"format": "duel"}), (anna, "team", {"team": "O"}),
                               (boris, "join", {"team": "O"}),
                               (host, "duel host start", {"anyway": True}),
                               (anna, "duel captain pick", {"number": 1})]:
        await world.slash(who, path, **options)
    sent = []
    world.bridge.messenger.on_send = sent.append
    await world.advance(60)
    await world.slash(anna, "duel captain answerer", player=boris)
    signals = [m.key for m in sent if m.kind is MessageKind.SIGNAL]
    assert signals == ["signal-warning", "signal-time"]
    your_turn = next(m for m in sent if m.key == "duel-your-turn")
    assert your_turn.chat == ChatRef("discord", str(boris.id), private=True)
    assert your_turn.game == world.chat and not your_turn.reply
