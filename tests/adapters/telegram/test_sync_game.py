"""The console's SYNC game (tests/adapters/test_console_sync.py) through the Telegram harness:
a group with privacy mode on, private chats closed until each person opens them,
three teams handing in privately, team questions, an accepted double-answer appeal and an
accepted removal, a tie for first and its shoot-out; the bot is killed and started again in
the minute of question 2 and the game goes on with nothing lost."""

from __future__ import annotations

from bot.timers import VirtualClock
from rules import sync as s
from rules.base import decode
from tests.adapters import test_console_sync as console
from tests.adapters.telegram.conftest import close, telegram_world
from tests.adapters.telegram.fake_telegram import BOT_USERNAME, GROUP_ID, FakeTelegram
from tests.adapters.telegram.scripted import Player, leaks, people
from tests.adapters.transcript import assert_in_order
from tests.formats import formats

TEAMS = {"anna": "Совы", "boris": "Совы", "lena": "Лисы", "ivan": "Ежи"}

OPENING = [
    "host: /newgame sync",
    "host: /announce",
    # anna has never opened her private chat with the bot: the group is told how (below);
    # she opens it with the group's button, which sends /start with the game's token.
    "anna: /register Совы",
    f"anna (dm): /start g{GROUP_ID}",
]
APPEALS = [
    # SYNC-9, SYNC-10: Лисы appeal their «Титов» as a double answer, Совы the removal of
    # question 5; the jury, the host and the duty team's captain (Ежи, first alphabetically),
    # accepts both privately; the game ends only once no appeal waits on the spot.
    "lena: /appeal double 3 Титов тоже летал в космос",
    "anna: /appeal removal 5 Этот вопрос задавали в прошлом сезоне",
    "host: /endgame",
    "host (dm): /vote Лисы yes", "ivan (dm): /vote Лисы yes",
    "host (dm): /vote Совы yes", "ivan (dm): /vote Совы yes",
]


async def test_sync_6_to_10_a_three_team_game_in_a_telegram_group_restarted_mid_question(
        database_url, translator):
    fake = FakeTelegram(privacy=True, closed_private=True)
    tg = await telegram_world(database_url, translator, make_formats=formats, locale="ru",
                              fake=fake, clock=VirtualClock(console.START))
    cast = people(["host", "anna", "boris", "lena", "ivan"])
    script = Player(tg, cast)
    try:
        await script.play([*OPENING, *console.REGISTRATION[3:], *console.ROUND_1])
        restart_at = len(fake.calls)
        await tg.restart()
        await script.play(console.ROUND_1_AFTER_RESTART + console.ROUND_2 + APPEALS
                          + console.SHOOTOUT)
        assert tg.service.game(1) is None  # finished, it left memory
        state = (await tg.service.load_game(1)).state
        replayed = None
        for row in await tg.storage.events(1):
            replayed = s.SYNC.evolve(replayed, decode(row.kind, row.payload, row.version))
    finally:
        await close(tg)
    out = script.transcript()
    assert "Traceback" not in out
    assert replayed == state and state.phase is s.Phase.FINISHED

    # A captain who has not opened the private chat is told in the group, with the button
    # that opens it; what the bot had for her arrives once she has.
    notice = next(c for c in fake.sent(GROUP_ID) if c.text.startswith("anna, я не могу"))
    assert notice.buttons[-1]["url"] == f"https://t.me/{BOT_USERNAME}?start=g{GROUP_ID}"
    assert_in_order(out, [
        "[game] Команда «Совы» зарегистрирована, капитан — anna.",
        "[game] anna, я не могу написать вам в личные сообщения. Откройте чат со мной кнопкой "
        "ниже и нажмите «Старт»",
        "[dm anna] Здравствуйте, anna! Личный чат с ботом открыт.",
        "[dm anna] Вы капитан команды «Совы». Ответы команды сдаются здесь",
    ])
    # SYNC-6: answers go privately, each with its receipt; the minute runs in the group.
    assert_in_order(out, [
        "[game] Вопрос 1. Это сооружение",
        "Минута пошла: 60 секунд на обсуждение и 15 секунд на сдачу.",
        "[dm boris] Капитан поручил вам сдавать ответы команды",
        "[dm boris] Ответ принят: «Башня», получен в 19:00:00 UTC.",
        "[dm boris] Ответ заменён: «Эйфель», получен в 19:00:00 UTC.",
        "[game] Осталось 10 секунд!",
        "[game] Время! Сдайте ответ: осталось 15 секунд.",
        "[game] Приём ответов на вопрос 1 закрыт: 3 ответа.",
        "[dm host] Вопрос 1, ответ автора: Эйфель — 2 группы ответов:",
        "[game] Вопрос 1: ответ — Эйфель; верно ответили 2 команды из 3: Совы, Лисы.",
    ])
    # DESIGN.md Time: killed in the minute of question 2 after boris handed in, the bot
    # comes back, takes the other answers and closes the window with all three.
    after = script.transcript(restart_at)
    assert_in_order(after, [
        "[dm lena] Ответ принят: «ртуть»",
        "[game] Время! Сдайте ответ",
        "[game] Приём ответов на вопрос 2 закрыт: 3 ответа.",
        "[game] Вопрос 2: ответ — Ртуть; верно ответили 3 команды из 3",
        # SYNC-7: shared places shown as shared.
        "[game] Таблица после раунда 1:",
        "1. Совы: 111 — 3 очка",
        "2–3. Ежи: 011 — 2 очка",
        "2–3. Лисы: 110 — 2 очка",
        "Задаёт команда «Совы»: она на этот вопрос не отвечает.",
        "[game] Таблица после раунда 2:",
        "1–2. Лисы: 110 1-0 — 4 очка",
        "1–2. Совы: 111 -00 — 4 очка",
        # SYNC-9, SYNC-10: both appeals accepted.
        "[dm host] Вы в жюри: Лисы подаёт апелляцию на вопрос 3",
        "[dm host] 2 апелляции ждут решения жюри на месте",
        "[game] Жюри принимает апелляцию команды Лисы на вопрос 3",
        "[game] Жюри принимает апелляцию команды Совы: вопрос 5 снимается",
        # SYNC-8: the tie for first (4 and 4 after the appeals) goes to a shoot-out.
        "[game] Равенство за первое место: Совы, Лисы.",
        "Перестрелка: отвечают Совы, Лисы.",
        # The final table: a mark per question (X removed), the shoot-out's winner first.
        "[game] Итоговая таблица. Победитель: Совы.",
        "1. Совы: 111 -X0 — 4 очка",
        "2. Лисы: 111 1X0 — 4 очка",
        "3. Ежи: 011 0X- — 2 очка",
    ])
    # Each table went as an uploaded PNG (sendPhoto) under its heading, the end
    # of each round and the end of the game alike.
    photos = [c for c in fake.sent(GROUP_ID) if c.method == "sendPhoto" and c.uploads]
    assert [c.text.split("\n", 1)[0] for c in photos] == [
        "Таблица после раунда 1:", "Таблица после раунда 2:",
        "Итоговая таблица. Победитель: Совы."]
    for photo in photos:
        [(name, data)] = photo.uploads.values()
        assert name == "table.png" and data.startswith(b"\x89PNG\r\n\x1a\n")
    names = {t.id: t.name for t in state.teams.values()}
    assert {names[t]: p for t, p in s.totals(state).items()} == {"Совы": 4, "Лисы": 4,
                                                                   "Ежи": 2}
    assert names[state.winner] == "Совы"

    # No team's answer reaches the group, or another team's private chat, before its
    # window closes (SYNC-6).
    assert leaks(script, TEAMS) == []

