"""The printed table and the target check, from the results dict of one run."""

from __future__ import annotations

from typing import Any

TARGET_GAMES = 1000
"""The issue's targets are stated for 1,000 concurrent games (and a 1,000-game burst)."""


def _ms(stat: dict[str, Any] | None) -> str:
    """``p50/p99/max`` in ms, or "-"."""
    if not stat or stat.get("p50") is None:
        return "-"
    return "/".join(_num(stat[k]) for k in ("p50", "p99", "max"))


def _num(value: float | None) -> str:
    """A number with as many decimals as its size deserves."""
    if value is None:
        return "-"
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def _percent(value: float | None) -> str:
    """Percent of one CPU."""
    return "-" if value is None else f"{value:.0f}%"


def _x(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}x"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    """Right-aligned columns (the first left-aligned) under a header."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True)))

    return [line(header), *(line(r) for r in rows)]


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Each target of the issue with the measured value and whether it was met (None when the
    run did not measure it)."""
    at = next((r for r in results.get("concurrency", []) if r["games"] == TARGET_GAMES), None)
    burst = results.get("burst")
    if burst is not None and burst["games"] != TARGET_GAMES:
        burst = None
    checks = [
        ("action latency p99, 1,000 games", "ms", 50,
         at and at["latency_ms"]["p99"]),
        ("timer lateness p99, 1,000 games", "ms", 50,
         at and at["timers"]["fired_late_ms"]["p99"]),
        ("timer lateness max, 1,000 games", "ms", 250,
         at and at["timers"]["fired_late_ms"]["max"]),
        ("RSS per game, 1,000 games", "KB", 200, at and at["rss"]["per_game_kb"]),
        ("burst: answer stored and confirmed p99", "ms", 200,
         burst and burst["answer_confirmed_ms"]["p99"]),
        ("burst: verdicts ready after the window closes", "s", 1.0,
         burst and burst["verdicts_ready_after_close_s"]),
    ]
    return [{"target": name, "unit": unit, "limit": limit, "value": value,
             "met": None if value is None else value <= limit}
            for name, unit, limit, value in checks]


def _share(value: float | None) -> str:
    """A share as a percentage with one decimal, or "-"."""
    return "-" if value is None else f"{value:.1%}"


def render(results: dict[str, Any]) -> str:
    """The whole report as text."""
    meta = results["meta"]
    out = [f"chgk-bot bench, {meta['date']}: {meta['cpus']} CPUs, Python {meta['python']}, "
           f"SQLite {meta['sqlite']}, {meta['seconds']:.0f} s in all",
           f"command: {meta['command']}", ""]
    runs = results.get("concurrency") or []
    if runs:
        o = meta["options"]
        out.append(f"Concurrent DUEL games (host and a team of 6 each): discussion "
                   f"{o['discussion']:g} s (warning at "
                   f"{o['warning_at']:g} s), think {o['think'][0]:g}-{o['think'][1]:g} s "
                   f"per move, {o['duration']:g} s each; ms as p50/p99/max")
        rows = [[f"{r['games']:,}", _num(r["actions_per_s"]), _ms(r["latency_ms"]),
                 _num(r["timers"]["per_s"]), _ms(r["timers"]["fired_late_ms"]),
                 _num(r["timers"]["bare_call_at_late_ms"]["p99"]), _x(r["timers"]["p99_ratio"])]
                for r in runs]
        out += _table(["games", "actions/s", "action ms", "timers/s", "timer late ms",
                       "bare timer p99", "ours/bare"], rows)
        out.append("")
        rows = [[f"{r['games']:,}", _ms(r["timers"]["signal_out_late_ms"]),
                 _percent(r["cpu"]["loop_percent"]), _percent(r["cpu"]["process_percent"]),
                 _percent(r["cpu"]["other_programs_percent"]), f"{r['rss']['peak_mb']:.0f} MB",
                 f"{r['rss']['per_game_kb']:.0f} KB",
                 f"{r['setup']['seconds']:.0f} s"] for r in runs]
        out += _table(["games", "signal out ms", "loop CPU", "process CPU", "others' CPU",
                       "peak RSS", "RSS/game", "set-up"], rows)
        out.append("")
    burst = results.get("burst")
    if burst:
        timers = burst["end_of_minute_timers"]["fired_late_ms"]
        out += [f"Burst: {burst['games']:,} games' answers within {burst['window_s']:g} s "
                f"(ms as p50/p99/max)",
                f"  answer -> stored and confirmed to the answerer  "
                f"{_ms(burst['answer_confirmed_ms'])}",
                f"  answer -> suggested verdict shown to the host    "
                f"{_ms(burst['answer_to_suggestion_ms'])}",
                f"  verdicts ready after the window closed          "
                f"{burst['verdicts_ready_after_close_s']:.2f} s",
                f"  {timers['n']:,} warning and end timers at about once, late {_ms(timers)}", ""]
    writes = results.get("writes")
    if writes:
        out += [f"Storage: {writes['transactions']:,} appends ({writes['rows']:,} event rows) "
                f"of the {writes['source_games']:,}-game run, one transaction each, in turn",
                *_table(["", "transactions/s", "ms p50/p99/max"], [
                    ["ours (Storage.append)", _num(writes["ours_per_s"]), _ms(writes["ours_ms"])],
                    ["bare aiosqlite", _num(writes["bare_per_s"]), _ms(writes["bare_ms"])]]),
                f"  ours / bare (time): {_x(writes['time_ratio'])}", ""]
    judging = results.get("judging")
    if judging:
        rows = [[r["package"][:44], r["format"] or "-", str(r["questions"]),
                 _num(r.get("import_questions_per_s")), _num(r.get("judge_per_s")),
                 _num(r.get("judge_prebuilt_per_s")), _num(r.get("rapidfuzz_per_s")),
                 _x(r.get("judge_cost_ratio"))] for r in judging["packages"]]
        t = judging["total"]
        rows.append(["all packages", "", str(t["questions"]), _num(t["import_questions_per_s"]),
                     _num(t["judge_per_s"]), _num(t["judge_prebuilt_per_s"]),
                     _num(t["rapidfuzz_per_s"]), _x(t["judge_cost_ratio"])])
        out += ["Import and judging (answers: the author's, a typo, another question's)",
                *_table(["package", "format", "questions", "import q/s", "judged/s",
                         "prebuilt/s", "rapidfuzz/s", "ours/raw"], rows)]
        if t.get("judge_prepared_per_s"):
            out.append(f"  prepared judge per question (bot/judging.py, key and suggestion): "
                       f"{_num(t['judge_prepared_per_s'])} answers/s, "
                       f"{_x(t.get('judge_prepared_speedup'))} the rate of the per-answer "
                       f"path (judge_question)")
        out.append("")
        agreed = [(r["package"][:44], r["agreement"]) for r in judging["packages"]
                  if r.get("agreement")]
        if agreed:
            agreed.append(("all packages", t["agreement"]))
            out += ["Judging agreement on cases generated from every question (accepted "
                    "variants, rewrites, Незачёт, other answers, slips, negations, two versions)",
                    *_table(["package", "cases", "agreement", "false accepts",
                             "false rejects", "UNSURE"],
                            [[name, str(a["cases"]), _share(a["agreement"]),
                              str(a["false_accepts"]), str(a["false_rejects"]),
                              _share(a["unsure_share"])] for name, a in agreed]), ""]
    checks = results.get("targets") or []
    if checks:
        out.append("Targets (2-core machine)")
        rows = [[c["target"], f"<= {c['limit']:g} {c['unit']}",
                 "-" if c["value"] is None else f"{_num(c['value'])} {c['unit']}",
                 {True: "met", False: "MISSED", None: "not measured"}[c["met"]]]
                for c in checks]
        out += _table(["", "target", "measured", ""], rows)
    return "\n".join(out)
