"""Import and judging throughput on real packages, with rapidfuzz's raw distance as baseline.

Import: ``parse_package`` on each file's bytes (decoding, format sniffing, parsing), repeated
for ``seconds``; questions per second. Judging: for every question with an answer, three given
answers (the author's answer as written, the same with a typo, and the next question's answer)
judged the way the service judges them, ``judge_question`` (a ``Matcher`` built per answer),
and with one ``Matcher`` per question reused; answers per second. The baseline is one
``rapidfuzz.distance.OSA.distance(given, answer)`` call per given answer on the same strings.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rapidfuzz.distance import OSA

from bench.stats import ratio
from bot.answers import Matcher, judge_question
from bot.packages import parse_package
from bot.packages.model import Question


def _rate(work: Callable[[], int], seconds: float) -> float:
    """Items per second: ``work()`` (which returns how many items it did) repeated until
    ``seconds`` have passed, at least once."""
    done, started = 0, time.perf_counter()
    while True:
        done += work()
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return done / elapsed


def _typo(text: str) -> str:
    """``text`` with two neighbouring letters of its longest word swapped (or, for a word of
    under four letters, its last letter doubled)."""
    words = text.split()
    if not words:
        return text
    i = max(range(len(words)), key=lambda k: len(words[k]))
    word = words[i]
    if len(word) >= 4:
        m = len(word) // 2
        word = word[: m - 1] + word[m] + word[m - 1] + word[m + 1 :]
    else:
        word += word[-1]
    words[i] = word
    return " ".join(words)


def given_answers(questions: tuple[Question, ...]) -> list[tuple[Question, str]]:
    """``(question, given answer)`` pairs: the author's answer, a typo of it, and the next
    question's answer (a real but wrong one), for every question with an answer."""
    answered = [q for q in questions if q.answer.strip()]
    pairs = []
    for i, q in enumerate(answered):
        other = answered[(i + 1) % len(answered)].answer
        pairs += [(q, q.answer), (q, _typo(q.answer)), (q, other)]
    return pairs


def bench_package(path: Path, seconds: float) -> dict[str, Any]:
    """Import and judging rates for the package file at ``path``, each timed for ``seconds``."""
    data = path.read_bytes()
    imported = parse_package(data, path.name)
    package = imported.package
    questions = package.questions if package else ()
    row: dict[str, Any] = {"package": path.name, "format": package.source_format if package
                           else None, "questions": len(questions), "bytes": len(data)}
    if package is None:
        return row
    row["import_questions_per_s"] = _rate(
        lambda: len(parse_package(data, path.name).package.questions), seconds)
    pairs = given_answers(questions)
    row["answers"] = len(pairs)
    if not pairs:
        return row
    row["verdicts"] = dict(Counter(judge_question(g, q).kind.value for q, g in pairs))
    row["judge_per_s"] = _rate(lambda: sum(1 for q, g in pairs if judge_question(g, q)),
                               seconds)
    matchers = {id(q): Matcher.for_question(q) for q, _ in pairs}
    prepared = [(matchers[id(q)], g) for q, g in pairs]
    row["judge_prebuilt_per_s"] = _rate(lambda: sum(1 for m, g in prepared if m.judge(g)),
                                        seconds)
    raw = [(g, q.answer) for q, g in pairs]
    row["rapidfuzz_per_s"] = _rate(lambda: sum(1 for g, a in raw if OSA.distance(g, a) >= 0),
                                   seconds)
    row["judge_cost_ratio"] = ratio(row["rapidfuzz_per_s"], row["judge_per_s"])
    return row


def run_judging(packages: list[Path], seconds: float) -> dict[str, Any]:
    """Import and judging rates for every package in ``packages``; totals are over all of
    them (questions or answers divided by the summed time per item)."""
    rows = [bench_package(path, seconds) for path in packages]

    def overall(key: str, count: str) -> float | None:
        timed = [r for r in rows if r.get(key)]
        if not timed:
            return None
        return sum(r[count] for r in timed) / sum(r[count] / r[key] for r in timed)

    total = {
        "questions": sum(r["questions"] for r in rows),
        "answers": sum(r.get("answers", 0) for r in rows),
        "import_questions_per_s": overall("import_questions_per_s", "questions"),
        "judge_per_s": overall("judge_per_s", "answers"),
        "judge_prebuilt_per_s": overall("judge_prebuilt_per_s", "answers"),
        "rapidfuzz_per_s": overall("rapidfuzz_per_s", "answers"),
    }
    total["judge_cost_ratio"] = ratio(total["rapidfuzz_per_s"], total["judge_per_s"])
    return {"seconds_each": seconds, "packages": rows, "total": total}
