"""The pieces of DUEL's messages shared by ``render`` and the format: questions, their
slots, the score, the host's set summary, the captain's choice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.formats.base import Msg, To, package_question
from bot.packages.criteria import split_nezachet
from bot.packages.markup import numbered_items
from bot.packages.model import Package, Question
from bot.ports import MessageKind
from bot.tables import Column, Style, Table
from rules import duel as d


def _score_args(state: d.DuelState) -> dict[str, Any]:
    team, host = state.score
    return {"team": state.team.name if state.team else "none", "team_score": team,
            "host_score": host}


def _training_only(state: d.DuelState) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The note that a package short of a set (DUEL-4.1) plays only as a training game."""
    count, need = len(state.scored), state.config.set_size
    return (("duel-training-only", {"count": count, "need": need}),) if count < need else ()


def _names(state: d.DuelState, players: tuple[int, ...]) -> str:
    return ", ".join(state.roster.name(p) for p in players) or "-"


def _numbers(numbers: tuple[int, ...] | list[int]) -> str:
    return ", ".join(map(str, numbers)) or "-"


def _question(package: Package | None, state: d.DuelState, number: int) -> Question | None:
    if package is None or not 1 <= number <= len(state.questions):
        return None
    return package_question(package, state.questions[number - 1])


def _set_summary(state: d.DuelState) -> Msg:
    """The host's view of the set being prepared: the special questions and the candidates."""
    indices = d.set_indices(state)
    facts = state.facts
    in_set = {index: number for number, index in enumerate(indices, 1)}
    outside = [pos for pos, index in enumerate(state.scored, 1)
               if index in facts.triples and index not in in_set]
    lines: list[tuple[str, dict[str, Any]]] = [("duel-set-candidates", {
        "triples": _numbers([in_set[i] for i in facts.triples if i in in_set]),
        "pictures": _numbers([in_set[i] for i in facts.pictures if i in in_set])})]
    if outside:
        lines.append(("duel-set-outside", {"positions": _numbers(outside)}))
    return Msg(To.HOST, "duel-set-summary",
               {"count": len(indices), **d.special_args(d.special_numbers(state))},
               lines=tuple(lines))


def _choose_prompt(state: d.DuelState) -> Msg:
    """The captain's next choice; it goes under the verdict or start that leads to it."""
    captain = state.roster.name(state.team.captain) if state.team else "-"
    lines: list[tuple[str, dict[str, Any]]] = []
    if state.decisive:
        return Msg(To.GAME, "duel-choose-decisive", {
            "captain": captain, "numbers": _numbers(state.decisive_numbers()),
            "name": state.roster.name(state.decisive_player)}, joins=True)
    if state.credit_owed:
        lines.append(("duel-repay-offer", {"numbers": _numbers(state.repayable())}))
    if state.minutes:
        lines.append(("duel-minutes-left", {"count": len(state.minutes)}))
    if state.decisive_round_offered:
        lines.append(("duel-decisive-offer", {}))
    return Msg(To.GAME, "duel-choose", {"captain": captain,
                                        "numbers": _numbers(state.numbers_left())},
               lines=tuple(lines), joins=True)


def _media_lines(q: Question) -> list[tuple[str, dict[str, Any]]]:
    lines: list[tuple[str, dict[str, Any]]] = []
    if q.handout and q.handout.text:
        lines.append(("question-handout", {"text": q.handout.text}))
    if q.picture:
        # The picture is posted; its link too, for a messenger that cannot show it (4.2a).
        lines.append(("question-picture", {"url": q.picture}))
    lines += [("question-audio", {"url": url}) for url in q.audio]
    return lines


def _question_slot(number: int | None, part: int | None) -> str:
    """The status message of a question (or mini-question): read, then with its time."""
    return f"question-{number}-{part if part is not None else ''}"


def _question_msg(q: Question, number: int, extra: list[tuple[str, dict[str, Any]]]) -> Msg:
    return Msg(To.GAME, "duel-question", {"number": number, "text": q.text},
               lines=(*_media_lines(q), *extra), kind=MessageKind.QUESTION, image=q.picture,
               slot=_question_slot(number, None), audio=q.audio[0] if q.audio else None)


def _part_msg(q: Question, number: int, part: int) -> Msg:
    """Mini-question ``part`` (0-based); the first comes with the question's preamble."""
    text = q.parts[part].text if part < len(q.parts) else ""
    part_line = ("duel-part", {"part": part + 1, "count": d.PARTS, "text": text})
    slot = _question_slot(number, part)
    if part:
        return Msg(To.GAME, part_line[0], part_line[1], kind=MessageKind.QUESTION, slot=slot)
    found = numbered_items(q.text.split("\n"))
    preamble = "\n".join(found[0]) if found else q.text
    return Msg(To.GAME, "duel-question", {"number": number, "text": preamble},
               lines=(*_media_lines(q), part_line), kind=MessageKind.QUESTION, image=q.picture,
               slot=slot, audio=q.audio[0] if q.audio else None)


def _reveal(q: Question) -> Msg:
    lines: list[tuple[str, dict[str, Any]]] = []
    # The Зачёт as written may carry an inline Незачёт; that part is shown on its own line.
    accepted = split_nezachet(q.accepted_raw)[0] if q.accepted_raw else ""
    if accepted:
        lines.append(("reveal-accepted", {"text": accepted}))
    if q.rejected:
        lines.append(("reveal-rejected", {"text": "; ".join(q.rejected)}))
    if q.comment:
        lines.append(("reveal-comment", {"text": q.comment}))
    if q.sources:
        lines.append(("reveal-sources", {"text": "\n".join(q.sources)}))
    if q.authors:
        lines.append(("reveal-authors", {"text": ", ".join(q.authors)}))
    return Msg(To.GAME, "reveal-answer", {"text": q.answer}, lines=tuple(lines), joins=True)


def _answer_slot(state: d.DuelState) -> str:
    """The status message of the current question's (or mini-question's) answer: "who
    answers?", then who does, then what they said."""
    return f"answer-{state.current}-{state.part if state.part is not None else ''}"


def _discussion_msg(ev: d.DiscussionStarted, after: d.DuelState) -> Msg:
    """The time given, under the question (it starts once the question is delivered: the
    question's message is shown again with it); the early answer is offered only when its
    window (DUEL-5.1) ends before the discussion does."""
    seconds = ev.seconds if ev.seconds is not None else after.config.discussion
    lines: tuple[tuple[str, dict[str, Any]], ...] = ()
    if ev.early_until is not None:
        window = (ev.early_until - ev.ends_at).total_seconds() + seconds
        if window < seconds:
            lines = (("duel-early-possible", {"seconds": round(window)}),)
    return Msg(To.GAME, "duel-discussion", {"seconds": round(seconds)}, lines=lines,
               deadline=ev.ends_at, joins=True, slot=_question_slot(after.current, after.part))


def _time_line(state: d.DuelState) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The offer of more time (extra minute, hint, credit) when any is available."""
    options = state.time_options()
    if not any(options.values()):
        return ()
    return (("duel-time-options", {k: "yes" if v else "no" for k, v in options.items()}),)


def _chosen_lines(state: d.DuelState) -> list[tuple[str, dict[str, Any]]]:
    """The lines under a chosen question: a repayment, the decisive round, who sits out."""
    extra: list[tuple[str, dict[str, Any]]] = []
    if state.repaying:
        sector13 = state.kinds.get(state.current) is d.Special.SECTOR13
        extra.append(("duel-repaying-sector13" if sector13 else "duel-repaying", {}))
    if state.decisive:
        extra.append(("duel-decisive-question", {"name": state.roster.name(state.solo),
                                                 "points": d.DECISIVE_POINTS}))
    if state.silent:
        extra.append(("duel-silent", {"names": _names(state, state.silent)}))
    return extra


def _stay_line(state: d.DuelState) -> tuple[str, dict[str, Any]]:
    """Who stayed for sector 13 (DUEL-4.2b), under its question."""
    return ("duel-sector13-stay", {"mode": state.sector13.value,
                                   "names": _names(state, state.stayed)})


def table_msg(state: d.DuelState) -> Msg:
    """The score line and, since the last reset (the decisive round starts at 0:0), each
    judged question with the team's answer, the verdict (1 right, 0 wrong) and the score after
    it (``duel-table``, DUEL-3.8), as text and as ``bot.tables.Table``."""
    lines, rows = [], []
    for index, played in enumerate(state.played[state.reset_at:]):
        team, host = replace(state, played=state.played[:state.reset_at + index + 1]).score
        mark = "1" if played.correct else "0"
        lines.append(("duel-table-row", {"number": played.number, "answer": played.answer,
                                         "verdict": "right" if played.correct else "wrong",
                                         "team_score": team,
                                         "host_score": host}))
        rows.append((str(played.number), played.answer, mark, f"{team}:{host}"))
    columns = (Column(("table-question", {})), Column(("table-answer", {}), Style.TEXT),
               Column(("table-verdict", {}), Style.MARK), Column(("table-score", {}), Style.TOTAL))
    return Msg(To.GAME, "duel-table", _score_args(state), lines=tuple(lines),
               table=Table(columns, tuple(rows)))
