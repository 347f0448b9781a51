"""TV-2 after the last question: the host's verdict ended the game (TV-4) before the
captain named who answered; the ended game still takes the captain's ``/answerer`` for
the record (``TvFormat.after_game``), and the rules accept it once."""

from __future__ import annotations

from bot.formats.tv import TvFormat
from rules import tv
from tests.unit.tv_steps import CAPTAINS, HOST, B, created, given, registered

A_POINT_GAME = given(created(target=1), *registered(100, B)).started(B)
"""A game to one point, the top having drawn "Бета" for the central table."""


def test_tv_2_the_answerer_of_the_last_question_is_named_after_the_game():
    over = A_POINT_GAME.envelope(3).time_up().does(tv.JudgeAnswer(HOST, False))
    assert over.state.phase is tv.Phase.FINISHED
    assert "answerer" in TvFormat().after_game(over.state)
    named = over.when(tv.NameAnswerer(CAPTAINS[B], 21)).then(tv.AnswererNamed(21))
    assert named.state.rounds[-1].answerer == 21
    assert "answerer" not in TvFormat().after_game(named.state)
    named.when(tv.NameAnswerer(CAPTAINS[B], 20)).then_rejected("tv-not-answering")
