"""Judging targets of issue 14 on cases generated from every question of ../shared/packages
(bench/judging.py ``generated_cases``): each accepted variant, trivial rewrites of the
author's answer, each Незачёт, another question's answer, one-letter slips, negations and
two-version answers, judged against the verdict the editors' own crediting implies.
"""

from __future__ import annotations

from bench.judging import agreement, combined, generated_cases
from bot.packages import load_package
from tests.conftest import shared_package

PREFIXES = ["01", "02", "03", "06", "07", "08", "10", "13"]


def _questions(prefix: str):
    package = load_package(shared_package(prefix)).package
    assert package is not None
    return package.questions


def test_every_kind_of_case_is_generated():
    kinds = {kind for prefix in PREFIXES for _, _, kind, _ in generated_cases(_questions(prefix))}
    assert kinds == {"accepted", "rewrite", "rejected", "other question", "two versions",
                     "negation", "slip"}


def test_no_false_accept_and_the_targets_are_met():
    figures = [agreement(_questions(prefix)) for prefix in PREFIXES]
    examples = [e for f in figures for e in f["examples"]["false_accepts"]]
    assert examples == []
    total = combined(figures)
    assert total["cases"] > 1000
    assert total["false_accepts"] == 0
    assert total["agreement"] >= 0.995
    assert total["unsure_share"] <= 0.08
