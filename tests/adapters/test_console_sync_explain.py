"""The explanation of an unclear answer in chat through the console (SYNC-6), with a restart
in the middle: the player the host asked writes it to the bot; the hosts read it beside the
answer the team handed in and judge that answer, whatever the explanation says."""

from __future__ import annotations

from rules import sync as s
from tests.adapters.sync_console import OPENING, WINDOW, restarted
from tests.adapters.transcript import assert_in_order


def _points(state: s.SyncState) -> dict[str, int]:
    names = {t.id: t.name for t in state.teams.values()}
    return {names[t]: p for t, p in s.totals(state).items()}


async def test_sync_6_an_explanation_never_changes_the_answer_handed_in(database_url):
    """Given Совы and Ежи hand in «Эйфель», Лисы «Эфл», and the host accepts «Эйфель»; when
    Лисы' player, asked to explain, writes «Эйфель», then the hosts see it beside «Эфл», Лисы
    get no point for it, and the group numbers of the list shown before still hold."""
    _, state, before, after = await restarted(database_url, [
        *OPENING, "host: /round 1 2 3", "host: /ask",
        "anna (dm): Эйфель", "lena (dm): Эфл", "ivan (dm): Эйфель", WINDOW,
        "host: /accept 1",
        "lena (dm): Эйфель", "host: /clarify Лисы",
    ], [
        "boris (dm): Эйфель", "lena (dm): Эйфель", "lena (dm): Эйфель", "host: /reject 2",
    ])
    assert_in_order(before, [
        "2. «Эфл» — 1 команда",
        "[dm host] «Эйфель» (2 команды): засчитано.",
        # Before the host asks, a player's private text is a (late) written answer.
        "[dm lena] Приём ответов на вопрос 1 закончен.",
        "[dm lena] Ведущий просит вас пояснить ответ команды «Лисы» на вопрос 1",
    ])
    assert_in_order(after, [
        "[dm boris] Приём ответов на вопрос 1 закончен.",
        "[dm host] lena (команда «Лисы») поясняет ответ на вопрос 1: «Эйфель».",
        "Сдан ответ «Эфл» (группа 2). Судите сданный ответ: пояснение ответом не становится.",
        "[dm lena] Ответ вашей команды уже пояснён: он у ведущих.",
        "[dm host] «Эфл» (1 команда): не засчитано.",
        "[game] Вопрос 1: ответ — Эйфель; верно ответили 2 команды из 3: Совы, Ежи.",
    ])
    assert "засчитан, как решено" not in after
    assert _points(state) == {"Совы": 1, "Лисы": 0, "Ежи": 1}


async def test_sync_6_an_explanation_joins_no_group_and_the_hosts_judge_the_answer(
        database_url):
    """Given Лисы handed in «Эфл» and the host asked them to explain; when the player writes
    a text that would read as another answer, then no group appears for it and the host's
    verdict on «Эфл» is Лисы' verdict."""
    _, state, _, after = await restarted(database_url, [
        *OPENING, "host: /round 1 2 3", "host: /ask",
        "anna (dm): Эйфель", "lena (dm): Эфл", "ivan (dm): Гюстав", WINDOW,
        "host: /clarify Лисы",
    ], ["lena (dm): Эйфелев", "host: /accept 2"])
    assert_in_order(after, [
        "[dm host] lena (команда «Лисы») поясняет ответ на вопрос 1: «Эйфелев».",
        "Сдан ответ «Эфл» (группа 2).",
        "[dm host] «Эфл» (1 команда): засчитано.",
    ])
    assert "группы ответов" not in after and "«Эйфелев» —" not in after
    lisy = next(t.id for t in state.teams.values() if t.name == "Лисы")
    asked = state.current
    assert asked.judging.answers[lisy].text == "Эфл" and asked.explained[lisy] == "Эйфелев"
    assert len([g for g in asked.judging.groups.values() if not g.empty]) == 3
