"""``python -m bench.importing``: import speed on big generated packages, and the loop stall.

Every format the bot reads (db.chgk.info text, free-form text, 4s, db.chgk.info XML,
gotquestions JSON) is generated at 1, 5 and 10 MB from the same realistic questions (a
wrapped text, answer, Зачёт, comment, two sources, an author, a picture now and then, tours
of 36) and imported with ``parse_package`` in this process, on one core, without the
question limit, in ``SAMPLES`` samples of equal work (``measure_sizes``; the least CPU time
counts); seconds, MB/s and questions/s are printed and written to
``bench/results/importing.json``. ``--profile FORMAT`` prints the cProfile top instead.

The loop stall: a probe coroutine wakes every millisecond on an event loop while a 10 MB
package is parsed in a thread (``asyncio.to_thread``) and then in the service's one-worker
process pool (``PackageParser``); the longest gap between two wake-ups is how long every game
of the process would have waited.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from bot.packages import parse_package
from bot.packages.worker import PackageParser

RESULTS = Path(__file__).resolve().parent / "results" / "importing.json"
FORMATS = ("dbtext", "freeform", "4s", "xml", "gotquestions")
SIZES_MB = (1, 5, 10)
MB = 1024 * 1024

_TEXT = ("в этом году знаменитый писатель отправился в путешествие по реке которая "
         "течёт через три столицы и однажды назвал её именем своей героини")
_WORDS = _TEXT.split(" ")


def _question(n: int) -> dict[str, Any]:
    """The fields of question ``n``: deterministic, varied, about 600 bytes of UTF-8."""
    words = [_WORDS[(n * 7 + k * 3) % len(_WORDS)] for k in range(28)]
    text = " ".join(words).capitalize() + f" (вопрос {n})?"
    if n % 9 == 0:
        text = f"(pic: 2024{n:04d}.jpg)\n{text}"
    return {
        "text": text,
        "answer": f"Днепр-{n}.",
        "zachet": f"Борисфен-{n}; Славутич.",
        "comment": " ".join(_WORDS[(n + k) % len(_WORDS)] for k in range(14)).capitalize() + ".",
        "sources": [f"https://ru.wikipedia.org/wiki/Днепр_{n}", "Гомер. Одиссея."],
        "author": f"Иван Авторов {n % 50} (Москва)",
    }


def _wrap(text: str, width: int = 60) -> list[str]:
    """Hard-wrap ``text`` as db.chgk.info files are (formats.md 1.1)."""
    lines, current = [], ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*lines, current]


def _dbtext(n: int, q: dict[str, Any]) -> str:
    tour = f"Тур:\n{n // 36 + 1} тур\n\n" if n % 36 == 1 else ""
    sources = "\n".join(f"   {k}. {s}" for k, s in enumerate(q["sources"], 1))
    return (f"{tour}Вопрос {n}:\n" + "\n".join(_wrap(q["text"])) + f"\n\nОтвет:\n{q['answer']}"
            f"\n\nЗачет:\n{q['zachet']}\n\nКомментарий:\n" + "\n".join(_wrap(q["comment"]))
            + f"\n\nИсточник:\n{sources}\n\nАвтор:\n{q['author']}\n\n")


def _freeform(n: int, q: dict[str, Any]) -> str:
    tour = f"Тур {n // 36 + 1}\n\n" if n % 36 == 1 else ""
    return (f"{tour}Вопрос {n}. {q['text']}\nОтвет: {q['answer']}\nЗачёт: {q['zachet']}\n"
            f"Комментарий: {q['comment']}\nИсточники: {'; '.join(q['sources'])}\n"
            f"Автор: {q['author']}\n\n")


def _fours(n: int, q: dict[str, Any]) -> str:
    tour = f"## Тур {n // 36 + 1}\n\n" if n % 36 == 1 else ""
    text = q["text"].replace("(pic: ", "(img ")
    sources = "\n".join(f"- {s}" for s in q["sources"])
    return (f"{tour}? {text}\n! {q['answer']}\n= {q['zachet']}\n/ {q['comment']}\n"
            f"^ {sources}\n@ {q['author']}\n\n")


def _xml(n: int, q: dict[str, Any]) -> str:
    tour = ("</tour>\n" if n > 1 else "") + f"<tour><Title>Тур {n // 36 + 1}</Title>\n"
    fields = {"Number": str(n), "Question": "\n".join(_wrap(q["text"])), "Answer": q["answer"],
              "PassCriteria": q["zachet"], "Comments": q["comment"],
              "Sources": "\n".join(q["sources"]), "Authors": q["author"]}
    body = "".join(f"<{tag}>{escape(value)}</{tag}>\n" for tag, value in fields.items())
    return (tour if n % 36 == 1 else "") + f"<question>\n{body}</question>\n"


def _json_question(n: int, q: dict[str, Any]) -> str:
    data = {"id": 100000 + n, "number": n, "text": q["text"], "answer": q["answer"],
            "zachet": q["zachet"], "nezachet": None, "comment": q["comment"],
            "source": "\n".join(q["sources"]), "razdatkaText": None, "razdatkaPic": None,
            "authors": [{"person": {"name": q["author"]}}]}
    return json.dumps(data, ensure_ascii=False, indent=1)


_WRITERS: dict[str, Callable[[int, dict[str, Any]], str]] = {
    "dbtext": _dbtext, "freeform": _freeform, "4s": _fours, "xml": _xml,
    "gotquestions": _json_question,
}
_HEADS = {
    "dbtext": "Чемпионат:\nБольшой пакет\n\nРедактор:\nАнна Редакторова\n\n",
    "freeform": "Большой пакет\nРедактор: Анна Редакторова\n\n",
    "4s": "### Большой пакет\n#EDITOR Анна Редакторова\n\n",
    "xml": '<?xml version="1.0" encoding="UTF-8"?>\n<tournament><Title>Большой пакет</Title>\n',
    "gotquestions": '{"pack": {"title": "Большой пакет", "tours": [{"title": "Тур 1", '
                    '"questions": [\n',
}
_TAILS = {"xml": "</tour>\n</tournament>\n", "gotquestions": "\n]}]}}\n"}


def generate(fmt: str, size: int) -> tuple[bytes, int]:
    """A package of format ``fmt`` of about ``size`` bytes (UTF-8); returns it and its
    question count."""
    pieces, total, n = [_HEADS[fmt]], len(_HEADS[fmt].encode()), 0
    while total < size:
        n += 1
        piece = _WRITERS[fmt](n, _question(n))
        if fmt == "gotquestions" and n > 1:
            piece = ",\n" + piece
        pieces.append(piece)
        total += len(piece.encode())
    pieces.append(_TAILS.get(fmt, ""))
    return "".join(pieces).encode(), n


SAMPLES = 4
"""Timed samples of each size; the least CPU time counts (a loaded machine only ever adds to
it)."""


def measure_sizes(fmt: str, sizes: list[int], samples: int = SAMPLES) -> list[dict[str, Any]]:
    """Import a generated package of ``fmt`` at each of ``sizes`` (MB); per size, the least
    CPU seconds of one import over ``samples`` samples, and rates.

    Every sample does the same amount of work: a package of a smaller size is imported as
    many times as it fits in the largest (ten 1 MB imports against one 10 MB import), and the
    sizes take turns, one sample each a round. Measured otherwise (three 10 MB imports against
    twenty 1 MB ones, one size after the other), the least of the many small ones was the
    luckier draw and the ratio of 10 MB to 1 MB moved between 1.06 and 1.28 from run to run
    with the same code."""
    packages = {size: generate(fmt, size * MB) for size in sizes}
    top = max(sizes)
    least = dict.fromkeys(sizes, float("inf"))
    problems: dict[int, int] = {}
    for _ in range(samples):
        for size, (data, count) in packages.items():
            times = max(1, top // size)
            started = time.process_time()
            for _ in range(times):
                result = parse_package(data, f"big.{fmt}", max_questions=None)
            least[size] = min(least[size], (time.process_time() - started) / times)
            assert result.package is not None and len(result.package.questions) == count, fmt
            problems[size] = len(result.problems)
    return [{"format": fmt, "mb": size, "bytes": len(data), "questions": count,
             "seconds": least[size], "mb_per_s": len(data) / MB / least[size],
             "questions_per_s": count / least[size], "problems": problems[size]}
            for size, (data, count) in packages.items()]


def run_sizes(formats: list[str], sizes: list[int]) -> dict[str, Any]:
    """``measure_sizes`` for every format; ``largest`` is the slowest import at the largest
    size, ``linearity`` the worst ratio, over the formats, of seconds per question at the
    largest size to seconds per question at the smallest (1.0: linear in size)."""
    runs = [run for fmt in formats for run in measure_sizes(fmt, sizes)]
    top, low = max(sizes), min(sizes)
    largest = max((r for r in runs if r["mb"] == top), key=lambda r: r["seconds"])
    per_question = {(r["format"], r["mb"]): r["seconds"] / r["questions"] for r in runs}
    linearity = (max(per_question[f, top] / per_question[f, low] for f in formats)
                 if top != low else None)
    return {"runs": runs, "largest": largest, "linearity": linearity}


async def _stall_while(parse: Callable[[], Any]) -> float:
    """The longest gap, in seconds, between wake-ups of a 1 ms probe while ``parse()`` (an
    awaitable factory) runs."""
    loop = asyncio.get_running_loop()
    worst, done = 0.0, False

    async def probe() -> None:
        nonlocal worst
        last = loop.time()
        while not done:
            await asyncio.sleep(0.001)
            now = loop.time()
            worst = max(worst, now - last)
            last = now

    task = asyncio.create_task(probe())
    await asyncio.sleep(0.05)
    await parse()
    done = True
    await task
    return worst


async def loop_stall(fmt: str, size_mb: int) -> dict[str, Any]:
    """The probe's longest gap while a ``size_mb`` MB ``fmt`` package is parsed in a thread,
    then in the service's one-worker process pool (started before the measure)."""
    data, _ = generate(fmt, size_mb * MB)
    thread = await _stall_while(lambda: asyncio.to_thread(
        parse_package, data, "big", max_questions=None))
    parser = PackageParser(max_questions=None)
    try:
        await parser.parse("Вопрос 1:\nx\n\nОтвет:\ny\n".encode(), "warm-up.txt")
        process = await _stall_while(lambda: parser.parse(data, "big"))
    finally:
        parser.close()
    return {"format": fmt, "mb": size_mb, "thread_stall_s": thread, "process_stall_s": process}


def render(results: dict[str, Any]) -> str:
    """The measures as a text table."""
    lines = ["format         MB  questions  seconds   MB/s  questions/s"]
    for row in results["import"]:
        lines.append(f"{row['format']:<12} {row['mb']:>4}  {row['questions']:>9,}  "
                     f"{row['seconds']:>7.2f}  {row['mb_per_s']:>5.2f}  "
                     f"{row['questions_per_s']:>11,.0f}")
    if results.get("stall"):
        lines.append("")
        lines.append("longest event-loop stall while a package is parsed (1 ms probe)")
        for row in results["stall"]:
            lines.append(f"  {row['format']:<12} {row['mb']:>3} MB: thread "
                         f"{row['thread_stall_s'] * 1000:,.0f} ms, worker process "
                         f"{row['process_stall_s'] * 1000:,.0f} ms")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the measures (or ``--profile``); print the table and write the JSON. Returns 0."""
    p = argparse.ArgumentParser(prog="python -m bench.importing",
                                description=__doc__.splitlines()[0])
    p.add_argument("--formats", default=",".join(FORMATS))
    p.add_argument("--sizes", default=",".join(map(str, SIZES_MB)), help="MB, comma-separated")
    p.add_argument("--stall", default="gotquestions,dbtext",
                   help="formats whose loop stall is measured at the largest size ('' for none)")
    p.add_argument("--profile", help="print the cProfile top of importing FORMAT at the "
                                     "largest size, and nothing else")
    p.add_argument("--output", type=Path, default=RESULTS)
    args = p.parse_args(argv)
    formats = [f for f in args.formats.split(",") if f]
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.profile:
        data, _ = generate(args.profile, max(sizes) * MB)
        profile = cProfile.Profile()
        profile.runcall(parse_package, data, "big", max_questions=None)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
        return 0
    results: dict[str, Any] = {"import": [], "stall": []}
    for fmt in formats:
        print(f"bench: importing {', '.join(map(str, sizes))} MB of {fmt}", file=sys.stderr,
              flush=True)
        results["import"] += measure_sizes(fmt, sizes)
    for fmt in (f for f in args.stall.split(",") if f):
        print(f"bench: loop stall, {max(sizes)} MB of {fmt}", file=sys.stderr, flush=True)
        results["stall"].append(asyncio.run(loop_stall(fmt, max(sizes))))
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(render(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
