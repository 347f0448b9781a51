"""The printed table and the target check, from the results dict of one run."""

from __future__ import annotations

from typing import Any

from bench.stats import ratio

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


REAL_PACE_GAMES = 10_000
"""The issue's real-pace targets are stated for 10,000 concurrent games."""


def _run(results: dict[str, Any], games: int) -> dict[str, Any] | None:
    """The concurrency run of ``games`` games (at ten times the real pace), or None."""
    return next((r for r in results.get("concurrency", []) if r["games"] == games), None)


def _real_pace(results: dict[str, Any]) -> dict[str, Any] | None:
    """The real-pace run when it played the issue's 10,000 games, else None."""
    run = results.get("real_pace")
    return run if run is not None and run["games"] == REAL_PACE_GAMES else None


def _get(data: Any, *path: str) -> Any:
    """``data[path[0]][path[1]]...``, or None where anything on the way is missing."""
    for key in path:
        if not isinstance(data, dict) or data.get(key) is None:
            return None
        data = data[key]
    return data


def targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Each target (docs/performance.md) with the measured value, its baseline from the same
    run where the target names one (bare ``loop.call_at``, bare aiosqlite, raw rapidfuzz, one
    transaction per game), their ratio, and whether it was met: ``met`` is None when this run
    did not measure it (a part not run, a size not played, or a measure not built yet), and for a
    ratio the targets only ask to print (``limit`` None). The RSS after a second wave of the
    same people's games against the RSS after the first is how "RSS returns near the idle
    figure" is checked: memory the finished games freed is used again, not grown (README,
    Performance, Memory, says why the RSS itself stays near its peak)."""
    real = _real_pace(results)
    at = _run(results, TARGET_GAMES)
    big = _run(results, 3000)
    burst = results.get("burst")
    if burst is not None and burst["games"] != TARGET_GAMES:
        burst = None
    opening = results.get("opening")
    if opening is not None and opening["games"] != TARGET_GAMES:
        opening = None
    timers = results.get("timers")
    sync = results.get("sync")
    if sync is not None and sync["teams"] != 5000:
        sync = None
    tv = results.get("tv")
    total = _get(results, "judging", "total")
    big_file = _get(results, "importing", "largest")
    line = _get(results, "importing", "linearity")
    checks = [
        ("real pace, 10,000 games: action p99", "ms", 50, _get(real, "latency_ms", "p99"),
         None),
        ("real pace, 10,000 games: timer late p99", "ms", 50,
         _get(real, "timers", "fired_late_ms", "p99"),
         _get(real, "timers", "bare_call_at_late_ms", "p99")),
        ("real pace, 10,000 games: timer late max", "ms", 250,
         _get(real, "timers", "fired_late_ms", "max"),
         _get(real, "timers", "bare_call_at_late_ms", "max")),
        ("real pace, 10,000 games: RSS per game", "KB", 50, _get(real, "rss", "per_game_kb"),
         None),
        ("10x pace, 1,000 games: action p99", "ms", 50, _get(at, "latency_ms", "p99"), None),
        ("10x pace, 1,000 games: timer late p99", "ms", 50,
         _get(at, "timers", "fired_late_ms", "p99"),
         _get(at, "timers", "bare_call_at_late_ms", "p99")),
        ("10x pace, 1,000 games: timer late max", "ms", 250,
         _get(at, "timers", "fired_late_ms", "max"),
         _get(at, "timers", "bare_call_at_late_ms", "max")),
        ("10x pace, 1,000 games: RSS per game", "KB", 50, _get(at, "rss", "per_game_kb"), None),
        ("10x pace, 3,000 games: action p99", "ms", 100, _get(big, "latency_ms", "p99"), None),
        ("opening 1,000 games", "s", 5, _get(opening, "seconds"), None),
        ("opening: write transactions per game", "tx", 1,
         _get(opening, "transactions_per_game"), 1.0),
        ("storage: ours / bare aiosqlite (time)", "x", 2,
         _get(results, "writes", "time_ratio"), None),
        ("judging: ours / raw rapidfuzz (time)", "x", 50, _get(total, "judge_cost_ratio"),
         None),
        ("import, shared packages", "q/s", -10_000, _get(total, "import_questions_per_s"),
         None),
        ("import, 10 MB file", "s", 5, _get(big_file, "seconds"), None),
        ("import linear: s/question 10 MB / 1 MB", "x", 1.2, line, None),
        ("burst (DUEL): answer stored, confirmed p99", "ms", 200,
         _get(burst, "answer_confirmed_ms", "p99"), None),
        ("burst (DUEL): verdicts ready after close", "s", 1.0,
         _get(burst, "verdicts_ready_after_close_s"), None),
        ("SYNC 5,000 teams: stored, receipted p99", "ms", 200,
         _get(sync, "stored_receipted_ms", "p99"), None),
        ("SYNC 5,000 teams: grouped judging after close", "s", 1.0,
         _get(sync, "judging_ready_after_close_s"), None),
        ("SYNC 5,000 teams: memory per team", "KB", 20, _get(sync, "rss", "per_team_kb"),
         None),
        ("TV, 30 teams: action p99", "ms", None,
         _get(tv, "latency_ms", "p99") if tv and tv["teams"] == 30 else None, None),
        ("memory: RSS after 10,000 finished", "MB", None, _get(real, "finished", "rss_mb"),
         _get(real, "finished", "idle_mb")),
        ("memory: games held after 10,000 finished", "games", 0,
         _get(real, "finished", "games_in_memory"), None),
        ("memory: Python heap after 10,000 finished", "blocks", None,
         _get(real, "finished", "blocks"), _get(real, "finished", "idle_blocks")),
        ("memory: RSS after 10,000 more finished / first", "x", 1.1,
         ratio(_get(real, "finished", "again", "rss_mb"), _get(real, "finished", "rss_mb")),
         None),
        ("timers: scheduler CPU per timer / call_at", "x", None,
         _get(timers, "cpu_ratio"), None),
        ("timers: scheduler late p99 / call_at", "x", None, _get(timers, "p99_ratio"), None),
    ]
    out = []
    for name, unit, limit, value, baseline in checks:
        met = None
        if value is not None and limit is not None:
            met = value >= -limit if limit < 0 else value <= limit
        out.append({"target": name, "unit": unit, "limit": limit, "value": value,
                    "baseline": baseline, "ratio": ratio(value, baseline), "met": met})
    return out


def _share(value: float | None) -> str:
    """A share as a percentage with one decimal, or "-"."""
    return "-" if value is None else f"{value:.1%}"


def _concurrency(runs: list[dict[str, Any]]) -> list[str]:
    """The two tables of concurrency runs (actions and timers; CPU, memory and set-up), and
    each run's figures after every game finished."""
    out: list[str] = []
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
             f"{r['setup']['seconds']:.0f} s ({r['setup'].get('cpu_seconds', 0):.0f} s CPU)"]
            for r in runs]
    out += _table(["games", "signal out ms", "loop CPU", "process CPU", "others' CPU",
                   "peak RSS", "RSS/game", "set-up"], rows)
    out += [_collector(r["games"], r["collector"]) for r in runs if r.get("collector")]
    out += [_finished(r["games"], r["finished"]) for r in runs if r.get("finished")]
    out.append("")
    return out


def _collector(games: int, passes: dict[str, dict[str, float]]) -> str:
    """One line: the garbage collector's passes while ``games`` games played, by generation
    (each pause stops the event loop)."""
    shown = [f"{name} {p['passes']:,} (longest {_num(p['longest_ms'])} ms, "
             f"{_num(p.get('longest_cpu_ms'))} ms CPU; {_num(p['total_ms'])} ms in all)"
             for name, p in passes.items()]
    return f"{games:,} games, garbage collector passes: {', '.join(shown)}"


def _finished(games: int, f: dict[str, Any]) -> str:
    """Lines: what is left after ``games`` games finished, against idle, and after the second
    wave of games of the same people when there was one."""
    out = [f"{games:,} games finished in {f.get('seconds', 0):.0f} s: {_left(f)}"]
    again = f.get("again")
    if again:
        out.append(f"the same chats and people played {games:,} games again for "
                   f"{again['played_s']:.0f} s (peak RSS {again['peak_mb']:.0f} MB), all "
                   f"finished: {_left(again)}")
    return "\n".join(out)


def _left(f: dict[str, Any]) -> str:
    """What ``left_over`` found, in words."""
    text = (f"RSS {f['rss_mb']:.0f} MB against {f['idle_mb']:.0f} MB idle ({_x(f['ratio'])}), "
            f"Python heap {f.get('blocks', 0):,} blocks against {f.get('idle_blocks', 0):,} "
            f"({_x(f.get('blocks_ratio'))}), {f['games_in_memory']:,} games still in memory")
    if "people_kept" in f:
        text += (f", {f['people_kept']:,} people kept by the service and "
                 f"{f['people_seen']:,} sightings for names")
    arenas = f.get("allocator")
    if arenas:
        text += (f"; allocator: {arenas['arenas']:,} arenas holding "
                 f"{arenas['live_mb']:.0f} MB of live objects and {arenas['free_mb']:.0f} MB "
                 f"free")
    return text


def render(results: dict[str, Any]) -> str:
    """The whole report as text."""
    meta = results["meta"]
    out = [f"chgk-bot bench, {meta['date']}: {meta['cpus']} CPUs, Python {meta['python']}, "
           f"SQLite {meta['sqlite']}, {meta['seconds']:.0f} s in all",
           f"command: {meta['command']}", ""]
    runs = results.get("concurrency") or []
    o = meta.get("options", {})
    if runs:
        out.append(f"Concurrent DUEL games (host and a team of 6 each): discussion "
                   f"{o['discussion']:g} s (warning at "
                   f"{o['warning_at']:g} s), think {o['think'][0]:g}-{o['think'][1]:g} s "
                   f"per move, {o['duration']:g} s each; ms as p50/p99/max")
        out += _concurrency(runs)
    real = results.get("real_pace")
    if real:
        pace = o.get("real_pace", {"discussion": 60, "warning_at": 50, "think": [5, 40]})
        out.append(f"Real pace: {real['games']:,} DUEL games, discussion {pace['discussion']:g} "
                   f"s (warning at {pace['warning_at']:g} s), think {pace['think'][0]:g}-"
                   f"{pace['think'][1]:g} s per move, {real['duration_s']:.0f} s of play; ms as "
                   f"p50/p99/max")
        out += _concurrency([real])
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
            out.append("  prepared judge per question (bot/answers/prepared.py, key and "
                       f"suggestion): "
                       f"{_num(t['judge_prepared_per_s'])} answers/s, "
                       f"{_x(t.get('judge_prepared_speedup'))} the rate of a matcher built "
                       f"per answer (judge_question, "
                       f"{_num(t.get('judge_unprepared_per_s'))}/s)")
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
        lines = t.get("lines")
        if lines and lines["lines"]:
            unsure = [f"«{line}»" for r in judging["packages"] if r.get("lines")
                      for line in r["lines"]["unsure_lines"]]
            out += [f"Accepted lines (each Зачёт alternative judged alone: the answers it names, "
                    f"another question's answer): {lines['lines']} lines, the judge UNSURE on "
                    f"{lines['unsure']} ({_share(lines['unsure_share'])}), wrongly accepted "
                    f"{lines['false_accepts']}, named answers rejected {lines['false_rejects']}",
                    *(f"  UNSURE: {line}" for line in unsure), ""]
    receipts = results.get("receipts")
    if receipts:
        from bench.receipts import render_receipts

        out += render_receipts(receipts, _ms)
    sheet = results.get("sheet")
    if sheet:
        from bench.sheet import render_sheet

        out += render_sheet(sheet, sheet.get("bot_api"), _ms)
    failed = results.get("failed") or {}
    if failed:
        out.append("Parts that FAILED (their rows below read \"not measured\"):")
        out += [f"  {part}: {reason}" for part, reason in failed.items()]
        out.append("")
    checks = results.get("targets") or []
    if checks:
        out += _rest(results)
        out.append("Targets (2-core machine); baseline from the same run")
        rows = [[c["target"], _limit(c), "-" if c["value"] is None else
                 f"{_num(c['value'])} {c['unit']}",
                 "-" if c["baseline"] is None else f"{_num(c['baseline'])} {c['unit']}",
                 _x(c["ratio"]),
                 {True: "met", False: "MISSED", None: "not measured" if c["value"] is None
                  else "printed"}[c["met"]]]
                for c in checks]
        out += _table(["", "target", "measured", "baseline", "ratio", ""], rows)
    return "\n".join(out)


def _limit(check: dict[str, Any]) -> str:
    """The target as text: "<= 50 ms", ">= 10,000 q/s" (a negative limit is a floor) or "-"."""
    limit = check["limit"]
    if limit is None:
        return "-"
    return f">= {-limit:,g} {check['unit']}" if limit < 0 else f"<= {limit:g} {check['unit']}"


def _rest(results: dict[str, Any]) -> list[str]:
    """The opening, timers and big-file import sections."""
    out: list[str] = []
    opening = results.get("opening")
    if opening:
        out += [f"Opening {opening['games']:,} games (new game, team, five joins, start): "
                f"{opening['seconds']:.1f} s ({opening['cpu_seconds']:.1f} s of CPU), "
                f"{opening['transactions']:,} write transactions "
                f"({opening['transactions_per_game']:.2f} a game), action ms "
                f"{_ms(opening['latency_ms'])}", ""]
    timers = results.get("timers")
    if timers:
        out += [f"Timers: {timers['count']:,} deadlines over {timers['spread_s']:g} s, each "
                f"armed twice, a tenth cancelled; the bot's scheduler and bare loop.call_at",
                *_table(["", "arm us", "CPU us/fired", "late ms p50/p99/max"], [
                    [name, _num(timers[key]["arm_us"]), _num(timers[key]["cpu_per_fired_us"]),
                     _ms(timers[key]["late_ms"])]
                    for name, key in (("ours (bot.timers)", "ours"), ("APScheduler 3 job "
                                      "per timer", "apscheduler"), ("bare call_at", "bare"))
                    if key in timers]), ""]
    sync = results.get("sync")
    if sync:
        out += [f"SYNC: {sync['teams']:,} teams hand in within the last {sync['last_s']:g} s of "
                f"a {sync['window_s']:.0f} s window (set-up {sync['setup_seconds']:.0f} s)",
                f"  answers stored {sync['answers_stored']:,}, receipted "
                f"{sync['receipted']:,}; stored and receipted ms "
                f"{_ms(sync['stored_receipted_ms'])}",
                f"  process CPU {_num(sync.get('cpu_ms_per_answer'))} ms an answer in "
                f"{_num(sync.get('transactions'))} write transactions (other programs "
                f"{_num(sync.get('other_programs_percent'))}% of the machine); the close "
                f"{_num(sync.get('close_cpu_s'))} s of CPU",
                f"  grouped judging list to the host after the close: "
                f"{_num(sync['judging_ready_after_close_s'])} s; RSS per team "
                f"{sync['rss']['per_team_kb']:.1f} KB", ""]
    tv = results.get("tv")
    if tv:
        out += [f"TV: a {tv['teams']}-team game on virtual time, {tv['envelopes']} envelopes "
                f"({tv['score'][0]}:{tv['score'][1]}), {tv['actions']:,} actions in "
                f"{tv['seconds']:.1f} s; ms p50/p99/max by step",
                *_table(["step", "n", "ms"], [[name, str(s["n"]), _ms(s)] for name, s in
                                              tv["latency_by_step_ms"].items()]), ""]
    importing = results.get("importing")
    if importing:
        out += ["Import of generated packages (bench.importing, one core)",
                *_table(["format", "MB", "questions", "seconds", "questions/s"], [
                    [r["format"], str(r["mb"]), f"{r['questions']:,}", _num(r["seconds"]),
                     _num(r["questions_per_s"])] for r in importing["runs"]]), ""]
    return out
