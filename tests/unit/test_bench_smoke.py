"""The bench's import and judging part runs on a real package and returns a well-formed result.

Speed is never asserted here (DESIGN.md, Tests): only that the numbers are there.
"""

from __future__ import annotations

import json

from bench.judging import given_answers, run_judging
from bench.receipts import run_receipts
from bench.report import render, targets
from bot.packages import load_package
from tests.conftest import shared_package


def test_judging_part_returns_rates_for_each_package():
    package = shared_package("01_")
    result = run_judging([package], seconds=0.001)
    (row,) = result["packages"]
    assert row["package"] == package.name
    assert row["questions"] == len(load_package(package).package.questions)
    assert row["answers"] == 3 * row["questions"]
    assert sum(row["verdicts"].values()) == row["answers"]
    for key in ("import_questions_per_s", "judge_per_s", "judge_prebuilt_per_s",
                "rapidfuzz_per_s", "judge_cost_ratio"):
        assert row[key] > 0, key
    assert result["total"]["questions"] == row["questions"]
    assert result["total"]["judge_per_s"] > 0


def test_given_answers_are_the_answer_a_typo_and_another_questions_answer():
    questions = load_package(shared_package("01_")).package.questions[:2]
    pairs = given_answers(questions)
    assert [q for q, _ in pairs] == [questions[0]] * 3 + [questions[1]] * 3
    assert pairs[0][1] == questions[0].answer
    assert pairs[1][1] != questions[0].answer
    assert pairs[2][1] == questions[1].answer


def test_the_report_renders_a_partial_run():
    results = {"meta": {"date": "2026-01-01 00:00 UTC", "cpus": 2, "python": "3.11",
                        "sqlite": "3.40", "seconds": 1.0, "command": "python -m bench"},
               "judging": run_judging([shared_package("07_")], seconds=0.001)}
    results["targets"] = targets(results)
    text = render(results)
    assert "Import and judging" in text
    measured = {t["target"] for t in results["targets"] if t["value"] is not None}
    assert measured == {"judging: ours / raw rapidfuzz (time)", "import, shared packages"}
    assert all(t["met"] is None for t in results["targets"] if t["value"] is None)
    assert "not measured" in text


def test_the_report_prints_the_accepted_lines_the_judge_is_unsure_of():
    # Given the judging part run on a package whose Зачёт has prose lines ("По смыслу")
    results = {"meta": {"date": "2026-01-01 00:00 UTC", "cpus": 2, "python": "3.11",
                        "sqlite": "3.40", "seconds": 1.0, "command": "python -m bench"},
               "judging": run_judging([shared_package("01_")], seconds=0.001)}
    lines = results["judging"]["total"]["lines"]
    # when the report is rendered, then it states the accepted lines, the share the judge is
    # unsure of and the wrong acceptances, and names the lines left to the host
    text = render(results)
    assert (f"{lines['lines']} lines, the judge UNSURE on {lines['unsure']} "
            f"({lines['unsure_share']:.1%}), wrongly accepted 0") in text
    assert lines["unsure"] > 0 and "  UNSURE: «По смыслу»" in text


def test_receipts_part_sends_every_receipt_and_reports_the_wait():
    # The figures are printed by the bench, never asserted as speeds.
    (run,) = run_receipts([40], rtt=0.0)
    assert run["teams"] == 40 and run["receipt_ms"]["n"] == 40
    assert run["last_receipt_after_close_s"] >= 0 and run["host_list_late_s"] >= 0
    text = render({"meta": {"date": "2026-01-01 00:00 UTC", "cpus": 2, "python": "3.11",
                            "sqlite": "3.40", "seconds": 1.0, "command": "python -m bench"},
                   "receipts": [run]})
    assert "40 teams: receipt after the hand-in" in text


async def test_the_real_pace_part_finishes_every_game_and_none_is_left_held(tmp_path):
    from bench.concurrency import run_concurrency

    run = await run_concurrency(tmp_path / "real.sqlite3", games=4, duration=1.0,
                                discussion=60.0, warning_at=50.0, think=(0.1, 0.3), seed=1,
                                baseline_window=0.5, finish=True, again=1.0)
    # Every game of both waves has left memory, and with them the service's people.
    for left in (run["finished"], run["finished"]["again"]):
        assert left["games_in_memory"] == 0 and left["people_kept"] == 0
    results = {"meta": {"date": "2026-01-01 00:00 UTC", "cpus": 2, "python": "3.11",
                        "sqlite": "3.40", "seconds": 1.0, "command": "python -m bench"},
               "real_pace": run}
    text = render(results)
    assert "Real pace: 4 DUEL games" in text
    assert "4 games finished in" in text and "0 games still in memory" in text
    assert "the same chats and people played 4 games again" in text



def test_a_failing_bench_part_is_reported_and_the_next_parts_still_run(tmp_path,
                                                                                 capsys):
    # make bench takes ten minutes: one broken part must not lose the other parts' figures.
    from bench.__main__ import main

    packages = tmp_path / "packages"
    packages.mkdir()
    (packages / "broken.json").write_text("{ not a package", encoding="utf-8")
    output = tmp_path / "results.json"
    code = main(["--only", "judging,receipts", "--packages", str(packages),
                 "--receipt-teams", "20", "--judge-seconds", "0.001", "--output", str(output)])
    assert code == 1
    results = json.loads(output.read_text(encoding="utf-8"))
    assert set(results["failed"]) == {"judging"}
    assert results["receipts"][0]["teams"] == 20
    printed = capsys.readouterr().out
    assert "Parts that FAILED" in printed and "judging:" in printed
    assert "20 teams: receipt after the hand-in" in printed
