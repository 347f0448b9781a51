"""The host's guide, docs/playing.md, plays as written: its whole SYNC game and its whole TV
game, pasted into the console, reach the end with nothing refused (SYNC-1 to SYNC-11: the
announcement, registration, team questions, fees, duty, rounds, grouped judging, an appeal
decided by the jury, the season; TV-1 to TV-6, TV-9: the top, the minute, the host's verdict,
the club tables' written answers, a change at the central table, the experts' six points,
the ratings)."""

from __future__ import annotations

import re
from itertools import chain
from pathlib import Path

from fluent.syntax import FluentParser, ast

from tests.adapters.test_console_e2e import run_console
from tests.adapters.transcript import assert_in_order

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "playing.md"

REFUSAL = re.compile(r'Rejection\(\s*f?"([a-z0-9-]+)')
"""A refusal in the code: ``Rejection("key"`` (or an f-string's fixed start, ``"key-{``)."""

ANY = r"[^\n]*?"
"""A placeable in a refusal's line: any text within the line."""

REPLIES = frozenset({"sync-unpaid"})
"""Keys sent through the refusal path that answer a question rather than refuse it."""


def guide_script(heading: str) -> str:
    """The first ``text`` block after ``heading`` in docs/playing.md."""
    section = GUIDE.read_text(encoding="utf-8").split(heading, 1)[1]
    found = re.search(r"```text\n(.*?)```", section, re.DOTALL)
    assert found is not None, f"docs/playing.md has no script under {heading!r}"
    return found[1]


def _line_patterns(pattern: ast.Pattern) -> list[str]:
    """The lines of a Fluent pattern as regular expressions, a placeable matching any text
    within the line."""
    lines = [""]
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            first, *rest = element.value.split("\n")
            lines[-1] += re.escape(first)
            lines += [re.escape(chunk) for chunk in rest]
        else:
            lines[-1] += ANY
    return [line.strip() for line in lines]


def refusal_patterns() -> dict[str, str]:
    """Every line of every Russian refusal the code can send, as a regular expression mapped
    to its message key: the keys of ``Rejection`` in ``rules/`` and ``bot/`` (an f-string's
    key counts as a prefix), every command's usage and the role refusals. Lines with fewer
    than twelve fixed characters are left out, too short to tell apart."""
    keys: set[str] = set()
    for path in chain((ROOT / "rules").rglob("*.py"), (ROOT / "bot").rglob("*.py")):
        keys.update(REFUSAL.findall(path.read_text(encoding="utf-8")))
    prefixes = (*(key for key in keys if key.endswith("-")), "usage-", "not-allowed")
    patterns: dict[str, str] = {}
    for path in (ROOT / "locales" / "ru").glob("*.ftl"):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(entry, ast.Message) or entry.value is None:
                continue
            key = entry.id.name
            if key in REPLIES or not (key in keys or key.startswith(prefixes)):
                continue
            for line in _line_patterns(entry.value):
                if len(line.replace(ANY, "").replace("\\", "")) >= 12:
                    patterns.setdefault(line, key)
    return patterns


def refusals_in(out: str) -> list[tuple[str, str]]:
    """The refusals printed in ``out``: (message key, the text printed)."""
    return [(key, found[0]) for pattern, key in refusal_patterns().items()
            if (found := re.search(pattern, out))]


def play(heading: str, *args: str, db: str) -> str:
    """The guide's script under ``heading`` played in the console; its output, after checking
    that the console ended cleanly."""
    result = run_console(guide_script(heading), *args, db=db)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    return result.stdout


def test_the_refusal_check_sees_a_refused_step(database_url):
    # Given the guide's SYNC script with the second round started before the first ended,
    script = guide_script("### A whole SYNC game to paste")
    broken = script.replace("host: /round 3 7 2\n", "host: /round 3 7 2\nhost: /round teams 1\n")
    assert broken != script
    # when it is played,
    result = run_console(broken, "--format", "sync", db=database_url)
    # then the refusal the host gets is found.
    assert [key for key, _ in refusals_in(result.stdout)] != []


def test_sync_guide_game_plays_to_the_final_table_and_the_season(database_url, monkeypatch):
    """SYNC-2 to SYNC-11 as the guide's host plays them, with the club's fee set."""
    # Given the club's fee of 12 dollars a team,
    monkeypatch.setenv("CHGK_SYNC_FEE", "12 USD")
    # when the guide's SYNC script is pasted into the console,
    out = play("### A whole SYNC game to paste", "--format", "sync", db=database_url)
    # then nothing is refused, and the game goes from the announcement to the season's table.
    assert refusals_in(out) == []
    assert_in_order(out, [
        "Это отборочная игра: она учитывается в сезоне",
        "Взнос — 12 USD с команды",
        "Не оплатила взнос 1 команда: Гамма.",
        "Дежурная команда — «Бета»",
        "Ведущий разрешил замену (выходит gleb, входит petr).",
        "[game] Раунд 1: вопросы организаторов (3 вопроса).",
        "Вопрос 1: ответ — Гагарин; верно ответили 2 команды из 3: Альфа, Бета.",
        "поясняет ответ на вопрос 3: «Hg — химический символ ртути».",
        "[game] Раунд 2: вопросы команд, по 1 от каждой (3 вопроса).",
        "Задаёт команда «Гамма»: она на этот вопрос не отвечает.",
        "Жюри принимает апелляцию команды Гамма на вопрос 2",
        "[game] Итоговая таблица. Победитель: Альфа.",
        "    3. Гамма: 011 00- — 3 очка",
        "В сезоне «Осень 2026» учтена игра №1: 3 команды, победитель — Альфа.",
        "Дежурит на следующей игре: Гамма.",
    ])


def test_tv_guide_game_plays_to_six_points_and_the_ratings(database_url):
    """TV-1 to TV-6 and TV-9 as the guide's host plays them, whatever envelopes the top
    picks."""
    # Given the guide's TV script, when it is pasted into the console,
    out = play("### A whole TV game to paste", "--format", "tv", db=database_url)
    # then nothing is refused, Орёл takes the central table from Сфинкс on its club table's
    # written answer, and the experts win 6:1 with a best player and every player's rating.
    assert refusals_in(out) == []
    assert_in_order(out, [
        "[game] Игра началась: 3 команды, до 6 очков.",
        "Счёт: знатоки 1 — телезрители 0.",
        "команда «Сфинкс» встаёт из-за центрального стола. Счёт: знатоки 1 — телезрители 1.",
        "За центральный стол садится «Орёл»: единственная верно ответила",
        "Победа знатоков со счётом 6:1!",
        "[game] Лучший игрок центрального стола — zhenya. Игра окончена.",
        "Рейтинг игроков: dasha — 11, egor — 11, zhenya — 11, zoya — 11, anna — 2",
    ])


def test_sync_season_record_before_the_end_names_the_formats_a_season_counts(database_url):
    """SYNC's season (SYNC-7 points): a game is counted once it has ended."""
    # Given the guide's SYNC game with the appeal still before the jury (one vote of two),
    script = guide_script("### A whole SYNC game to paste")
    cut = script.replace("dasha (dm): /vote Гамма yes\n", "")
    assert cut != script
    # when the host creates the season and records the game before ending it,
    result = run_console(cut, "--format", "sync", db=database_url)
    # then the host is told that only a finished DUEL or SYNC game counts, not that a DUEL
    # game is missing.
    assert "В этом чате нет законченной игры дуэли или синхрона: сезон учитывает игру, когда " \
           "она закончена." in result.stdout
    assert "«Дуэль»" not in result.stdout
