"""The TV deal (TV-2, TV-3): an envelope is one question, one minute of discussion and one oral
answer, so a TV game deals only a package's ordinary questions; DUEL's blitz, superblitz and
sector 13 (which TV's rules do not have) stay out, and the opening says how many and why."""

from __future__ import annotations

from bot.bootstrap import SAMPLE_PACKAGE, SAMPLE_TV_PACKAGE
from bot.formats.tv import TvFormat
from bot.i18n import Translator
from bot.packages import load_package
from bot.packages.model import QuestionKind
from rules import tv

DUEL_SAMPLE = load_package(SAMPLE_PACKAGE).package


def test_tv_2_the_deal_leaves_duel_s_special_questions_out_of_the_envelopes():
    # Given the bundled DUEL package: a blitz, a superblitz and a "13-й сектор" question among
    # its twelve,
    # when a TV game is opened on it,
    created = TvFormat().create(1, "host", 7, DUEL_SAMPLE)
    # then its envelopes are the nine ordinary questions, none of them special,
    dealt = [DUEL_SAMPLE.questions[i] for i in created.questions]
    assert len(dealt) == 9
    assert all(q.kind is QuestionKind.REGULAR and not q.parts for q in dealt)
    assert not any("сектор" in q.text[:40].casefold() for q in dealt)
    # and the package is refused for a game to six, which may need eleven envelopes.
    problem = TvFormat().package_problem(DUEL_SAMPLE)
    assert (problem.reason, problem.args) == ("tv-too-few-questions", {"count": 9, "need": 11})


def test_tv_2_the_opening_says_how_many_questions_stay_out_and_why(translator: Translator):
    # Given a TV game opened on the DUEL package,
    fmt = TvFormat()
    created = fmt.create(1, "host", 7, DUEL_SAMPLE)
    state = tv.evolve(None, created)
    # when the chat is told,
    [opening] = fmt.render(created, None, state, DUEL_SAMPLE)
    text = "\n".join([translator(opening.key, "ru", **opening.args),
                      *(translator(key, "ru", **args) for key, args in opening.lines)])
    # then it counts the nine envelopes and names the three questions left out, and why.
    assert "9 конвертов" in text
    assert "В конверты не попали 3 вопроса пакета: конверт телеверсии — один вопрос, минута " \
        "обсуждения и один устный ответ" in text
    assert "блиц — 1\nсуперблиц — 1\n13-й сектор — 1" in text


def test_tv_2_the_bundled_tv_package_deals_every_question_and_says_nothing_left_out():
    # Given the bundled TV package, when a game is opened on it,
    package = load_package(SAMPLE_TV_PACKAGE).package
    fmt = TvFormat()
    created = fmt.create(1, "host", 7, package)
    [opening] = fmt.render(created, None, tv.evolve(None, created), package)
    # then each of its thirteen questions is an envelope, one per sector, and none is left out.
    assert created.questions == tuple(range(13))
    assert opening.lines == ()
    assert fmt.package_problem(package) is None
