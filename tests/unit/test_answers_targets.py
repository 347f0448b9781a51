"""The judging targets on cases generated from every question of ../shared/packages
(bench/judging.py ``generated_cases``): each accepted variant, trivial rewrites of the
author's answer, each Незачёт, another question's answer, one-letter slips, negations and
two-version answers, judged against the verdict the editors' own crediting implies.
"""

from __future__ import annotations

from bench.judging import agreement, combined, generated_cases
from bot.packages import load_package
from tests.conftest import shared_package


def _packages():
    """Every package file in ../shared/packages, as ``make bench`` reads them (a package added
    there is judged here too); skips without ../shared, fails under CI=true."""
    folder = shared_package("01").parent
    return sorted(p for p in folder.iterdir() if p.suffix != ".md" and p.is_file())


def _questions(path):
    package = load_package(path).package
    assert package is not None, path.name
    return package.questions


def test_every_kind_of_case_is_generated():
    kinds = {kind for path in _packages() for _, _, kind, _ in generated_cases(_questions(path))}
    assert kinds == {"accepted", "rewrite", "rejected", "other question", "two versions",
                     "negation", "slip"}


def test_no_false_accept_and_the_targets_are_met():
    figures = [agreement(_questions(path)) for path in _packages()]
    examples = [e for f in figures for e in f["examples"]["false_accepts"]]
    assert examples == []
    total = combined(figures)
    assert total["cases"] > 1000
    assert total["false_accepts"] == 0
    assert total["agreement"] >= 0.995
    assert total["unsure_share"] <= 0.08
