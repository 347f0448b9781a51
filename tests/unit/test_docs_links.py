"""Every relative link of the README and the guides in docs/ leads somewhere: to a file of the
repository and, with an ``#anchor``, to a heading of that file, as GitHub renders it. A reader
who follows "see Telegram" from the README lands on the part that says it, not on a 404 or
the top of a long page."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])

FENCE = re.compile(r"^(```|~~~).*?^\1", re.DOTALL | re.MULTILINE)
"""A fenced code block, whose ``# comment`` lines are not headings and brackets not links."""
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def prose(path: Path) -> str:
    """The page's text without its fenced code blocks."""
    return FENCE.sub("", path.read_text(encoding="utf-8"))


def anchors(path: Path) -> set[str]:
    """The ``#anchor`` of each heading of the page, as GitHub makes it: lower case, every
    character but letters, digits, ``-``, ``_`` and spaces dropped, spaces made ``-``; a
    repeated heading gets ``-1``, ``-2``…"""
    found: set[str] = set()
    for title in HEADING.findall(prose(path)):
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title).replace("`", "")
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        unique, n = slug, 0
        while unique in found:
            n += 1
            unique = f"{slug}-{n}"
        found.add(unique)
    return found


def relative_links(path: Path) -> list[str]:
    """The targets of the page's markdown links and images that stay in the repository."""
    text = CODE_SPAN.sub("", prose(path))
    return [target for target in LINK.findall(text) if not EXTERNAL.match(target)]


def broken(path: Path, target: str) -> str | None:
    """Why ``target``, a link of ``path``, leads nowhere, or None when it resolves."""
    file_part, _, anchor = target.partition("#")
    dest = (path.parent / unquote(file_part)).resolve() if file_part else path
    if not dest.exists():
        return "no such file"
    if anchor and dest.suffix == ".md" and unquote(anchor).lower() not in anchors(dest):
        return "no such heading"
    return None


def test_the_heading_anchors_are_made_as_github_makes_them(tmp_path):
    # Given a page with headings holding punctuation, code, Cyrillic and a repeat,
    page = tmp_path / "page.md"
    page.write_text(
        "# Title\n## Downloads (packages by link, questions' sounds)\n## `db backup` and more\n"
        "## Что? Где? Когда?\n## Title\n```text\n# a comment, not a heading\n```\n",
        encoding="utf-8",
    )
    # when its anchors are made, then each is the one GitHub gives the heading.
    assert anchors(page) == {
        "title", "downloads-packages-by-link-questions-sounds", "db-backup-and-more",
        "что-где-когда", "title-1",
    }


@pytest.mark.parametrize("page", PAGES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_heading(page):
    # Given a page of the README or the guides,
    # when each of its relative links is followed,
    dead = {target: why for target in relative_links(page) if (why := broken(page, target))}
    # then each reaches an existing file and, with an anchor, a heading of it.
    assert dead == {}
