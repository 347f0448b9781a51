"""Import and judging throughput on real packages, with rapidfuzz's raw distance as baseline.

Import: ``parse_package`` on each file's bytes (decoding, format sniffing, parsing), repeated
for ``seconds`` of CPU time; questions per CPU second. Judging: for every question with an
answer, three given answers (the author's answer as written, the same with a typo, and the
next question's answer) judged the way the service judges them
(``bot.answers.prepared.question_matcher``: the question's ``Matcher``, prepared once and
shared by every game and answer), with a ``Matcher`` built per answer (``judge_question``, the
service's path before judges were prepared per question), with one ``Matcher`` per question
held by the caller, and through ``bot.answers.prepared.QuestionJudge`` (the prepared judge the
judging queue is fed by: key and suggestion too); answers per CPU second. The baseline is one
``rapidfuzz.distance.OSA.distance(given, answer)`` call per given answer on the same strings.

Agreement (``agreement``): cases generated from every question with the verdict the editors'
own crediting implies (``generated_cases``), judged by the question's ``Matcher``; the share of
decided (non-UNSURE) verdicts that agree, the false accepts and rejects, the UNSURE share.

Accepted lines (``line_judging``): each Зачёт alternative as the editor wrote it, prose lines
("По смыслу", "любое упоминание X") included, judged alone with the author's answer: the
answers it names must be ACCEPT and another question's answer REJECT; a line the judge leaves
UNSURE on either is a line the host must judge by hand.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rapidfuzz.distance import OSA

from bench.stats import ratio
from bot.answers import Matcher, VerdictKind, expand_variants, judge_question, normalize
from bot.answers.prepared import QuestionJudge, question_matcher
from bot.packages import parse_package
from bot.packages.criteria import read_alternative, zachet_lines
from bot.packages.model import Question

A, R, U = VerdictKind.ACCEPT, VerdictKind.REJECT, VerdictKind.UNSURE


def _rate(work: Callable[[], int], seconds: float) -> float:
    """Items per CPU second: ``work()`` (which returns how many items it did) repeated until
    ``seconds`` of this process's CPU time have passed, at least once (wall time counts the
    other programs of a loaded machine too)."""
    done, started = 0, time.process_time()
    while True:
        done += work()
        elapsed = time.process_time() - started
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
    row["verdicts"] = dict(Counter(question_matcher(q).judge(g).kind.value for q, g in pairs))
    row["agreement"] = agreement(questions)
    row["lines"] = line_judging(questions)
    row["judge_per_s"] = _rate(
        lambda: sum(1 for q, g in pairs if question_matcher(q).judge(g)), seconds)
    row["judge_unprepared_per_s"] = _rate(
        lambda: sum(1 for q, g in pairs if judge_question(g, q)), seconds)
    matchers = {id(q): Matcher.for_question(q) for q, _ in pairs}
    prepared = [(matchers[id(q)], g) for q, g in pairs]
    row["judge_prebuilt_per_s"] = _rate(lambda: sum(1 for m, g in prepared if m.judge(g)),
                                        seconds)
    # A new judge per answer: its memory of texts judged before is not what is measured.
    row["judge_prepared_per_s"] = _rate(
        lambda: sum(1 for q, g in pairs if QuestionJudge(q).judge(g)), seconds)
    raw = [(g, q.answer) for q, g in pairs]
    row["rapidfuzz_per_s"] = _rate(lambda: sum(1 for g, a in raw if OSA.distance(g, a) >= 0),
                                   seconds)
    row["judge_cost_ratio"] = ratio(row["rapidfuzz_per_s"], row["judge_per_s"])
    return row


def _slip(text: str) -> str | None:
    """``text`` with one letter of its longest word replaced by another (a one-letter slip),
    or None when that word is shorter than 5 letters or the text has digits."""
    words = text.split()
    if not words or any(c.isdigit() for c in text):
        return None
    i = max(range(len(words)), key=lambda k: len(words[k]))
    word = words[i]
    letters = [k for k, c in enumerate(word) if c.isalpha()]
    if len(letters) < 5:
        return None
    k = letters[len(letters) // 2]
    swap = "о" if word[k].lower() != "о" else "а"
    if word[k].isascii():
        swap = "o" if word[k].lower() != "o" else "a"
    words[i] = word[:k] + swap + word[k + 1 :]
    return " ".join(words)


def generated_cases(questions: tuple[Question, ...]) -> list[tuple[Question, str, str,
                                                                    VerdictKind]]:
    """``(question, given, kind of case, expected verdict)`` for every question with an answer.

    From the editors' own crediting: each accepted variant (the author's answer and every
    Зачёт item, each with its optional parts) and trivial rewrites of the author's answer
    (capitals, lower case, a final "!") are ACCEPT; each Незачёт item, the next question's
    answer, "не …" and "… или <next answer>" are REJECT; a one-letter slip is ACCEPT in an
    answer of 8+ letters, REJECT in one of 5-7 (the host may still credit it: UNSURE is fine).
    A blitz or duplet gives its parts one per line (ACCEPT) and the next answer (REJECT).
    """
    answered = [q for q in questions if q.answer.strip()]
    cases: list[tuple[Question, str, str, VerdictKind]] = []
    for i, q in enumerate(answered):
        other = answered[(i + 1) % len(answered)]
        if q.parts:
            cases.append((q, "\n".join(p.answer for p in q.parts), "accepted", A))
            if other.answer != q.answer:
                cases.append((q, other.answer, "other question", R))
            continue
        right = [v for item in (q.answer, *q.accepted) for v in expand_variants(item)]
        known = {normalize(v) for v in right} | {normalize(q.answer)}
        cases += [(q, v, "accepted", A) for v in dict.fromkeys(right)]
        first = (expand_variants(q.answer) or [q.answer])[0]
        cases += [(q, first.upper(), "rewrite", A), (q, first.lower(), "rewrite", A),
                  (q, f"  {first}!", "rewrite", A)]
        cases += [(q, item, "rejected", R) for item in q.rejected]
        wrong = (expand_variants(other.answer) or [other.answer])[0]
        if normalize(wrong) not in known and not other.parts:
            cases.append((q, wrong, "other question", R))
            cases.append((q, f"{first} или {wrong}", "two versions", R))
        cases.append((q, f"не {first}", "negation", R))
        slip = _slip(first)
        if slip and normalize(slip) not in known:
            letters = len(normalize(first).replace(" ", ""))
            cases.append((q, slip, "slip", A if letters >= 8 else R))
    return cases


def agreement(questions: tuple[Question, ...]) -> dict[str, Any]:
    """The verdicts on ``generated_cases(questions)``: cases, UNSURE share, false accepts
    and rejects (with up to 20 examples of each), agreement of the decided verdicts, and
    counts per kind of case."""
    matchers: dict[int, Matcher] = {}
    counts: Counter[str] = Counter()
    by_kind: dict[str, Counter[str]] = {}
    wrong: dict[str, list[str]] = {"false_accepts": [], "false_rejects": []}
    for q, given, kind, expected in generated_cases(questions):
        matcher = matchers.setdefault(id(q), Matcher.for_question(q))
        verdict = matcher.judge(given).kind
        outcome = ("unsure" if verdict is U else "agree" if verdict is expected
                   else "false_accepts" if verdict is A else "false_rejects")
        counts[outcome] += 1
        by_kind.setdefault(kind, Counter())[outcome] += 1
        if outcome in wrong and len(wrong[outcome]) < 20:
            wrong[outcome].append(f"{q.answer!r} <- {given!r} ({kind})")
    total = sum(counts.values())
    decided = counts["agree"] + counts["false_accepts"] + counts["false_rejects"]
    return {
        "cases": total,
        "agreement": counts["agree"] / decided if decided else None,
        "unsure_share": counts["unsure"] / total if total else None,
        "false_accepts": counts["false_accepts"],
        "false_rejects": counts["false_rejects"],
        "by_kind": {k: dict(v) for k, v in sorted(by_kind.items())},
        "examples": wrong,
    }


def line_cases(questions: tuple[Question, ...]) -> list[tuple[Question, str, str, VerdictKind]]:
    """``(question, Зачёт line, given, expected verdict)`` for each accepted line of each
    question without parts (a blitz's lines belong to its parts): every variant of the answers
    the line names or says to mention (ACCEPT), and the next question's answer (REJECT) unless
    it is one of those."""
    answered = [q for q in questions if q.answer.strip() and not q.parts]
    cases: list[tuple[Question, str, str, VerdictKind]] = []
    for i, q in enumerate(answered):
        wrong = (expand_variants(answered[(i + 1) % len(answered)].answer) or [""])[0]
        for line in zachet_lines(q.accepted_raw, q.answer):
            read = read_alternative(line)
            named = [v for item in (*read.accepted, *read.mentioned)
                     for v in expand_variants(item)]
            cases += [(q, line, v, A) for v in dict.fromkeys(named)]
            right = {normalize(v) for v in (*named, q.answer)}
            if normalize(wrong) and normalize(wrong) not in right:
                cases.append((q, line, wrong, R))
    return cases


def line_judging(questions: tuple[Question, ...]) -> dict[str, Any]:
    """The accepted lines of ``questions`` judged alone (``line_cases``): how many lines, how
    many the judge was UNSURE of (with up to 20 of them), and how many wrong answers were
    accepted or named answers rejected."""
    verdicts: dict[tuple[int, str], list[tuple[VerdictKind, VerdictKind]]] = {}
    for q, line, given, expected in line_cases(questions):
        matcher = Matcher(q.answer, (line,), (), line)
        verdicts.setdefault((id(q), line), []).append((matcher.judge(given).kind, expected))
    # A line with no case at all (all prose, no other question) still counts as read.
    lines = {(id(q), line): line for q in questions if not q.parts
             for line in zachet_lines(q.accepted_raw, q.answer)}
    unsure = [lines[key] for key, pairs in verdicts.items() if any(v is U for v, _ in pairs)]
    pairs = [p for found in verdicts.values() for p in found]
    return {
        "lines": len(lines),
        "unsure": len(unsure),
        "unsure_share": len(unsure) / len(lines) if lines else None,
        "false_accepts": sum(1 for v, e in pairs if v is A and e is R),
        "false_rejects": sum(1 for v, e in pairs if v is R and e is A),
        "unsure_lines": unsure[:20],
    }


def combined(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``agreement`` figures of several packages as one."""
    cases = sum(p["cases"] for p in parts)
    fa = sum(p["false_accepts"] for p in parts)
    fr = sum(p["false_rejects"] for p in parts)
    unsure = sum(round(p["unsure_share"] * p["cases"]) for p in parts if p["cases"])
    decided = cases - unsure
    return {"cases": cases, "false_accepts": fa, "false_rejects": fr,
            "unsure_share": unsure / cases if cases else None,
            "agreement": (decided - fa - fr) / decided if decided else None}


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
        "judge_unprepared_per_s": overall("judge_unprepared_per_s", "answers"),
        "judge_prepared_per_s": overall("judge_prepared_per_s", "answers"),
        "rapidfuzz_per_s": overall("rapidfuzz_per_s", "answers"),
    }
    total["judge_cost_ratio"] = ratio(total["rapidfuzz_per_s"], total["judge_per_s"])
    total["judge_prepared_speedup"] = ratio(total["judge_prepared_per_s"],
                                            total["judge_unprepared_per_s"])
    total["agreement"] = combined([r["agreement"] for r in rows if r.get("agreement")])
    lines = [r["lines"] for r in rows if r.get("lines")]
    total["lines"] = {key: sum(part[key] for part in lines)
                      for key in ("lines", "unsure", "false_accepts", "false_rejects")}
    total["lines"]["unsure_share"] = (total["lines"]["unsure"] / total["lines"]["lines"]
                                      if total["lines"]["lines"] else None)
    return {"seconds_each": seconds, "packages": rows, "total": total}
