"""What a game posts into its group chat: how many messages, and commands in the platform's
own spelling. The service with real storage and virtual time, a
recording messenger in place of the chat."""

from __future__ import annotations

import importlib
import re
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    # discord.py imports the standard library's deprecated audioop (see tests/adapters/discord).
    warnings.filterwarnings("ignore", "'audioop' is deprecated", DeprecationWarning)
    importlib.import_module("discord")

from adapters.discord.spelling import DiscordSpelling
from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from bot.ports import ChatRef, Outgoing
from bot.service import GameService, Incoming, game_service
from bot.timers import VirtualClock, VirtualScheduler
from storage.db import Storage
from tests.databases import fresh_database
from tests.formats import COMMAND_GROUPS, chat_commands, formats
from tests.integration.world import TRANSLATOR

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "playing.md"


class Recorder:
    """A Messenger that keeps everything sent, and tells new posts from edits as a messenger
    does (``Outgoing.slot``: the first message of a slot is posted, later ones edit it)."""

    def __init__(self) -> None:
        self.sent: list[Outgoing] = []

    async def send(self, message: Outgoing) -> None:
        self.sent.append(message)

    def group(self) -> list[Outgoing]:
        """The messages for the game chat."""
        return [m for m in self.sent if not m.chat.private]

    def posts(self) -> list[Outgoing]:
        """The game-chat messages that are new posts, not edits of a status message."""
        seen: set[str] = set()
        posts = []
        for m in self.group():
            if not m.slot or m.slot not in seen:
                posts.append(m)
            seen.add(m.slot)
        return posts


class Game:
    """One game chat on ``platform``: the sample package, a team of six and a keeper."""

    def __init__(self, service: GameService, recorder: Recorder, scheduler: VirtualScheduler,
                 platform: str, locale: str) -> None:
        self.service, self.recorder, self.scheduler = service, recorder, scheduler
        self.platform, self.locale = platform, locale
        self.chat = ChatRef(platform, "group")

    async def say(self, who: str, text: str, private: bool = False) -> None:
        chat = ChatRef(self.platform, who, private=True) if private else self.chat
        await self.service.handle(Incoming(chat, who, who, text, sender_locale=self.locale))

    async def start(self) -> None:
        lobby = [("host", "/newgame duel"), ("anna", "/team Owls")]
        lobby += [(name, "/join Owls") for name in ("boris", "vera", "gleb", "dasha", "egor")]
        lobby += [("ksenia", "hello"), ("host", "/keeper ksenia"), ("host", "/start")]
        for who, text in lobby:
            await self.say(who, text)

    async def answer(self, who: str, text: str, right: bool, *, name: bool = True) -> None:
        """After the time: the captain names ``who`` (unless the bot did), who answers; the
        host judges."""
        if name:
            await self.say("anna", f"/answerer {who}")
        await self.say(who, text, private=True)
        await self.say("host", "/accept" if right else "/reject")

    async def regular(self, number: int, right: bool) -> None:
        await self.say("anna", f"/pick {number}")
        await self.scheduler.advance(60)
        await self.answer("boris", "Австралия" if right else "не знаем", right)


async def open_game(url: str, platform: str, **duel: float) -> tuple[Game, Storage]:
    """A game chat on ``platform`` over the fresh database at ``url``; ``duel`` are DUEL
    options (``discussion``, ``warning_at`` in seconds)."""
    storage = await Storage.open(url)
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    recorder = Recorder()
    translator = TRANSLATOR
    service = game_service(storage, recorder, scheduler, clock, translator,
                           formats=formats(**duel), chat_commands=chat_commands(storage),
                           default_locale="en",
                           spellings={"discord": DiscordSpelling(translator, COMMAND_GROUPS)})
    scheduler.callback = service.on_timer
    package_id = await storage.save_package(load_package(SAMPLE_PACKAGE).package,
                                            SAMPLE_PACKAGE.name, SAMPLE_PACKAGE.read_bytes())
    game = Game(service, recorder, scheduler, platform, "en")
    service.set_chat_package(game.chat, package_id)
    return game, storage


def spelled(game: Game, command: str) -> str:
    """``command`` as the game's platform writes it in English."""
    spell = game.service.spellings.get(game.platform)
    return spell([command], "en") if spell else f"/{command}"


@pytest.fixture(params=["telegram", "discord"])
async def game(request, database_url):
    game, storage = await open_game(database_url, request.param)
    yield game
    await storage.close()


async def test_the_early_answer_is_offered_only_when_its_window_ends_before_the_time(tmp_path):
    """/early within the first 5 seconds" of a 4-second minute (DUEL-5.1)."""
    with fresh_database(tmp_path) as short, fresh_database(tmp_path) as full:
        game, storage = await open_game(short, "telegram", discussion=4, warning_at=2)
        try:
            await game.start()
            await game.say("anna", "/pick 7")
            question = game.recorder.group()[-1].text
            assert "4 seconds of discussion" in question and "early" not in question
        finally:
            await storage.close()
        game, storage = await open_game(full, "telegram")
        try:
            await game.start()
            await game.say("anna", "/pick 7")
            assert "\nEarly answer: /early within the first 5 seconds." in \
                game.recorder.group()[-1].text
        finally:
            await storage.close()


async def test_a_regular_question_posts_four_messages_into_the_group(game):
    """The question with its time, the 10-second signal, "Time! who
    answers?" (edited into the answerer, then "the answer is with the host"), the verdict
    with the team's and the author's answer, the comment and the next choice."""
    await game.start()
    before = len(game.recorder.posts())
    edits_before = len(game.recorder.group())
    await game.regular(7, right=True)
    posts = game.recorder.posts()[before:]
    assert [m.key for m in posts] == ["duel-question", "signal-warning", "signal-time",
                                      "duel-verdict"]
    question, _, time_up, verdict = (m.text for m in posts)
    assert question.startswith("Question 7.\nСтолица этой страны - Канберра")
    assert time_up.startswith("Time!\nanna, who answers?")
    assert verdict.startswith("Correct! Score 1:0")
    assert "\nThe team's answer: “Австралия” (boris)." in verdict
    assert "\nThe answer: Австралия" in verdict and "\nanna, choose a question:" in verdict
    group = game.recorder.group()[edits_before:]
    edits = [m.text for m in group if m not in posts]
    # Delivered, the question shows its time; then the answerer, then that the host has the
    # answer (the chat sees it with the verdict, DUEL-3.5).
    assert edits[0] == f"{question}\nThe clock is running: 60 seconds of discussion.\n" \
        f"Early answer: {spelled(game, 'early')} within the first 5 seconds."
    assert edits[1] == f"{time_up}\nboris answers."
    assert edits[2:] == ["boris has answered; the answer is with the host."]


async def test_commands_in_the_group_are_spelled_for_its_platform(game):
    """Discord's channel names ``/chgk`` paths, Telegram's the chat
    commands."""
    await game.say("host", "/newgame duel")
    await game.say("anna", "/team Owls")
    created = game.recorder.group()[0].text
    await game.say("anna", "/help")
    help_ = game.recorder.sent[-1].text
    if game.platform == "discord":
        assert "players join: /chgk join NAME" in created and "/join" not in created
        assert "The host starts: /duel host start." in created
        lines = help_.splitlines()[2:]
        assert lines and all(line.startswith(("/chgk ", "/duel ")) for line in lines), help_
        assert "/duel captain answerer NAME — name the answering player" in lines
    else:
        assert "players join: /join NAME" in created and "/chgk" not in created
        assert "/answerer NAME — name the answering player" in help_.splitlines()


async def test_a_whole_game_posts_what_the_guide_says(game):
    """The players' guide (docs/playing.md, "How much a game posts") says how many messages
    a game on a 12-question set sends into the group: played to 6:5 over 11 questions (the
    picture, the blitz and the superblitz among them), from ``/newgame`` to the best player."""
    await game.start()
    right = True
    for number in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11):
        if number == 6:  # the blitz: the first two parts right, the third wrong (host's point)
            await game.say("anna", "/pick 6")
            for part, answer in enumerate(("40", "25", "77")):
                await game.scheduler.advance(20)
                await game.answer("boris", answer, part < 2)
        elif number == 9:  # the superblitz: Vera alone, all three right
            await game.say("anna", "/pick 9")
            await game.say("anna", "/answerer vera")
            for answer in ("Черный", "Красный", "Зеленый"):
                await game.scheduler.advance(20)
                await game.answer("vera", answer, True, name=False)
        else:
            await game.regular(number, right)
        right = not right
    state = (await game.service.current_game(game.chat)).state
    assert state.score == (6, 5)
    await game.say("anna", "/best question 2")
    await game.say("anna", "/best player vera")
    assert game.recorder.group()[-1].key == "duel-finished"

    posts, edits = len(game.recorder.posts()), len(game.recorder.group())
    edits -= posts
    stated = re.search(r"posts \*\*(\d+)\*\* new messages into the group \(and edits (\d+)\)",
                       GUIDE.read_text(encoding="utf-8"))
    assert stated is not None, "docs/playing.md no longer says how many messages a game sends"
    assert (posts, edits) == (int(stated[1]), int(stated[2]))
