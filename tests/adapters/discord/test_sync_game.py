"""The console's SYNC game of three teams (``tests/adapters/test_console_sync.py``) played on
Discord: the real discord.py client logged in to the Discord stand-in
(``fake_discord``), every command a slash command or a button, every written answer handed
in privately (a DM to the bot, ``/sync captain answer`` or ``/chgk answer`` in the channel,
answered by an ephemeral receipt), the bot killed in the middle of a question and started
again on the same database. Here both appeals are accepted: a double answer (SYNC-9a) and a
removal (SYNC-9b), which leave two teams tied for first and a shoot-out (SYNC-8)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.bootstrap import SAMPLE_PACKAGE
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.fake_discord_objects import GAME_CHANNEL_ID, Posted, user
from tests.adapters.discord.gateway import Live, running
from tests.adapters.transcript import assert_in_order

HOST = user(901, "ksenia", global_name="Ксения")
ANNA = user(902, "anna", global_name="Анна")
BORIS = user(903, "boris", global_name="Борис")
LENA = user(904, "lena", global_name="Лена")
LEV = user(905, "lev", global_name="Лев")
IVAN = user(906, "ivan", global_name="Иван")
TEAMS = {"Совы": (ANNA, BORIS), "Лисы": (LENA, LEV), "Ежи": (IVAN,)}
WINDOW = 77
"""The minute, the 15 s to hand in and the second of grace (SYNC-6): the window closes."""


@pytest.fixture
def fake() -> FakeDiscord:
    """Discord with the host and the three teams' players on the server."""
    fake = FakeDiscord()
    for person in (HOST, ANNA, BORIS, LENA, LEV, IVAN):
        fake.add_member(person)
    return fake


class Hand:
    """The answers handed in, to check who saw them: ``given`` (question, text, team) and
    ``closed`` (question -> how many posts came before its window closed)."""

    def __init__(self, live: Live) -> None:
        self.live = live
        self.given: list[tuple[int, str, str]] = []
        self.closed: dict[int, int] = {}

    async def dm(self, question: int, person: dict[str, Any], text: str) -> None:
        """``person`` writes the answer to the bot in a DM."""
        self.given.append((question, text, _team(person)))
        await self.live.write(person, text, dm=True)

    async def slash(self, question: int, person: dict[str, Any], text: str,
                    path: str = "sync captain answer") -> None:
        """``person`` hands the answer in with a slash command in the game channel."""
        self.given.append((question, text, _team(person)))
        await self.live.slash(person, path, text=text)

    async def close(self, question: int) -> None:
        """The window of ``question`` closes: remember how many posts came before the
        channel was told so."""
        await self.live.advance(WINDOW)
        self.closed[question] = next(
            n for n, p in enumerate(self.live.fake.posted)
            if p.text.startswith(f"Приём ответов на вопрос {question} закрыт"))


def _team(person: dict[str, Any]) -> str:
    return next(team for team, people in TEAMS.items() if person in people)


def seen_by(fake: FakeDiscord, posts: list[Posted], person: dict[str, Any]) -> list[str]:
    """The texts among ``posts`` that ``person`` could read: the channel, their DM, their
    ephemeral replies."""
    dm = fake.dms.get(int(person["id"]))
    dm_id = int(dm["id"]) if dm else None
    return [p.text for p in posts if not p.deleted and (
        (p.channel_id == GAME_CHANNEL_ID and not p.ephemeral)
        or (p.channel_id == dm_id and not p.ephemeral)
        or (p.ephemeral and p.for_user == int(person["id"])))]


async def play(live: Live) -> Hand:
    """The game, with the bot killed in the minute of question 2."""
    hand = Hand(live)
    # A SYNC game's package is chosen before the game opens.
    await live.slash(HOST, "chgk package", file=(SAMPLE_PACKAGE.name,
                                                 SAMPLE_PACKAGE.read_bytes()))
    await live.slash(HOST, "chgk new", format="sync")
    await live.slash(HOST, "sync host announce")
    await live.slash(ANNA, "sync captain register", team="Совы")
    await live.slash(BORIS, "chgk join", team="Совы")
    await live.slash(LENA, "sync captain register", team="Лисы")
    await live.slash(LEV, "chgk join", team="Лисы")
    await live.slash(IVAN, "sync captain register", team="Ежи")
    for captain, submission in (
            (ANNA, "Кто ухает по ночам? | Сова | Анна | Энциклопедия"),
            (LENA, "Кто хитрее всех в сказках? | Лиса | Лена | Сказки"),
            (IVAN, "Кто носит иголки на спине? | Ёж | Иван | Энциклопедия")):
        await live.slash(captain, "sync captain question", submission=submission, dm=True)
    for team in TEAMS:
        await live.slash(HOST, "sync host approve", team=team, number=1)
    await live.slash(HOST, "sync host fee", team="Совы", paid="paid")
    await live.slash(HOST, "sync host unpaid", dm=True)

    # Round 1 (SYNC-5): the organisers' questions.
    await live.slash(HOST, "sync host round", questions="1 2 3")
    await live.slash(HOST, "sync host ask")
    await live.slash(ANNA, "sync captain answerer", player=BORIS)  # SYNC-6: who hands in
    await hand.dm(1, BORIS, "Башня")
    await hand.dm(1, BORIS, "Эйфель")  # the last one counts
    await hand.slash(1, LENA, "эйфель")
    await hand.dm(1, IVAN, "Гюстав")
    await live.advance(50)
    await live.advance(10)
    await hand.close(1)
    await judge(live, 1, accept=(1,), reject=(2,))
    await live.slash(HOST, "sync host ask")
    await hand.dm(2, BORIS, "Ртуть")
    await live.restart(kill=True)  # in the minute of question 2
    await hand.slash(2, LENA, "ртуть", "chgk answer")
    await hand.dm(2, IVAN, "РТУТЬ")
    await hand.close(2)
    await judge(live, 2, accept=(1,))
    await live.slash(HOST, "sync host ask")
    for person, text in ((ANNA, "Гагарин"), (LENA, "Титов"), (IVAN, "гагарин")):
        await hand.dm(3, person, text)
    await hand.close(3)
    await live.slash(HOST, "sync host clarify", team="Лисы")  # SYNC-6: one player explains
    # The host judges a group with one tap on the list the bot sent privately.
    groups = next(p for p in reversed(live.fake.dm(HOST)) if p.text.startswith("Вопрос 3,"))
    await live.press(HOST, groups, "✓ Гагарин: 2 команды")
    # The press used up that group's buttons; the other group's stay to be pressed.
    assert [b["label"] for b in groups.buttons] == ["✓ Титов: 1 команда", "✗ Титов: 1 команда"]
    await live.press(HOST, groups, "✗ Титов: 1 команда")

    # Round 2 (SYNC-5): the teams' questions; the asking team does not answer.
    await live.slash(HOST, "sync host round", per_team=1)
    await live.slash(HOST, "sync host ask", team="Совы", number=1)
    await live.write(BORIS, "Сова", dm=True)  # SYNC-5: the asking team does not answer
    await hand.dm(4, LENA, "Сова")
    await hand.dm(4, IVAN, "не знаем")
    await hand.close(4)
    await judge(live, 4, accept=(1,), reject=(2,))
    await live.slash(HOST, "sync host ask", team="Лисы", number=1)
    await hand.dm(5, BORIS, "волк")
    await hand.dm(5, IVAN, "лиса")
    await hand.close(5)
    await judge(live, 5, accept=(2,), reject=(1,))
    await live.slash(HOST, "sync host ask", team="Ежи", number=1)
    await hand.dm(6, BORIS, "кот")
    await hand.dm(6, LENA, "барсук")
    await hand.close(6)
    await judge(live, 6, reject=(1, 2))

    # Appeals (SYNC-9, SYNC-10): both accepted by the jury, each juror asked privately.
    await live.slash(LENA, "sync captain appeal", grounds="double", number=3,
                     text="Титов тоже летал в космос")
    await live.slash(ANNA, "sync captain appeal", grounds="removal", number=5,
                     text="В сказках хитрее всех бывает и ворона")
    await live.slash(HOST, "sync host endgame")
    for juror in jurors(live):
        await live.slash(juror, "sync juror vote", team="Лисы", accept="yes", dm=True)
        asked = next(p for p in live.fake.dm(juror) if "Совы подаёт апелляцию" in p.text)
        await live.press(juror, asked, "Принять")
    # SYNC-8: the tie for first goes to a shoot-out of the tied teams only.
    await live.slash(HOST, "sync host endgame")
    await live.slash(HOST, "sync host ask", number=4)
    await hand.dm(7, IVAN, "Тихий")
    await hand.dm(7, BORIS, "Тихий океан")
    await hand.dm(7, LENA, "Атлантический")
    await hand.close(7)
    await judge(live, 7, accept=(1,), reject=(2,))
    return hand


async def judge(live: Live, number: int, *, accept: tuple[int, ...] = (),
                reject: tuple[int, ...] = ()) -> None:
    """The host judges the groups of question ``number``'s answers by their numbers."""
    for group in accept:
        await live.slash(HOST, "sync host accept", number=group)
    for group in reject:
        await live.slash(HOST, "sync host reject", number=group)


def jurors(live: Live) -> list[dict[str, Any]]:
    """The people the bot asked privately to sit on the jury (SYNC-10)."""
    return [person for person in (HOST, ANNA, BORIS, LENA, LEV, IVAN)
            if any("Вы в жюри" in p.text for p in live.fake.dm(person))]


async def test_sync_6_to_10_a_discord_game_of_three_teams_through_a_kill_to_the_shootout(
        server, settings, translator):
    async with running(server, settings, translator) as live:
        hand = await play(live)
    fake = live.fake
    texts = "\n".join(fake.texts())
    assert "Traceback" not in texts
    assert_in_order(texts, [
        "Ксения открывает синхронную игру на пакете «Пробный пакет chgk-bot для дуэли»",
        # A command named in a message is spelled as Discord shows it (DESIGN.md).
        "/синхрон ведущий объявить",
        "Команда «Ежи» сдала вопрос 1.",  # SYNC-2
        "Раунд 1: вопросы организаторов (3 вопроса).",  # SYNC-5
        "Вопрос 1. Это сооружение",
        "Минута пошла: 60 секунд на обсуждение и 15 секунд на сдачу.",  # SYNC-6
        "🔔 **Осталось 10 секунд!**",
        "🔔 **Время! Сдайте ответ: осталось 15 секунд.**",
        "Приём ответов на вопрос 1 закрыт: 3 ответа.",
        "Вопрос 1: ответ — Эйфель; верно ответили 2 команды из 3: Совы, Лисы.",
        # After the kill the question's minute goes on and its answers are all there.
        "Вопрос 2. ОН",
        "🔔 **Осталось 10 секунд!**",
        "Приём ответов на вопрос 2 закрыт: 3 ответа.",
        "верно ответили 3 команды из 3",
        # SYNC-7: the table after the round, shared places shown as shared.
        "Таблица после раунда 1:\n1. Совы: 111 — 3 очка\n2–3. Ежи: 011 — 2 очка\n"
        "2–3. Лисы: 110 — 2 очка",
        "Задаёт команда «Совы»: она на этот вопрос не отвечает.",  # SYNC-5
        "Таблица после раунда 2:\n1–2. Лисы: 110 1-0 — 4 очка\n1–2. Совы: 111 -00 — 4 очка\n"
        "3. Ежи: 011 01- — 3 очка",
        # SYNC-9, SYNC-10, SYNC-11: both appeals accepted, each final.
        "Лисы подаёт апелляцию на вопрос 3: зачёт двойного ответа.",
        "Совы подаёт апелляцию на вопрос 5: снятие вопроса.",
        "Жюри принимает апелляцию команды Лисы на вопрос 3: ответ «Титов» засчитывается "
        "наряду с авторским. Решение окончательно.",
        "Жюри принимает апелляцию команды Совы: вопрос 5 снимается, очков за него никто не "
        "получает. Решение окончательно.",
        # SYNC-8: the tie for first (Лисы +1 for Титов; Лисы and Ежи lose question 5) goes
        # to a shoot-out of the tied teams only; it does not change the main table.
        "Равенство за первое место: Совы, Лисы.",
        "Вопрос 7. Этот океан",
        "Перестрелка: отвечают Совы, Лисы.",
        "Приём ответов на вопрос 7 закрыт: 2 ответа.",
        "Итоговая таблица. Победитель: Совы.\n1. Совы: 111 -X0 — 4 очка\n"
        "2. Лисы: 111 1X0 — 4 очка\n3. Ежи: 011 0X- — 2 очка",
    ])
    # Each table went in the channel as an embed showing its attached PNG, the end
    # of each round and the end of the game alike.
    pictures = [p for p in fake.posted if p.message["attachments"]
                and p.channel_id == GAME_CHANNEL_ID]
    assert [p.text.split("\n", 1)[0] for p in pictures] == [
        "Таблица после раунда 1:", "Таблица после раунда 2:",
        "Итоговая таблица. Победитель: Совы."]
    for posted in pictures:
        [attachment] = posted.message["attachments"]
        assert attachment["filename"] == "table.png"
        assert posted.message["embeds"][0]["image"]["url"] == "attachment://table.png"
        assert fake.attachments[int(attachment["id"])].startswith(b"\x89PNG\r\n\x1a\n")
    # The host was told what waited before the game could end; the jurors voted privately.
    assert "2 апелляции ждут решения жюри на месте: решите или отложите их." in \
        fake.ephemeral(HOST)
    assert any("Вы в жюри: Лисы подаёт апелляцию на вопрос 3" in p.text for p in fake.dm(HOST))
    # SYNC-6: the host asked one player of Лисы to explain; SYNC-5: Совы, asking, were told
    # they do not answer their own question.
    assert any(p.text.startswith("Ведущий просит вас пояснить ответ команды «Лисы» на вопрос 3")
               for p in fake.dm(LENA))
    assert "Команда «Совы» на этот вопрос не отвечает." in [p.text for p in fake.dm(BORIS)]
    # SYNC-6: every hand-in got a private receipt with its text, in a DM or as an ephemeral
    # reply; the last one counts; one team outside the shoot-out is told so.
    for question, text, team in hand.given:
        people = TEAMS[team]
        receipts = [t for person in people for t in
                    [p.text for p in fake.dm(person)] + fake.ephemeral(person)]
        if question == 7 and team == "Ежи":
            assert "Команда «Ежи» не участвует в перестрелке." in receipts
            continue
        assert any(re.match(rf"Ответ (принят|заменён): «{re.escape(text.strip())}», "
                            r"получен в \d\d:\d\d:\d\d UTC\.", t) for t in receipts), text
    # No team saw another team's answer before the window closed: not in the
    # channel, not in any other member's DM or ephemeral replies, not even the host's.
    for question, text, team in hand.given:
        before = fake.posted[:hand.closed[question]]
        for person in (HOST, *(p for t, people in TEAMS.items() if t != team for p in people)):
            assert not any(f"«{text.strip()}»" in t for t in seen_by(fake, before, person)), (
                question, text, person["username"])
    # Two processes logged in; every interaction was acknowledged once; no unknown route.
    assert len(fake.identifies) == 2
    assert all(len(i.callbacks) == 1 for i in fake.interactions.values())
    assert [r for r in fake.requests if not r.ok] == []
