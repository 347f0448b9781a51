"""The crash soak's short version: the first three questions of
a DUEL game in a real ``chgk-bot console`` process on the real clock, SIGKILLed four times and
started again; ``make soak`` plays the whole game with 20 kills (``bench/soak.py``).

Restart recovery keeps the game (DESIGN.md, Time; DUEL-3.4): the same final score as without
kills, every answer confirmed to a player in the event log, no event stored twice, no signal
sounded twice (each discussion ends once and warns at most once, in the log and on screen).
"""

from __future__ import annotations

from bench.soak import SHORT, soak

SEED = 9
"""A plan with a kill between questions, in a minute, right after a verdict and in sector
13's minute (``plan_kills`` draws the moments and delays from it)."""


def test_four_kills_in_three_questions_lose_and_double_nothing(tmp_path, database_url):
    # A 12-second minute: long enough that a restart on a loaded machine rarely misses a
    # deadline; when it does, the game pauses and the driver resumes it as the host would.
    report = soak(SHORT, 4, SEED, tmp_path, discussion=12.0, warning_at=8.0,
                  database_url=database_url)
    assert report.problems == []
    assert report.kills_survived == 4
    assert (report.answers_lost, report.events_duplicated, report.signals_duplicated) == (0, 0, 0)
    assert report.score == report.expected_score == (3, 0)
