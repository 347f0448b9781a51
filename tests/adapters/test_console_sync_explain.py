"""The explanation of an unclear answer in chat through the console (SYNC-6), with a restart
in the middle: the player the host asked writes it to the bot; when it reads as an answer
whose group is already decided, the team gets that verdict at once and the hosts see it "as
decided for team X" (issue 14, remembered verdicts)."""

from __future__ import annotations

from rules import sync as s
from tests.adapters.sync_console import OPENING, WINDOW, restarted
from tests.adapters.transcript import assert_in_order


async def test_sync_6_an_explained_answer_gets_the_verdict_decided_for_its_group(
        database_url):
    _, state, before, after = await restarted(database_url, [
        *OPENING, "host: /round 1 2 3", "host: /ask",
        "anna (dm): Эйфель", "lena (dm): Эфл", "ivan (dm): Гюстав", WINDOW,
        "host: /accept 1", "host: /reject 3",
        "lena (dm): Эйфель", "host: /clarify Лисы",
    ], [
        "boris (dm): Эйфель", "lena (dm): Эйфель", "lena (dm): Эйфель",
    ])
    assert_in_order(before, [
        "[dm host] «Эйфель» (1 команда): засчитано.",
        "[dm host] «Гюстав» (1 команда): не засчитано.",
        # Before the host asks, a player's private text is a (late) written answer.
        "[dm lena] Приём ответов на вопрос 1 закончен.",
        "[dm lena] Ведущий просит вас пояснить ответ команды «Лисы» на вопрос 1",
    ])
    assert_in_order(after, [
        "[dm boris] Приём ответов на вопрос 1 закончен.",
        "[dm host] lena (команда «Лисы») поясняет ответ на вопрос 1: «Эйфель».",
        "[dm host] «Эйфель» — засчитан, как решено для команды «Совы».",
        # Nothing is left to judge: the question is scored, Лисы right.
        "[game] Вопрос 1: ответ — Эйфель.; верно ответили 2 команды из 3: Совы, Лисы.",
        "[dm lena] Ответ вашей команды уже пояснён: он у ведущих.",
    ])
    names = {t.id: t.name for t in state.teams.values()}
    assert {names[t]: p for t, p in s.totals(state).items()} == {"Совы": 1, "Лисы": 1,
                                                                   "Ежи": 0}


async def test_sync_6_an_explanation_that_reads_as_a_new_answer_waits_for_the_hosts(
        database_url):
    _, state, _, after = await restarted(database_url, [
        *OPENING, "host: /round 1 2 3", "host: /ask",
        "anna (dm): Эйфель", "lena (dm): Эфл", "ivan (dm): Гюстав", WINDOW,
        "host: /clarify Лисы",
    ], ["lena (dm): Эйфелев", "host (dm): /accept 4"])
    assert_in_order(after, [
        "[dm host] lena (команда «Лисы») поясняет ответ на вопрос 1: «Эйфелев».",
        # The hosts' list again: the team's answer in its new group, the one it left gone.
        "[dm host] Вопрос 1, ответ автора: Эйфель. — 3 группы ответов:",
        "4. «Эйфелев» — 1 команда",
        "[dm host] «Эйфелев» (1 команда): засчитано.",
    ])
    assert "«Эфл»" not in after
    assert state.current.judging.verdict_of(
        next(t.id for t in state.teams.values() if t.name == "Лисы")) is not None


async def test_issue_14_the_host_changes_a_remembered_verdict_for_all_its_teams_at_once(
        database_url):
    _, state, _, after = await restarted(database_url, [
        *OPENING, "host: /round 1 2 3", "host: /ask",
        "anna (dm): Эйфель", "lena (dm): Эфл", "ivan (dm): Гюстав", WINDOW,
        "host: /accept 1", "host: /reject 3", "host: /clarify Лисы", "lena (dm): Эйфель",
    ], [
        # A button drawn for a waiting group does not overturn a verdict given meanwhile.
        "host: /accept 3 pending",
        # Typed, the verdict changes the group: the team it was decided for and the team
        # that got it remembered alike.
        "host: /reject 1",
    ])
    assert_in_order(after, [
        "[dm host] Пока вы смотрели, эту группу уже решили: незачёт. Посмотрите ещё раз.",
        "[dm host] «Эйфель» (2 команды): не засчитано.",
    ])
    names = {t.id: t.name for t in state.teams.values()}
    assert {names[t]: p for t, p in s.totals(state).items()} == {"Совы": 0, "Лисы": 0,
                                                                   "Ежи": 0}
