"""Inline markup shared by every format: paragraphs, lists, pictures, handouts, host notes.

Each function takes plain text and returns plain text plus what it took out of it, so the
builder can put pictures, handouts and host notes into their own Question fields
(formats.md 1.4, 4.3, 5.3-5.8).
"""

from __future__ import annotations

import functools
import re
import shlex
from dataclasses import dataclass, field

DB_IMAGES = "https://db.chgk.info/images/db/"
DB_SOUNDS = "https://db.chgk.info/sounds/db/"

# 4s escapes (formats.md 4.3) become private-use characters while the text is parsed, so that
# an escaped bracket or underscore never counts as markup; restore_escapes puts them back.
ESCAPES = {"\\[": "\ue000", "\\]": "\ue001", "\\_": "\ue002", "\\(": "\ue003", "\\)": "\ue004"}
_RESTORE = str.maketrans({v: k[1] for k, v in ESCAPES.items()})
_P0, _P1, _P2, _P3, _P4 = ESCAPES.values()

LIST_ITEM = re.compile(r"^(\d{1,2})[.)]\s+(.*)$", re.DOTALL)
_INLINE_ITEM = re.compile(r"(?:^|(?<=[\s;,.]))(\d{1,2})[.)]\s+")
_DASH_ITEM = re.compile(r"^\s*-\s*")
# A line break that ends a db-text paragraph: the next line blank, indented, a "|" line or none
# (``\s`` is ``str.isspace``).
_PARAGRAPH_END = re.compile(r"\n(?:[\s|]|\Z)")

_DB_FILE = re.compile(r"\d{8}")
_SOUND_FILE = re.compile(r"[\w.-]+\.\w{2,4}")
_SHELL_SPECIAL = re.compile(r"['\"\\]")
_SHELL_TOKEN = re.compile(r"[^ \t\r\n]+")  # shlex.shlex.whitespace
_MEDIA_OPEN = re.compile(r"\((?:(pic|aud|audio)\s*:|(img)\s)\s*", re.IGNORECASE)
_HANDOUT_TAG = re.compile(r"<\s*раздатка\s*>", re.IGNORECASE)
_HANDOUT_END = re.compile(r"<\s*/\s*раздатка\s*>", re.IGNORECASE)
_HANDOUT_OPEN = re.compile(
    r"\[\s*(?:Раздаточный\s+материал|Раздача|Раздатка|Handout)\s*[:.]", re.IGNORECASE
)
_NOTE_OPEN = re.compile(
    r"\[\s*(?:Ведущему|Чтецу|Для\s+ведущего|Примечание\s+для\s+ведущего|Указание\s+ведущему"
    r"|Комментарий\s+для\s+ведущего|Note\s+(?:to|for)\s+(?:the\s+)?(?:host|reader)"
    r"|Раздаточный\s+материал\s*[-–—])",
    re.IGNORECASE,
)
# A pronunciation hint: a bracketed Cyrillic reading right after a Latin word, a number or a
# symbol ("FIFA [фифа́]", "ISO 9564 [исо девять-пять-шесть-четыре]", formats.md 1.4). The
# brackets are found first and the word before each is read backwards: one regex for both
# backtracked through every long word, and a 2,000-letter word took minutes.
_HINT_BRACKET = re.compile(r"\[([^\[\]:]*)\]")
_HINT_READING = re.compile("[а-яё]")
_HINT_WORD = re.compile("[A-Za-z0-9°%$€£&]")
_HINT_QUOTED = re.compile("[A-Za-z0-9]")
_HINTED_MAX = 200  # characters: a hint reads a word or a short quotation, never a paragraph
_LATIN = re.compile(r"[A-Za-z]")
_SCREEN = re.compile(r"\(screen\s+([^|()]*)\|([^()]*)\)", re.IGNORECASE)
_BREAKS = re.compile(r"\((?:PAGEBREAK|LINEBREAK)\)")
_SPACES = re.compile(r"[ \t\u00a0]+")
# Openers and their closers; Russian „лапки“ close with the character English quotes open with.
_PAIRS = {"(": ")", "[": "]", "{": "}", "«": "»", "„": "“", "“": "”", '"': '"'}
_OPENERS = re.compile("[" + re.escape("".join(_PAIRS)) + "]")


@dataclass(slots=True)
class Extracted:
    """What :func:`extract_question_markup` took out of a question text."""

    text: str
    handout_texts: list[str] = field(default_factory=list)
    handout_images: list[str] = field(default_factory=list)
    pictures: list[str] = field(default_factory=list)
    audio: list[str] = field(default_factory=list)
    host_notes: list[str] = field(default_factory=list)
    unclosed: bool = False


def restore_escapes(text: str) -> str:
    """Turn the placeholders of ``ESCAPES`` back into the literal characters."""
    # Five substring tests, written out, cost less than one character-class search, and every
    # field of every question passes here.
    if _P0 in text or _P1 in text or _P2 in text or _P3 in text or _P4 in text:
        return text.translate(_RESTORE)
    return text


def db_paragraphs(lines: list[str]) -> list[str]:
    """Unwrap hard-wrapped db-text lines into paragraphs (formats.md 1.1, 5.3).

    An unindented line continues the previous one (joined with a space); an indented line starts
    a new paragraph; a ``|`` line is preformatted and kept as it is, without the bar.
    """
    # Each paragraph is gathered as a list of its lines and joined once: adding a line to a
    # growing string copies it, which made a file with no blank lines quadratic.
    if len(lines) == 1:  # the usual answer, Зачёт or author: one line, nothing to unwrap
        line = lines[0]
        if line.startswith("|"):
            return [line[1:].rstrip()]
        return [line.strip()] if line.strip() else []
    if not lines:
        return []
    first = lines[0]
    if (
        first.strip()
        and not first.startswith("|")
        and _PARAGRAPH_END.search("\n".join(lines)) is None
    ):
        # The usual wrapped field: no later line is blank, indented or a "|" line, so every
        # one continues the first paragraph.
        return [" ".join([line.strip() for line in lines])]
    paras: list[list[str]] = []
    joinable = False
    for line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        if line.startswith("|"):
            paras.append([line[1:].rstrip()])
            joinable = False
        elif joinable and not line[0].isspace():
            paras[-1].append(stripped)
        else:
            paras.append([stripped])
            joinable = True
    return [" ".join(p) for p in paras]


def line_paragraphs(lines: list[str]) -> list[str]:
    """Paragraphs of a format whose line breaks are real (free-form, gotquestions): one per line."""
    return [line.strip() for line in lines if line.strip()]


def dash_paragraphs(lines: list[str]) -> list[str]:
    """Paragraphs of a 4s field: ``-`` lines become numbered items ``N. text`` (formats.md 4.2).

    Lines after an item belong to it (joined with a newline); a single item is flattened back
    to plain text, as chgksuite does.
    """
    paras = line_paragraphs(lines)
    items = [i for i, p in enumerate(paras) if p.startswith("-")]
    if not items:
        return paras
    if len(items) == 1:
        return [_DASH_ITEM.sub("", p) if i == items[0] else p for i, p in enumerate(paras)]
    out = paras[: items[0]]
    for n, start in enumerate(items):
        end = items[n + 1] if n + 1 < len(items) else len(paras)
        body = "\n".join([_DASH_ITEM.sub("", paras[start]), *paras[start + 1 : end]])
        out.append(f"{n + 1}. {body}")
    return out


def resolve_media(name: str, kind: str = "pic") -> str:
    """The URL or attachment name for ``(pic: X)``/``(aud: X)``/``(img X)`` (formats.md 1.4).

    A name starting with 8 digits is a db.chgk.info file (images, or sounds for ``aud``), and
    so is a sound's bare file name (db.chgk.info's sounds folder); a URL stays as it
    is; any other picture is the name of a file shipped with the package.
    """
    name = name.strip()
    sound = kind in ("aud", "audio")
    if _DB_FILE.match(name) or (sound and _SOUND_FILE.fullmatch(name)):
        return (DB_SOUNDS if sound else DB_IMAGES) + name
    if name.startswith("//"):
        return "https:" + name
    return name


def closing_bracket(text: str, start: int, open_ch: str, close_ch: str) -> int:
    """Index of the bracket closing one opened just before ``start``, or -1 (nesting counted)."""
    depth = 1
    for i in range(start, len(text)):
        ch = text[i]
        if ch == open_ch:
            depth += 1
        elif ch == close_ch:
            depth -= 1
            if depth == 0:
                return i
    return -1


def _media_name(kind: str, body: str) -> str:
    if kind.lower() != "img":
        return body.strip()
    # (img [w=..] [h=..] [big] [inline] FILE): the file is the last shell-like token. Without
    # quotes or backslashes shlex splits at its whitespace only, and costs far more.
    if _SHELL_SPECIAL.search(body) is None:
        tokens = _SHELL_TOKEN.findall(body)
    else:
        try:
            tokens = shlex.split(body)
        except ValueError:
            tokens = body.split()
    return restore_escapes(tokens[-1]) if tokens else ""


def extract_media(text: str) -> tuple[str, list[tuple[str, str]]]:
    """Remove ``(pic: X)``, ``(aud: X)``, 4s ``(img … X)``; return the text and (kind, URL) pairs.

    The closing parenthesis is found by bracket matching because real file names contain
    parentheses (``Shkolny_Chemp_Estonii-2014_(48v)_001.png``, formats.md 4.3).
    """
    found: list[tuple[str, str]] = []
    pos = 0
    out: list[str] = []
    while (m := _MEDIA_OPEN.search(text, pos)) is not None:
        end = closing_bracket(text, m.end(), "(", ")")
        if end < 0:
            break
        kind = (m.group(1) or m.group(2)).lower()
        name = _media_name(kind, text[m.end() : end])
        if name:
            found.append((kind, resolve_media(name, kind)))
        out.append(text[pos : m.start()])
        pos = end + 1
    out.append(text[pos:])
    return "".join(out), found


def inline_media(text: str) -> str:
    """Replace media markup by its URL in place (comments and sources, shown after the answer)."""
    if "(" not in text or _MEDIA_OPEN.search(text) is None:
        return text
    pos = 0
    out: list[str] = []
    while (m := _MEDIA_OPEN.search(text, pos)) is not None:
        end = closing_bracket(text, m.end(), "(", ")")
        if end < 0:
            break
        kind = (m.group(1) or m.group(2)).lower()
        out.append(
            text[pos : m.start()] + resolve_media(_media_name(kind, text[m.end() : end]), kind)
        )
        pos = end + 1
    out.append(text[pos:])
    return "".join(out)


def _take_brackets(text: str, opener: re.Pattern[str]) -> tuple[str, list[str], bool]:
    """Cut every ``[Label: …]`` group found by ``opener``; return text, contents, any unclosed."""
    contents: list[str] = []
    kept: list[str] = []
    unclosed = False
    pos = 0
    while (m := opener.search(text, pos)) is not None:
        end = closing_bracket(text, m.start() + 1, "[", "]")
        if end < 0:
            unclosed = True
            end = len(text)
        contents.append(text[m.start() + 1 : end])
        kept.append(text[pos : m.start()])
        pos = end + 1
    kept.append(text[pos:])
    return "".join(kept), contents, unclosed


def _take_handout_tags(text: str) -> tuple[str, list[str]]:
    """Cut every ``<раздатка>…</раздатка>``; return the text and the contents.

    One pass: a tag left open ends the search, as no later one can close either.
    """
    contents: list[str] = []
    kept: list[str] = []
    pos = 0
    while (m := _HANDOUT_TAG.search(text, pos)) is not None:
        end = _HANDOUT_END.search(text, m.end())
        if end is None:
            break
        contents.append(text[m.end() : end.start()])
        kept.append(text[pos : m.start()])
        pos = end.end()
    kept.append(text[pos:])
    return "".join(kept), contents


def _label_body(content: str) -> str:
    """``Раздаточный материал: X`` -> ``X`` (the label and its separator dropped)."""
    return re.sub(
        r"^\s*(?:Раздаточный\s+материал|Раздача|Раздатка|Handout)\s*[:.]",
        "",
        content,
        flags=re.IGNORECASE,
    ).strip()


def extract_question_markup(text: str) -> Extracted:
    """Split a question text into what players read and the rest (formats.md 1.4, 4.3, 5.4-5.6).

    Takes out ``<раздатка>…</раздатка>`` and ``[Раздаточный материал: …]`` handouts (pictures
    inside them become handout images), ``[Ведущему: …]``/``[Чтецу: …]`` host notes, pronunciation
    hints after Latin words or numbers, and ``(pic: …)``/``(aud: …)``/``(img …)`` media. 4s
    ``(screen A|B)`` keeps the screen version B. ``unclosed`` tells that a bracket never closed.
    """
    # Every markup starts with "(", "<" or "["; a text without one skips its scans.
    if "(" in text:
        text = _BREAKS.sub("\n", _SCREEN.sub(r"\2", text))
    result = Extracted(text="")
    handouts: list[str] = []
    if "<" in text:
        text, handouts = _take_handout_tags(text)
    if "[" in text:
        text, bracketed, unclosed_h = _take_brackets(text, _HANDOUT_OPEN)
        handouts += [_label_body(b) for b in bracketed]
        text, notes, unclosed_n = _take_brackets(text, _NOTE_OPEN)
        result.unclosed = unclosed_h or unclosed_n
        result.host_notes = [" ".join(n.split()) for n in notes]
    for handout in handouts:
        body, media = extract_media(handout)
        result.handout_images += [url for kind, url in media if kind in ("pic", "img")]
        result.audio += [url for kind, url in media if kind in ("aud", "audio")]
        # rstrip only: preformatted ("|") handout lines keep their alignment.
        body = "\n".join(ln.rstrip() for ln in body.split("\n") if ln.strip())
        if body:
            result.handout_texts.append(body)
    if "(" in text:
        text, media = extract_media(text)
        result.pictures = [url for kind, url in media if kind in ("pic", "img")]
        result.audio += [url for kind, url in media if kind in ("aud", "audio")]
    if "[" in text:
        text, hints = extract_hints(text)
        result.host_notes += hints
    result.text = text
    return result


def extract_hints(text: str) -> tuple[str, list[str]]:
    """Move pronunciation hints (``Solo [со́ло]``) out of player text; return text and hints.

    A hint is a bracket with a lower-case Cyrillic reading right after (spaces allowed) a word
    with a Latin letter, a digit or a symbol, or a quotation with a Latin letter or a digit.
    All-caps brackets (``[СЛОВО ПРОПУЩЕНО]``) and blanks (``[пропуск]``) are part of the
    question and stay. Linear in the length of ``text``.
    """
    hints: list[str] = []
    out: list[str] = []
    done = 0  # text[:done] is already in out
    for m in _HINT_BRACKET.finditer(text):
        hint = m.group(1)
        if (
            _HINT_READING.search(hint) is None
            or hint.upper() == hint
            or "пропу" in hint.lower()
            or _LATIN.search(hint)
        ):
            continue
        start, end = _hinted_word(text, max(done, m.start() - _HINTED_MAX), m.start())
        if start < 0:
            continue
        word = text[start:end]
        hints.append(f"{word} [{hint.strip()}]")
        out.append(text[done:start] + word)
        done = m.end()
    out.append(text[done:])
    return "".join(out), hints


def _hinted_word(text: str, low: int, bracket: int) -> tuple[int, int]:
    """The span of the word or quotation a hint at ``bracket`` reads, within ``text[low:]``;
    ``(-1, -1)`` when there is none."""
    end = bracket
    while end > low and text[end - 1].isspace():
        end -= 1
    if end <= low:
        return -1, -1
    starts = []
    closer = text[end - 1]
    if closer in ('"', "»") and end - 1 > low:
        begin = text.rfind('"' if closer == '"' else "«", low, end - 1)
        inside = text[begin + 1 : end - 1]
        if (
            begin >= 0
            and "\n" not in inside
            and closer not in inside
            and _HINT_QUOTED.search(inside)
        ):
            starts.append(begin)
    run = end
    while run > low and not text[run - 1].isspace():
        run -= 1
    if _HINT_WORD.search(text, run, end):
        starts.append(run)
    return (min(starts), end) if starts else (-1, -1)


def clean_lines(text: str, *, keep_spacing: bool = False) -> str:
    """Trim every line, drop empty ones, collapse runs of spaces unless ``keep_spacing``."""
    if keep_spacing:
        return "\n".join(line for line in (ln.rstrip() for ln in text.split("\n"))
                         if line.strip())
    # One substitution over the whole text (runs of spaces never span a line break), skipped
    # when there is nothing to collapse: most field texts have single spaces only.
    if "  " in text or "\t" in text or "\u00a0" in text:
        text = _SPACES.sub(" ", text)
    if "\n" not in text:
        return text.strip()
    return "\n".join(line for line in (ln.strip() for ln in text.split("\n")) if line)


def starts_list(text: str) -> bool:
    """Whether a line of ``text`` starts with ``1.`` or ``1)``: false means that
    :func:`numbered_items` of its lines is None (its run must start at item 1)."""
    return text.startswith(("1.", "1)")) or "\n1." in text or "\n1)" in text


def numbered_items(lines: list[str]) -> tuple[list[str], list[str]] | None:
    """Find a run of items ``1.``, ``2.``, … (at least two) in ``lines`` (formats.md 1.5, 5.7).

    Returns ``(preamble lines, item texts)``; lines after an item belong to it. None when there
    is no such run.
    """
    start = next(
        (i for i, ln in enumerate(lines) if (m := LIST_ITEM.match(ln)) and m[1] == "1"), -1
    )
    if start < 0:
        return None
    items: list[list[str]] = []
    for line in lines[start:]:
        m = LIST_ITEM.match(line)
        if m and int(m[1]) == len(items) + 1:
            items.append([m[2].strip()])
        else:
            items[-1].append(line)
    if len(items) < 2:
        return None
    return lines[:start], ["\n".join(i) for i in items]


def inline_items(text: str) -> list[str] | None:
    """Split a one-line numbered list (``1. ребро; 2. мо; 3. о``, ``1. A. 2. B.``) into items.

    The numbers must run 1, 2, … from the start of the text; separators ``;``/``,`` at the end of
    an item are dropped. None when the text is not such a list.
    """
    text = text.strip()
    cuts: list[tuple[int, int]] = []
    for m in _INLINE_ITEM.finditer(text):
        if int(m[1]) == len(cuts) + 1 and (cuts or m.start() == 0):
            cuts.append((m.start(), m.end()))
    if len(cuts) < 2:
        return None
    items = []
    for n, (_, body_start) in enumerate(cuts):
        end = cuts[n + 1][0] if n + 1 < len(cuts) else len(text)
        items.append(text[body_start:end].strip().rstrip(";,").strip())
    return items


@functools.cache
def _separators(separators: str) -> re.Pattern[str]:
    return re.compile("[" + re.escape(separators) + "]")


def split_top(text: str, separators: str) -> list[str]:
    """Split ``text`` on any of ``separators`` outside brackets and quotes."""
    if _OPENERS.search(text) is None:
        # Nothing opens, so every separator is outside: one C-level split (the walk below
        # costs a Python step per character; most Зачёт texts have no bracket or quote).
        return _separators(separators).split(text)
    parts: list[str] = []
    closers: list[str] = []  # the closing character each open bracket or quote waits for
    current: list[str] = []
    for ch in text:
        if closers and ch == closers[-1]:
            closers.pop()
        elif ch in _PAIRS:
            closers.append(_PAIRS[ch])
        elif ch in separators and not closers:
            parts.append("".join(current))
            current = []
            continue
        current.append(ch)
    parts.append("".join(current))
    return parts
