"""``chgk-bot export --game N``: a played game's final table as CSV and JSON, and the rating
site's upload of a SYNC game with the club's roster (SYNC-7, SYNC-9,
SYNC-10). The SYNC game is the console's three-team game (``test_console_sync``), played with
a restart in the middle; every export opens the database afresh, as a later run of the
command would."""

from __future__ import annotations

import asyncio
import csv
import io
import json

from bot.cli.main import main
from tests.adapters.test_console_sync import APPEALS_ACCEPTED, play


def cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["--locale", "en", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def played(database_url: str) -> None:
    asyncio.run(play(database_url))


def test_sync_7_export_csv_has_places_marks_tours_totals_and_the_provisional_flag(
        database_url, capsys):
    played(database_url)
    code, out, err = cli(capsys, "export", "--game", "1", "--format", "csv",
                         "--database", database_url)
    assert (code, err) == (0, "")
    assert list(csv.reader(io.StringIO(out))) == [
        ["place", "team", "q1", "q2", "q3", "q4", "q5", "q6", "tour1", "tour2", "total",
         "provisional"],
        ["1", "Совы", "1", "1", "1", "-", "0", "0", "3", "1", "4", "no"],
        ["2", "Лисы", "1", "1", "0", "1", "-", "0", "2", "2", "4", "no"],
        ["3", "Ежи", "0", "1", "1", "0", "1", "-", "2", "1", "3", "no"],
    ]


def test_sync_8_export_json_names_the_winner_and_the_questions_of_each_tour(
        database_url, tmp_path, capsys):
    played(database_url)
    target = tmp_path / "game.json"
    assert cli(capsys, "export", "--game", "1", "--out", str(target),
               "--database", database_url) == (
        0, f"The final table of game #1 is written to {target}.\n", "")
    data = json.loads(target.read_text(encoding="utf-8"))
    assert (data["game"], data["format"], data["provisional"], data["winners"]) == (
        1, "sync", False, ["Совы"])
    assert [(q["number"], q["tour"], q["in_tour"], q["asking_team"])
            for q in data["questions"]] == [
        (1, 1, 1, None), (2, 1, 2, None), (3, 1, 3, None),
        (4, 2, 1, "Совы"), (5, 2, 2, "Лисы"), (6, 2, 3, "Ежи")]
    assert data["teams"][1] == {"place": "2", "team": "Лисы",
                                "marks": ["1", "1", "0", "1", "-", "0"],
                                "tours": {"1": 2, "2": 2}, "total": 4, "answered": 3}


def test_sync_9_rating_export_writes_one_row_per_team_and_tour_with_the_disputed_answer(
        database_url, tmp_path, capsys):
    played(database_url)
    roster = tmp_path / "club-roster.csv"
    # The club's roster: written from the game's teams, then the club fills in the ids.
    code, out, _ = cli(capsys, "export", "--game", "1", "--format", "roster",
                       "--roster", str(roster), "--database", database_url)
    assert code == 0 and "4 new rows" in out
    assert roster.read_text(encoding="utf-8").splitlines() == [
        ",Совы,,К,,,anna,", ",Совы,,Б,,,boris,", ",Лисы,,К,,,lena,", ",Ежи,,К,,,ivan,"]
    roster.write_text("\r\n".join([
        "1001,Совы,Москва,К,501,Совина,Anna,Ивановна",
        "1001,Совы,Москва,Л,502,Борисов,Boris,",
        "1002,Лисы,Тверь,К,,Лисина,Lena,",
        ",Ежи,,К,,,ivan,"]) + "\r\n", encoding="utf-8")
    # Once filled in, another export of the roster adds nothing and keeps the ids.
    assert "no new rows" in cli(capsys, "export", "--game", "1", "--format", "roster",
                                "--roster", str(roster), "--database", database_url)[1]
    results = tmp_path / "results.csv"
    code, out, err = cli(capsys, "export", "--game", "1", "--format", "rating",
                         "--roster", str(roster), "--out", str(results),
                         "--database", database_url)
    assert (code, err) == (0, "")
    assert "2 players have no rating id yet" in out
    # No header, UTF-8; q3 of the Foxes is disputed (their double-answer appeal, SYNC-9):
    # its cell is their answer's text; the asking team's cell is its point (SYNC-7).
    assert results.read_bytes().decode("utf-8").splitlines() == [
        "1001,Совы,Москва,1,1,1,1",
        "1001,Совы,Москва,2,1,0,0",
        "1002,Лисы,Тверь,1,1,1,Титов",
        "1002,Лисы,Тверь,2,1,1,0",
        ",Ежи,,1,0,1,1",
        ",Ежи,,2,0,1,0",
    ]
    assert (tmp_path / "results-roster.csv").read_text(encoding="utf-8").splitlines() == [
        "1001,Совы,Москва,К,501,Совина,Anna,Ивановна",
        "1001,Совы,Москва,Л,502,Борисов,Boris,",
        "1002,Лисы,Тверь,К,,Лисина,Lena,",
        ",Ежи,,К,,,ivan,"]


def test_sync_9_rating_export_of_the_game_with_an_accepted_double_answer_and_removal(
        database_url, tmp_path, capsys):
    # The reference game: Лисы' «Титов» on q3 accepted as a double answer,
    # q5 (Лисы' question) removed, then the shoot-out (SYNC-8, SYNC-9).
    asyncio.run(play(database_url, APPEALS_ACCEPTED))
    results = tmp_path / "results.csv"
    code, _, err = cli(capsys, "export", "--game", "1", "--format", "rating",
                       "--out", str(results), "--database", database_url)
    assert (code, err) == (0, "")
    # The disputed answers are their texts: «Титов» (double answer), every answer handed in
    # on the removed q5; its asking team, Лисы, has no answer there and no point (SYNC-9b).
    assert results.read_bytes().decode("utf-8").splitlines() == [
        ",Совы,,1,1,1,1",
        ",Совы,,2,1,волк,0",
        ",Лисы,,1,1,1,Титов",
        ",Лисы,,2,1,0,0",
        ",Ежи,,1,0,1,1",
        ",Ежи,,2,0,лиса,0",
    ]
    assert (tmp_path / "results-roster.csv").read_text(encoding="utf-8").splitlines() == [
        ",Совы,,К,,,anna,", ",Совы,,Б,,,boris,", ",Лисы,,К,,,lena,", ",Ежи,,К,,,ivan,"]


def test_export_of_a_missing_or_unfinished_game_or_a_bad_roster_says_why(
        database_url, tmp_path, capsys):
    assert cli(capsys, "export", "--game", "7", "--database", database_url) == (
        1, "There is no game #7.\n", "")
    played(database_url)
    assert cli(capsys, "--locale", "ru", "export", "--game", "9", "--database",
               database_url)[1] == "Игры №9 нет.\n"
    bad = tmp_path / "bad.csv"
    bad.write_text("Совы,К\n", encoding="utf-8")
    code, out, _ = cli(capsys, "export", "--game", "1", "--format", "rating",
                       "--roster", str(bad), "--database", database_url)
    assert code == 1 and out.startswith("Line 1 of the roster")
    assert cli(capsys, "export", "--format", "rating", "--database", database_url)[0] == 2


def test_a_game_number_is_written_as_typed_so_it_can_be_copied_into_a_command(
        database_url, capsys):
    # "№1 234" or "#1,234" would not be read back by --game.
    assert cli(capsys, "--locale", "ru", "export", "--game", "12345", "--database",
               database_url)[1] == "Игры №12345 нет.\n"
    assert cli(capsys, "export", "--game", "12345", "--database", database_url)[1] == (
        "There is no game #12345.\n")


def test_a_roster_or_results_that_cannot_be_written_leave_the_clubs_file_whole(
        database_url, tmp_path, capsys, monkeypatch):
    # Given the club's roster, filled in by hand
    played(database_url)
    roster = tmp_path / "club-roster.csv"
    filled = "1001,Совы,Москва,К,501,Совина,Anna,Ивановна\r\n"
    roster.write_text(filled, encoding="utf-8", newline="")
    # When the disk fills up while the roster export writes it
    import bot.cli.export

    def full_disk(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(bot.cli.export.os, "fsync", full_disk)
    code, out, err = cli(capsys, "export", "--game", "1", "--format", "roster",
                         "--roster", str(roster), "--database", database_url)
    # Then the export says which file and why, in one line, and the roster is as it was
    assert code == 1 and out == ""
    assert err == (f"Could not write {roster}: No space left on device. "
                   "The file that was there is left as it was.\n")
    assert roster.read_text(encoding="utf-8") == filled.replace("\r\n", "\n")
    assert not list(tmp_path.glob("*.partial"))
    # And a results file into a folder that is not there is the same one line
    monkeypatch.undo()
    missing = tmp_path / "no-such-folder" / "results.json"
    code, _, err = cli(capsys, "export", "--game", "1", "--format", "json",
                       "--out", str(missing), "--database", database_url)
    assert code == 1 and err.startswith(f"Could not write {missing}: No such file")
