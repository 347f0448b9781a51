"""One console script plays DUEL with every special rule, and the stored logs replay to the same
final states.

The script plays two games in one console session, because the rules make one game with both
impossible: the credit minute needs the host at 5 points (DUEL-5.3) and the decisive round a
team leading with 5 (DUEL-6.4), and the host's points never go down once the next question is
chosen. Game 1: an early answer, a pause, club help, sector 13, a blitz with an extra minute, a
superblitz and a decisive round won with an early-answer minute (DUEL-6.4.4). Game 2: the
credit minute and its repayment.
"""

from __future__ import annotations

import io
from datetime import UTC, datetime

from adapters.console import GAME_CHAT, HOST, ConsoleMessenger, ConsoleSession
from bot.bootstrap import SAMPLE_PACKAGE
from bot.i18n import Translator
from bot.packages import load_package
from bot.service import GameService, game_service
from bot.timers import VirtualClock, VirtualScheduler
from rules import duel as d
from rules.base import decode, encode
from storage.db import Storage
from tests.adapters.transcript import assert_in_order
from tests.formats import chat_commands, formats

TEAM = ["anna: /team Знатоки"] + [f"{p}: /join Знатоки" for p in
                                   ("boris", "vera", "gleb", "dasha", "egor")]
LOBBY = [*TEAM, "host: /keeper ksenia", "host: /start"]


def regular(number: int, answerer: str, answer: str, verdict: str) -> list[str]:
    return [f"anna: {number}", ":sleep 61", f"anna: /answerer {answerer}",
            f"{answerer} (dm): {answer}", f"host: /{verdict}"]


GAME_1 = [
    "zoe: всем привет",  # a player of another team, in the chat: a possible club helper
    "ksenia: привет",
    *LOBBY,
    # DUEL-5.1: an early answer within 5 s, right: an extra minute.
    "anna: 2", ":sleep 2", "anna: /early", "anna: /answerer boris", "boris (dm): Ртуть",
    "host: /accept",
    *regular(3, "gleb", "Титов", "reject"),
    # DUEL-3.4.1: the host stops the clock and starts it again.
    "anna: 4", ":sleep 30", "host: /pause", ":sleep 100", "host: /resume", ":sleep 31",
    "anna: /answerer dasha", "dasha (dm): Атлантический", "host: /reject",
    # DUEL-5.2b: behind 1:2, club help; zoe talks with the team for 30 s.
    "anna: 5", ":sleep 20", "anna: /hint club", "host: /helpers zoe", ":sleep 75",
    "anna: /answerer egor", "egor (dm): Конь", "host: /accept",
    # DUEL-4.2b: sector 13, Vera alone for a minute, right: another extra minute. She is
    # the answerer without being named; the captain's naming is refused with her name.
    "anna: 12", "anna: /sector 1 vera", ":sleep 61", "anna: /answerer vera",
    "vera (dm): teen", "host: /accept",
    # DUEL-4.2c: the blitz; the third mini-question gets the sector 13 minute.
    "anna: 6", ":sleep 21", "anna: /answerer boris", "boris (dm): сорок", "host: /accept",
    ":sleep 21", "anna: /answerer gleb", "gleb (dm): 25", "host: /accept",
    ":sleep 21", "anna: /extra", ":sleep 61", "anna: /answerer dasha", "dasha (dm): 88",
    "host: /accept",
    # DUEL-4.2d: the superblitz, Egor alone.
    "anna: 9", "anna: /answerer egor",
    ":sleep 21", "egor (dm): черный", "host: /accept",
    ":sleep 21", "egor (dm): красный", "host: /accept",
    ":sleep 21", "egor (dm): зеленый", "host: /accept",
    # DUEL-6.4: 5:2, the decisive round with the early-answer minute (DUEL-6.4.4).
    "anna: /decisive vera", "anna: 7", "anna: /extra", ":sleep 121",
    "vera (dm): Австралия", "host: /accept",
    "anna: /best question 3", "anna: /best player vera",
]
GAME_2 = [
    "host: /newgame duel",
    *LOBBY,
    *(line for n in range(1, 6) for line in regular(n, "boris", "не знаем", "reject")),
    # DUEL-5.3: 0:5, the credit minute after the main minute.
    "anna: 7", ":sleep 61", "anna: /credit", ":sleep 61", "anna: /answerer vera",
    "vera (dm): Австралия", "host: /accept",
    # DUEL-5.3.1: repaid on a question with no discussion; never on the blitz.
    "anna: /repay 6", "anna: /repay 8", "anna: /answerer gleb", "gleb (dm): Папирус",
    "host: /accept",
    *regular(11, "egor", "65", "reject"),
    "anna: /best question 1", "anna: /best player vera",
]


# DUEL-5.3.1, the review's repro: the credit at 1:5, then ordinary questions instead of the
# repayment; the last repayable question is kept for it, so the team cannot win owing.
GAME_CREDIT = [
    *LOBBY,
    *regular(2, "boris", "Ртуть", "accept"),
    *(line for n in (3, 4, 5, 7, 8) for line in regular(n, "boris", "не знаем", "reject")),
    "anna: 10", ":sleep 61", "anna: /credit", ":sleep 61", "anna: /answerer vera",
    "vera (dm): x", "host: /accept",
    *regular(11, "gleb", "x", "accept"),
    "anna: 12", "anna: /sector all", "anna: /answerer gleb", "gleb (dm): x", "host: /accept",
    "anna: 1",
    "anna: /repay 1", "anna: /answerer gleb", "gleb (dm): x", "host: /accept",
]


async def play_script(db_url: str, lines: list[str]) -> tuple[GameService, Storage, str]:
    """The console session of ``chgk-bot console --clock virtual`` on the sample package."""
    storage = await Storage.open(db_url)
    translator = Translator()
    out = io.StringIO()
    clock = VirtualClock(datetime(2026, 3, 1, 19, 0, tzinfo=UTC))
    scheduler = VirtualScheduler(clock)
    messenger = ConsoleMessenger(out)
    service = game_service(storage, messenger, scheduler, clock, translator, formats=formats(),
                           chat_commands=chat_commands(storage), default_locale="ru")
    scheduler.callback = service.on_timer
    package = load_package(SAMPLE_PACKAGE).package
    package_id = await storage.save_package(package, SAMPLE_PACKAGE.name,
                                            SAMPLE_PACKAGE.read_bytes())
    service.set_chat_package(GAME_CHAT, package_id)
    await service.create_game(GAME_CHAT, "duel", HOST, HOST, locale="ru", host_locale="ru")

    def say(key: str, args: dict) -> None:
        out.write(translator.format(key, args, "ru") + "\n")

    session = ConsoleSession(service, messenger, say, locale="ru", advance=scheduler.advance)
    for line in lines:
        await session.feed(line)
    return service, storage, out.getvalue()


async def replay(storage: Storage, game_id: int) -> tuple[d.DuelState, list[str]]:
    """The state folded from the stored log, and the log's event kinds; every payload must
    survive decoding and encoding again unchanged."""
    state = None
    kinds = []
    for row in await storage.events(game_id):
        event = decode(row.kind, row.payload, row.version)
        assert encode(event) == row.payload, row.kind
        state = d.evolve(state, event)
        kinds.append(row.kind)
    return state, kinds


async def test_one_console_script_plays_every_special_rule_and_the_logs_replay(database_url):
    service, storage, out = await play_script(database_url,
                                              GAME_1 + GAME_2)
    try:
        assert "Traceback" not in out
        first, kinds_1 = await replay(storage, 1)
        second, kinds_2 = await replay(storage, 2)
        # Both games, once finished, left memory: their logs are what is left,
        # and a game loaded back from its log is the one replayed here.
        assert service.game(1) is None and service.game(2) is None
        assert second == (await service.load_game(2)).state
    finally:
        await storage.close()

    assert first.phase is d.Phase.FINISHED and first.winner is d.Side.TEAM
    assert first.decisive and first.score == (6, 0) and first.minutes == ()
    assert first.best_player is not None and first.roster.name(first.best_player) == "vera"
    for kind in ("duel.early_answer", "duel.clock_paused", "duel.clock_resumed",
                 "duel.hint_taken", "duel.helpers_named", "duel.helpers_done",
                 "duel.sector13_chosen", "duel.part_judged", "duel.solo_named",
                 "duel.time_added", "duel.decisive_round"):
        assert kind in kinds_1, kind
    assert kinds_1.count("duel.part_judged") == 6
    assert second.phase is d.Phase.FINISHED and second.winner is d.Side.HOST
    assert second.score == (2, 6) and second.credit_taken and second.credit_repaid
    assert "duel.credit_taken" in kinds_2

    # What the players saw, in order.
    expected = [
        "[game] Досрочный ответ! Обсуждение закончено.",
        "    Досрочный ответ верен: команда получает дополнительную минуту",
        "[game] Время остановлено, осталось 30 секунд.",
        "[game] Помощь клуба: zoe обсуждают вместе с командой 30 секунд.",
        "[game] ⏱ Время помощи клуба вышло: zoe больше не участвуют в обсуждении.",
        "[game] Вопрос 12 — 13-й сектор!",
        "    За столом: один — vera, минута.",
        "    Отвечает vera.",
        "[game] vera уже отвечает.",
        "    Верный ответ в 13-м секторе: команда получает дополнительную минуту",
        "[game] Вопрос 6 — блиц",
        "    Мини-вопрос 1 из 3: Английское название ЭТОГО числа",
        "[game] Мини-вопрос 3 из 3:",
        "[game] Дополнительная минута: + 60 секунд обсуждения.",
        "    Ответ засчитан! Счёт 4:2",
        "[game] Суперблиц играет egor; остальные в обсуждении не участвуют.",
        "    Ответ засчитан! Счёт 5:2",
        "У команды 5 очков и она ведёт: капитан может взять решающий раунд",
        "[game] Решающий раунд! Счёт 0:0. Играет vera, вопрос стоит 6 очков.",
        "    Победа знатоков! Команда «Знатоки» выиграла со счётом 6:0.",
        "[game] Игра «Дуэль» открыта.",
        "[game] Ответ не засчитан. Счёт 0:5",
        "    Можно добавить время: /hint minute или /hint club — подсказка; /credit",
        "[game] Минута в кредит! До конца игры её нужно вернуть",
        "    Долг: минута в кредит. Вернуть — ответить без обсуждения: /repay N "
        "(можно: 8, 10, 11, 12).",
        "[game] Минуту в кредит возвращают на любом вопросе, кроме блица и суперблица",
        "    Возврат минуты в кредит: ответ без обсуждения.",
        "[game] Ответ без обсуждения. anna, кто отвечает? /answerer ИМЯ",
        "    Победил ведущий: 2:6",
    ]
    assert_in_order(out, expected)


async def test_duel_5_3_1_the_last_repayable_question_is_kept_for_the_credit(database_url):
    service, storage, out = await play_script(database_url,
                                              GAME_CREDIT)
    await storage.close()
    state = service.game(1).state
    assert "Traceback" not in out
    assert state.score == (5, 5) and state.credit_taken and state.credit_repaid
    repaid = ["(можно: 1, 11, 12).",
              "[game] Ответ засчитан! Счёт 3:5",
              "[game] Ответ засчитан! Счёт 4:5",
              "(можно: 1).",
              "[game] За командой минута в кредит, а вопрос 1 — последний, на котором её "
              "можно вернуть: /repay 1.",
              "    Возврат минуты в кредит: ответ без обсуждения.",
              "[game] Ответ засчитан! Счёт 5:5"]
    assert_in_order(out, repaid)
