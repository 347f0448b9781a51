"""A deferred appeal after the end of the console's SYNC game of three teams (SYNC-10,
SYNC-11): the game is over, its result provisional, and the jury still has 3 days. Each juror
is asked and reminded privately and votes there; a restart of the bot in those days keeps the
reminders and the deadline; the decision posts the final table again, recomputed from the log
and no longer provisional, and a team that now ties the winner is declared a winner too."""

from __future__ import annotations

from bot.bootstrap import SAMPLE_PACKAGE
from bot.packages import load_package
from rules import sync as s
from rules.base import decode
from storage.db import Storage
from tests.adapters import test_console_sync as game
from tests.adapters.transcript import assert_in_order

DEFERRED = [
    # Ежи appeal their «Гюстав» on question 1 as a double answer; a host defers it. Ежи are
    # on duty: the jury is the host and the next team's captain, Лисы' lena (SYNC-10).
    "ivan: /appeal double 1 Гюстав Эйфель и есть Эйфель",
    "host: /defer Ежи",
]
DAY = ":sleep 86400"
RESTART = ":restart"
"""In ``after``: the bot restarted there (a new service over the same database and clock)."""


async def finished(database_url: str, after: list[str], *, restart: bool
                   ) -> tuple[s.SyncState, str]:
    """The console's game to its end with Ежи's appeal deferred, then ``after`` (the bot
    restarted first when ``restart``, and at each ``RESTART`` in it); returns the state the
    stored log folds to and what was printed after the game ended."""
    storage = await Storage.open(database_url)
    package = load_package(SAMPLE_PACKAGE).package
    package_id = await storage.save_package(package, SAMPLE_PACKAGE.name,
                                            SAMPLE_PACKAGE.read_bytes())
    console = game.Console(storage, package_id)
    console.start()
    await console.feed(game.REGISTRATION + game.ROUND_1 + game.ROUND_1_AFTER_RESTART
                       + game.ROUND_2 + DEFERRED + game.SHOOTOUT)
    cut = len(console.out.getvalue())
    if restart:
        console.start()
        await console.service.recover()
    for line in after:
        if line == RESTART:
            console.start()
            await console.service.recover()
        else:
            await console.feed([line])
    state = None
    for row in await storage.events(1):
        state = s.SYNC.evolve(state, decode(row.kind, row.payload, row.version))
    await storage.close()
    out = console.out.getvalue()
    assert "Traceback" not in out
    assert_in_order(out[:cut], [
        "[game] Итоговая таблица (предварительная: не все ответы оценены или есть апелляции). "
        "Победитель: Совы.",
        "3. Ежи: ?11 01- — 3 очка",
    ])
    return state, out[cut:]


async def test_sync_10_a_juror_votes_privately_on_a_deferred_appeal_after_the_game_ended(
        database_url):
    state, after = await finished(database_url, [
        DAY, "host (dm): /vote Ежи yes", "lena (dm): /vote Ежи yes"], restart=False)
    names = {t.id: t.name for t in state.teams.values()}
    assert sorted(names[t] for t in s.winners(state)) == ["Ежи", "Совы"]
    assert "Вы не участвуете ни в одной идущей игре" not in after
    assert_in_order(after, [
        "[dm host] Напоминание: апелляция команды Ежи на вопрос 1 ждёт вашего голоса",
        "[game] Жюри принимает апелляцию команды Ежи на вопрос 1",
        "Решение окончательно.",
        # The table recomputed from the log, no longer provisional; Ежи now tie the winner.
        "[game] Итоговая таблица. Победители: Совы, Ежи.",
        "1–2. Ежи: 111 01- — 4 очка",
        "1–2. Совы: 111 -00 — 4 очка",
        "3. Лисы: 110 1-0 — 4 очка",
    ])


async def test_sync_10_a_restart_after_the_game_keeps_the_deferred_appeals_reminders(
        database_url):
    state, after = await finished(database_url, [
        DAY, "host (dm): /vote Ежи yes", "lena (dm): /vote Ежи yes"], restart=True)
    names = {t.id: t.name for t in state.teams.values()}
    assert sorted(names[t] for t in s.winners(state)) == ["Ежи", "Совы"]
    assert_in_order(after, [
        "[dm host] Напоминание: апелляция команды Ежи на вопрос 1 ждёт вашего голоса",
        "[game] Жюри принимает апелляцию команды Ежи на вопрос 1",
    ])


async def test_sync_10_a_restart_after_the_game_keeps_the_deferred_appeals_deadline(
        database_url):
    state, after = await finished(database_url, [DAY, DAY, DAY], restart=True)
    assert not state.appeals.open_teams
    names = {t.id: t.name for t in state.teams.values()}
    assert [names[t] for t in s.winners(state)] == ["Совы"]
    assert_in_order(after, ["[game] Срок жюри по апелляции команды Ежи на вопрос 1 истёк без "
                            "большинства",
                            "[game] Итоговая таблица. Победитель: Совы.",
                            "3. Ежи: 011 01- — 3 очка"])


async def test_sync_10_a_vote_on_a_deferred_appeal_reaches_its_game_after_the_next_one_opened(
        database_url):
    # The jury has 3 days whatever the club plays meanwhile: the next game opened in the same
    # chat does not take the vote that names a team of the earlier game's deferred appeal.
    state, after = await finished(database_url, [
        DAY, "host: /newgame sync", "host (dm): /vote Ежи yes", "lena (dm): /vote Ежи yes"],
        restart=True)
    names = {t.id: t.name for t in state.teams.values()}
    assert sorted(names[t] for t in s.winners(state)) == ["Ежи", "Совы"]
    assert "в этой игре нет" not in after
    assert_in_order(after, ["[game] Жюри принимает апелляцию команды Ежи на вопрос 1",
                            "[game] Итоговая таблица. Победители: Совы, Ежи."])


async def test_sync_10_a_vote_in_the_group_after_the_next_game_opened_reaches_the_appeal(
        database_url):
    state, after = await finished(database_url, [
        DAY, "host: /newgame sync", "host: /vote Ежи no"], restart=False)
    assert not state.appeals.open_teams
    names = {t.id: t.name for t in state.teams.values()}
    assert [names[t] for t in s.winners(state)] == ["Совы"]
    assert "в этой игре нет" not in after
    assert_in_order(after, ["[game] Жюри отклоняет апелляцию команды Ежи на вопрос 1"])


async def test_sync_10_a_deferred_appeal_reminds_its_jury_the_day_before_and_posts_its_end(
        database_url):
    # Given Ежи's appeal deferred after the game (the jury: the host and the captain of the
    # next team, Лисы' lena), when its three days pass with the bot restarted between each
    # two steps and nobody votes, then each juror is reminded privately each day, the last
    # time a day before the deadline, once each, and the game chat hears that the deadline
    # rejected the appeal (the burden of proof being the team's), once, with the final table.
    state, after = await finished(database_url, [
        RESTART, DAY, RESTART, DAY, RESTART, DAY, RESTART, DAY], restart=True)
    assert not state.appeals.open_teams
    reminder = "Напоминание: апелляция команды Ежи на вопрос 1 ждёт вашего голоса"
    assert after.count(f"[dm host] {reminder}") == 2
    assert after.count(f"[dm lena] {reminder}") == 2
    assert_in_order(after, [
        f"[dm host] {reminder}", f"[dm host] {reminder}",
        "[game] Срок жюри по апелляции команды Ежи на вопрос 1 истёк без большинства: бремя "
        "доказательства лежало на команде, поэтому апелляция отклонена. Решение окончательно.",
        "[game] Итоговая таблица. Победитель: Совы.",
    ])
    assert after.count("истёк без большинства") == 1
    assert "Жюри отклоняет" not in after
