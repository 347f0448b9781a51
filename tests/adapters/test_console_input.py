"""What people type, through the console (a subprocess in virtual time): answers that look like
commands, the host's bare verdict, a small package played as a training game."""

from __future__ import annotations

from tests.adapters.test_console_e2e import run_console
from tests.integration.test_service_input import SMALL_PACKAGE

TEAM = ["anna: /team Знатоки", "boris: /join Знатоки"]
SIX = [*TEAM, *(f"{p}: /join Знатоки" for p in ("vera", "gleb", "dasha", "egor"))]


def test_duel_3_5_and_3_7_private_answers_with_slashes_and_the_hosts_bare_verdict(
        database_url):
    lines = [
        *TEAM, "host: /start training",
        "host: +",                     # nothing to judge: table talk, no reply
        "anna: 2", ":sleep 61", "anna: /answerer boris",
        "boris (dm): AC/DC",
        "anna: +",                     # the captain's "+" is table talk too
        "host: -",
        "anna: 3", ":sleep 61", "anna: /answerer boris",
        "boris (dm): @home 24/7",
        "host: +",
    ]
    result = run_console("\n".join(lines) + "\n", db=database_url, locale="en")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "[dm boris] Answer received: “AC/DC”." in out
    assert "[dm boris] Answer received: “@home 24/7”." in out
    assert "[game] Not accepted. Score 0:1" in out
    assert "[game] Correct! Score 1:1" in out
    assert "There is no answer to judge now." not in out
    assert "Only the host" not in out


def test_a_small_package_plays_as_a_training_game_in_the_console(tmp_path, database_url):
    package = tmp_path / "small.txt"
    package.write_text(SMALL_PACKAGE, encoding="utf-8")
    lines = [
        *SIX, "host: /start",          # six players, but three questions: refused, saying why
        "host: /start training",
        *[line for number, answer, verdict in [(1, "Ртуть", "+"), (2, "Лондон", "-"),
                                               (3, "Гашек", "+")]
          for line in (f"anna: {number}", ":sleep 61", "anna: /answerer boris",
                       f"boris (dm): {answer}", f"host: {verdict}")],
    ]
    result = run_console("\n".join(lines) + "\n", "--package", str(package),
                         db=database_url, locale="en")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "There are only 3 questions to play, fewer than the 12 of a game: it can be " \
        "played as a training game (/start training)." in out
    assert "The package has 3 questions; a game needs 12. It can be played as a training " \
        "game: /start training." in out
    assert "[game] The game is on! Team “Знатоки” against the host, to 2 points." in out
    assert "\n    The experts win! Team “Знатоки” won 2:1." in out  # under the verdict
