"""What the TV host is told, in the console: the envelope's answer privately when the central
table's minute starts (TV-2, TV-3: the host judges the oral answer); on a package with DUEL's
special questions, how many stay out of the envelopes and why (TV-2); and which teams the
central table refuses for their size, at the start and in the draw (TV-14: 4 to 6 players)."""

from __future__ import annotations

from bot.bootstrap import SAMPLE_PACKAGE
from tests.adapters.steered_top import Top
from tests.adapters.test_console_tv import ORDER, lobby, play
from tests.adapters.transcript import assert_in_order

SECTORS = tuple(range(1, 14))
"""The thirteen envelopes of the bundled TV package."""


async def test_tv_2_3_the_host_gets_the_answer_privately_when_the_minute_starts(database_url):
    # Given a started game whose top stops at sector 2 (Ртуть; Зачёт: Hg; Незачёт: галлий,
    # цезий),
    top = Top()
    lines = [*lobby(), top.want(ORDER, "Альфа"), "host: /start", top.want(SECTORS, 2),
             "host: /spin", ":sleep 61"]
    # when the question is delivered and the minute runs out with nobody typing an answer,
    _, storage, out = await play(database_url, top, lines)
    await storage.close()
    # then the host alone got the author's answer, the accepted and rejected answers and the
    # comment as the minute started, before the end signal,
    assert_in_order(out, [
        "Минута обсуждения у команды «Альфа» (60 секунд).",
        "[dm host] Вопрос 2, только для ведущего: правильный ответ — Ртуть.",
        "    Зачёт: Hg.",
        "    Незачёт: Галлий; цезий",
        "    Комментарий: Галлий и цезий плавятся чуть выше комнатной температуры",
        "[game] ⏱ Время!",
    ])
    # and the game chat has not seen the answer.
    game_lines = [line for line in out.splitlines() if line.startswith("[game]")]
    assert not [line for line in game_lines if "Ртуть" in line or "Hg" in line]


async def test_tv_2_a_duel_package_opens_with_the_questions_left_out_named(database_url):
    # Given the bundled DUEL package, with a blitz, a superblitz and a "13-й сектор" question,
    top = Top()
    lines = [*lobby(), "host: /start"]
    # when a TV game is opened on it and the host tries to start,
    _, storage, out = await play(database_url, top, lines, package=SAMPLE_PACKAGE)
    await storage.close()
    # then the opening counts the nine ordinary questions as envelopes and says which three
    # stay out and why, and the start is refused for want of envelopes, nothing dealt.
    assert_in_order(out, [
        "пакет «Пробный пакет chgk-bot для дуэли»: 9 конвертов.",
        "В конверты не попали 3 вопроса пакета: конверт телеверсии — один вопрос, минута "
        "обсуждения и один устный ответ, а особые вопросы дуэли играются иначе.",
        "    блиц — 1",
        "    суперблиц — 1",
        "    13-й сектор — 1",
        "В пакете 9 обычных вопросов для конвертов (блиц, суперблиц, 13-й сектор и дуплет "
        "телеверсия не задаёт), а игре до шести очков может понадобиться 11.",
    ])
    assert "Игра началась" not in out


async def test_tv_14_a_team_of_two_is_refused_the_central_table_and_the_host_told_why(
        database_url):
    # Given a game the bot creates (teams of 4 to 6 at the central table): Альфа of four and
    # Бета of two,
    top = Top()
    lines = ["host: /newgame tv", "anna: /team Альфа",
             *(f"{name}: /join Альфа" for name in ("alex", "ada", "arkady")),
             "boris: /team Бета", "bella: /join Бета",
             # when the host seats Бета, then starts with the top's draw,
             "host: /start Бета", top.want(("Альфа",), "Альфа"), "host: /start"]
    _, storage, out = await play(database_url, top, lines, options={})
    await storage.close()
    # then Бета is refused with its size and the form that fixes it, the game starts with
    # both teams, the top draws only Альфа, and the host is told why Бета was left out.
    assert_in_order(out, [
        "За центральный стол садится команда от 4 до 6 игроков (по возможности 6), а в "
        "команде «Бета» 2 игрока. Недостающие игроки входят в команду так: /join Бета.",
        "[game] Игра началась: 2 команды, до 6 очков.",
        "Волчок выбрал первую команду за центральным столом: «Альфа» (из: Альфа).",
        "[dm host] Команда не садится за центральный стол, пока в ней не будет от 4 до 6 "
        "игроков (игроков сейчас: «Бета» — 2); за столом клуба она играет. Недостающие "
        "игроки входят в команду так: /join НАЗВАНИЕ.",
    ])


async def test_tv_5_9_the_host_judges_the_last_club_answers_without_the_envelope_number(
        database_url):
    # Given Альфа wrong at the central table on the envelope of sector 3, where Бета handed
    # in the right answer and Гамма a wrong one, and the host has the club answers listed,
    top = Top()
    lines = [*lobby(), top.want(ORDER, "Альфа"), "host: /start", top.want(SECTORS, 3),
             "host: /spin", "boris (dm): Гагарин", "gleb (dm): Титов", ":sleep 61",
             "anna: /answerer alex", "host: -", "host: /clubs",
             # when the host judges the groups by their numbers alone,
             "host: /club 1 да", "host: /club 2 нет"]
    _, storage, out = await play(database_url, top, lines)
    await storage.close()
    # then the verdicts reach the groups of the envelope just played, and Бета, the only
    # club table right, takes the central table.
    assert "нет группы" not in out and "оценка группы ответов" not in out
    assert_in_order(out, [
        "[dm host] Вопрос 3: 2 группы ответов ждут оценки (/club 3 ГРУППА да|нет):",
        "    1. «Гагарин» — 1 стол",
        "    2. «Титов» — 1 стол",
        "[dm host] Вопрос 3, «Гагарин»: засчитано.",
        "[dm host] Вопрос 3, «Титов»: не засчитано.",
        "За центральный стол садится «Бета»: единственная верно ответила",
    ])


async def test_tv_5_a_group_judged_before_the_answers_are_listed_gets_the_form_that_lists_them(
        database_url):
    # Given Альфа wrong at the central table on the envelope of sector 3, where Бета handed
    # in an answer,
    top = Top()
    lines = [*lobby(), top.want(ORDER, "Альфа"), "host: /start", top.want(SECTORS, 3),
             "host: /spin", "boris (dm): Гагарин", ":sleep 61", "anna: /answerer alex",
             "host: -",
             # when the host judges group 1 before listing the club answers,
             "host: /club 1 да"]
    _, storage, out = await play(database_url, top, lines)
    await storage.close()
    # then the host is told how to list them, not that the group does not exist.
    assert "[dm host] Группы ответов столов клуба на вопрос 3 появятся, когда вы их " \
           "откроете: /clubs 3." in out
    assert "нет группы" not in out
