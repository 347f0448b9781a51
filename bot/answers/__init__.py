"""Judging a team's answer against the author's answer (formats.md section 6, DESIGN "Answers").

The verdict is ACCEPT, REJECT or UNSURE; the host has the last word (DUEL-3.7), so anything a
machine cannot decide safely (near-misses in short answers, expanded or partial answers, prose
Зачёт such as "по смыслу") is UNSURE rather than a guess.

How an answer is read (decisions beyond formats.md 6.4 are marked *):

* ``[...]`` is an optional part, also inside a word (``Столб[ик]``); ``(...)`` is optional too
  (``(Ярослав) Гашек``), wherever it stands*, unless its content is prose
  (``(или любой другой синоним…)``): then it is a note, dropped from the answer, and a prose
  note that loosens the rules makes far answers UNSURE. ``(или X)`` makes X an alternative to
  the whole answer*.
* ``a/b`` between two words is a choice of one word (``темный час/часы``), except between
  all-capital words, which are usually one name (``AC/DC``)*; `` / `` with spaces separates
  whole alternatives.
* Word order does not matter: "Гашек Ярослав" is "Ярослав Гашек"* (Зачёт often says "в любом
  порядке"; a reordered name is the same answer).
* Typos are measured per word with the optimal-string-alignment distance (a swap of two
  neighbouring letters counts as one slip)*, so one wrong word in a long answer ("в верхнем
  правом углу" for "в нижнем правом углу") is never averaged away.
* The whole author's answer as written (brackets and all) is accepted too*, so a team that
  copies it verbatim is right.
* What a Зачёт says is read by ``bot.packages.criteria``, for the importers and this module
  alike: the importer splits it into ``Question.accepted``, which is used as given, and only
  its rules (prose that loosens, letter-exact) are read here from ``accepted_raw``.
  "по фамилии X" / "по слову X" there gives X; extra words around it are then an expanded
  answer for the host.
* "Добуквенно" / "точный ответ" removes every typo allowance (й/и included) but still accepts
  another word order*: the words themselves are letter-exact.
* Rules that ask only for what is done anyway ("в любом порядке", "в любой капитализации")
  and rules about form ("точный ответ", "в любом числе и падеже", "можно без артиклей", "по
  фамилии") do not make far answers UNSURE*: a far answer under them is REJECT.
* Two versions ("X или Y", "X, а может Y", "X/Y") and a negation ("не X") are REJECT, even
  when one version is right (the community's rule), unless the "или"/"не" is part of an
  accepted answer.
* "в любом числе / падеже" compares the words' dictionary forms (pymorphy3, the Russian
  morphological analyser), only where the Зачёт says so: "белый медведь" = "Белые медведи".
* "по фамилии" / "по имени или фамилии" with no name written: the surname (given name) of the
  author's answer alone is an accepted answer: its last (first) word, or its first (second)
  when the name is written surname first ("Моцарт Вольфганг Амадей", "Чайковский Пётр Ильич",
  "Пушкин А. С.", told by pymorphy3's name tags); none when the analyser cannot tell ("Бор
  Нильс"): the host decides.
* "любое упоминание X", "ответы, содержащие X", "с любым уточнением": an answer holding X's
  words (or the author's answer's), in any case form, is ACCEPT; one that holds X only inside a
  longer word ("бракоразводный") is UNSURE; two versions and negations are still REJECT.
* "можно без слова «X»": each variant without X's words is an accepted answer.
* ``[концерт/спектакль]``: a word choice inside an optional part; "Ивовый прут/лозоходная
  рамка" (several words on both sides of the "/") is two whole alternatives*.
* Numbers written in words are their digits ("триста шестьдесят шесть" = "366", 0 to 9999);
  "&" is "и" ("and" between Latin words).
* A given answer in the other script ("Frost" for "Фрост"), close once transliterated, is
  UNSURE, not REJECT.
* Where the author's answer has no comma, an accepted item's comma-separated parts are
  alternatives (as the importer splits a Зачёт).
* When the author's answer has inner quotes marking a title ("Вершина «Арарата»"), an answer
  typed without quotes is UNSURE, not ACCEPT, unless the Зачёт says "можно без кавычек".
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from bot.answers.forms import (
    Verdict,
    VerdictKind,
    _contained,
    _containing,
    _Form,
    _forms,
    _Hit,
    _Targets,
    _verbatim,
    _verdict,
)
from bot.answers.normal import _expand, expand_variants, normalize
from bot.answers.wordforms import (
    is_cyrillic,
    is_given_name,
    is_latin,
    lemmas,
    same_lemmas,
    surname_index,
    to_cyrillic,
    to_latin,
)
from bot.packages.criteria import (
    loosens,
    merge,
    read_alternative,
    read_criteria,
    split_alternatives,
    split_item,
    split_nezachet,
)

if TYPE_CHECKING:
    from bot.i18n import Translator
    from bot.packages.model import Part, Question

__all__ = ["Matcher", "Verdict", "VerdictKind", "expand_variants", "judge", "judge_part",
           "judge_question", "normalize", "run_judge"]

_ARTICLE = re.compile(
    r"^\W*(?:the|an?|der|die|das|ein|eine|le|la|les|l'|el|los|las|il|lo|gli)\s*(?<=\s|')",
    re.IGNORECASE,
)
_OR_WORDS = frozenset({"или", "либо", "or"})
_NOT_WORDS = frozenset({"не", "not"})
# Two versions in one answer: "X или Y", "X (или Y)"; "X, а может Y", "X, возможно, Y";
# "X/Y". Each form is searched for only where it may stand: an "или" among the words, a
# comma, a slash.
_OR_VERSIONS = re.compile(r"[^\W\d_]\W*(?<=[\s(\[])(?:или|либо|or)\s+\W*[^\W\d_]",
                          re.IGNORECASE)
_COMMA_VERSIONS = re.compile(r",\s*(?:а\s+|или\s+)?(?:может|возможно|или)\b", re.IGNORECASE)
_SLASH_VERSIONS = re.compile(r"(?<=[^\W\d_])\s*/\s*(?=[^\W\d_])")
# Endings a Russian noun takes in its cases and numbers, added to a name written bare.
_CASE_ENDINGS = frozenset(["а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах", "ой", "ю", "я",
                           "ем", "и", "ей", "ым", "ых"])
_NUMBERED = re.compile(r"(?:^|(?<=\s))(\d{1,2})[.)]\s*")


class Matcher:
    """Judges many answers to one question; build it once per question (formats.md 6.4).

    ``Matcher(answer, accepted, rejected, accepted_raw)`` prepares every variant of the
    author's answer and of each accepted and rejected alternative. Each item is ONE
    alternative, used as given (the importer already split the Зачёт), except that where
    the author's answer has no comma an item's comma-separated parts are alternatives; an
    accepted item may still carry a prose tail, which is cut off and read as a rule
    (``read_alternative``). ``accepted_raw``, the Зачёт as written, gives only its rules
    (prose that loosens, letter-exact, any number and case, by surname or given name, quotes
    or articles optional): its alternatives are the ``accepted`` items already. An
    ``answer`` with an inline ``Незачет: …`` is split into the answer and those rejected
    alternatives, as the importer does. Never raises on any text.
    """

    __slots__ = (
        "_accepted",
        "_accepted_verbatim",
        "_any_form",
        "_criteria",
        "_cyrillic",
        "_latin",
        "_mentions",
        "_negation_ok",
        "_parts",
        "_quotes_optional",
        "_rejected",
        "_rejected_verbatim",
        "_strict",
        "_versions_ok",
        "_words",
    )

    def __init__(
        self,
        answer: str,
        accepted: Sequence[str] = (),
        rejected: Sequence[str] = (),
        accepted_raw: str | None = None,
    ) -> None:
        answer, nezachet = split_nezachet(answer)
        rejected = [*rejected, *split_alternatives(nezachet, answer)]
        items = [read_alternative(piece) for item in accepted for piece in split_item(item, answer)]
        found = merge([*items, read_criteria(accepted_raw, answer)])
        accepted = [answer, *(alternative for item in items for alternative in item.accepted)]
        expanded = [_expand(item) for item in accepted]
        alone = _names_alone(expanded[0][0], found.by_surname, found.by_given_name)
        if found.articles_optional:
            alone += [_ARTICLE.sub("", v) for variants, _ in expanded for v in variants
                      if _ARTICLE.match(v)]
        if found.optional:
            alone += _without(found.optional, [v for variants, _ in expanded for v in variants])
        # "любое упоминание X", "с любым уточнением": X, or the author's answer, mentioned.
        mentioned = [*found.mentioned, *(expanded[0][0] if found.any_detail else ())]
        self._mentions = tuple(f for f in map(_Form.of, dict.fromkeys(mentioned)) if f.words)
        rules = list(found.rules)
        rules += [note for _, notes in expanded for note in notes if loosens(note)]
        self._accepted = _forms([*(v for variants, _ in expanded for v in variants), *alone])
        self._rejected = _forms(v for item in rejected for v in _expand(item)[0])
        # Each item as written, brackets and all, counts too, but only when typed verbatim:
        # its words ("или любой синоним") must not make expanded or partial answers.
        self._accepted_verbatim = _verbatim(accepted)
        self._rejected_verbatim = _verbatim(rejected)
        self._strict = found.letter_exact
        self._any_form = found.any_form
        self._quotes_optional = found.quotes_optional
        self._criteria = "; ".join(dict.fromkeys(rules)) or None
        self._versions_ok = any(w in _OR_WORDS for f in self._accepted.forms for w in f.words)
        self._negation_ok = any(w in _NOT_WORDS for f in self._accepted.forms for w in f.words)
        # Every word of a variant: an answer with none of them contains no variant and is
        # contained in none (most wrong answers).
        self._words = frozenset(w for targets in (self._accepted, self._rejected)
                                for f in targets.forms for w in f.words)
        # The variants an answer in the other script is spelled over for (_other_script).
        self._cyrillic = _Targets(t for t in self._accepted.forms if is_cyrillic(t.flat))
        self._latin = _Targets(t for t in self._accepted.forms if is_latin(t.flat))
        self._parts: tuple[Matcher, ...] = ()

    @classmethod
    def for_question(cls, question: Question) -> Matcher:
        """A matcher for ``question``; a blitz or duplet is judged part by part, as a whole."""
        if not question.parts:
            return cls(question.answer, question.accepted, question.rejected,
                       question.accepted_raw)
        matcher = cls("")  # judges nothing itself: each part has its own matcher
        matcher._parts = tuple(cls.for_part(p, question.accepted_raw) for p in question.parts)
        return matcher

    @classmethod
    def for_part(cls, part: Part, accepted_raw: str | None = None) -> Matcher:
        """A matcher for one blitz/duplet part; ``accepted_raw`` (the question's Зачёт) only
        contributes its rules, since its alternatives may belong to other parts."""
        return cls(part.answer, part.accepted, part.rejected, accepted_raw)

    def judge(self, given: str) -> Verdict:
        """Judge one answer (formats.md 6.4). Order of checks, first that applies:

        empty → REJECT; same as a rejected variant → REJECT; same as an accepted variant
        (also without spaces, in another word order, numbers in words for digits) → ACCEPT,
        but UNSURE when the variant's inner quotes mark a title and the answer has none; two
        versions or a negation → REJECT; under "любое упоминание X" / "с любым уточнением" an
        answer mentioning X → ACCEPT (see ``_mention``); under "в любом числе / падеже" the
        same words inflected → REJECT for a rejected variant, ACCEPT for an accepted one; nearer
        to a rejected variant than to any accepted one → REJECT (equally near → UNSURE); a
        typo in a long enough answer, or й/и → ACCEPT; containing a rejected answer as words
        → REJECT; containing an accepted answer plus other words → UNSURE (Кодекс 2.1.1); some
        of the answer's words → UNSURE; near-miss → UNSURE (REJECT when letter-exact); close
        once written in the other script → UNSURE; prose Зачёт → UNSURE; otherwise REJECT.
        """
        if self._parts:
            return self._judge_parts(given)
        g = _Form.of(given)
        if not g.flat:
            return _verdict(VerdictKind.REJECT, "empty")
        # Exact and reordered matches are looked up; only then is any variant compared.
        rejected = self._rejected.same(g)
        if rejected:
            return _verdict(VerdictKind.REJECT, "rejected", rejected.target.shown)
        if g.flat in self._rejected_verbatim:
            return _verdict(VerdictKind.REJECT, "rejected", self._rejected_verbatim[g.flat].shown)
        if g.flat in self._accepted_verbatim:
            return self._accept(g, "exact", self._accepted_verbatim[g.flat])
        accepted = self._accepted.same(g)
        if accepted:
            reason = "exact" if accepted.hit is _Hit.EXACT else "order"
            return self._accept(g, reason, accepted.target)
        versions = self._versions(given, g)
        if versions:
            return versions
        if self._mentions:
            mention = self._mention(g)
            if mention:
                return mention
        if self._any_form:
            inflected = self._inflected(g)
            if inflected:
                return inflected
        rejected = self._rejected.near(g)
        accepted = self._accepted.near(g)
        if rejected:
            if accepted is None or rejected.distance < accepted.distance:
                return _verdict(VerdictKind.REJECT, "near-rejected", rejected.target.shown,
                                distance=rejected.distance)
            if rejected.distance == accepted.distance:
                return _verdict(VerdictKind.UNSURE, "ambiguous", accepted.target.shown,
                                rejected=rejected.target.shown)
        if accepted and accepted.hit <= _Hit.TYPO and not self._strict:
            if accepted.target.titled and not g.quoted and not self._quotes_optional:
                return _verdict(VerdictKind.UNSURE, "title-quotes", accepted.target.shown)
            return _verdict(VerdictKind.ACCEPT, "typo", accepted.target.shown,
                            distance=accepted.distance)
        if not self._words.isdisjoint(g.words):
            found = self._words_in(g)
            if found:
                return found
        if accepted:
            if self._strict:
                return _verdict(VerdictKind.REJECT, "letter-exact", accepted.target.shown)
            return _verdict(VerdictKind.UNSURE, "near-miss", accepted.target.shown,
                            distance=accepted.distance)
        script = self._other_script(g)
        if script:
            return _verdict(VerdictKind.UNSURE, "other-script", script.shown)
        if self._criteria:
            return _verdict(VerdictKind.UNSURE, "prose", criteria=self._criteria)
        return _verdict(VerdictKind.REJECT, "far")

    def _accept(self, given: _Form, reason: str, target: _Form) -> Verdict:
        """ACCEPT as matching ``target``, or UNSURE when ``target``'s inner quotes mark a
        title that ``given`` does not quote ("Вершина «Арарата»" is a painting)."""
        if target.titled and not given.quoted and not self._quotes_optional:
            return _verdict(VerdictKind.UNSURE, "title-quotes", target.shown)
        return _verdict(VerdictKind.ACCEPT, reason, target.shown)

    def _mention(self, g: _Form) -> Verdict | None:
        """Under "любое упоминание X" / "с любым уточнением": ACCEPT when ``g`` holds every
        word of X (or of the author's answer) in some form, REJECT when it also holds a
        rejected variant as words; UNSURE when X only stands inside its words
        ("бракоразводный" for "развод"); None when it mentions none."""
        for target in self._mentions:
            if all(any(_same_word(w, t) for w in g.words) for t in target.words):
                wrong = _containing(g, self._rejected)
                if wrong:
                    return _verdict(VerdictKind.REJECT, "rejected", wrong.shown)
                return _verdict(VerdictKind.ACCEPT, "mention", target.shown)
        for target in self._mentions:
            if all(any(_stem(t) in w for w in g.words) for t in target.words):
                return _verdict(VerdictKind.UNSURE, "expanded", target.shown)
        return None

    def _words_in(self, g: _Form) -> Verdict | None:
        """REJECT when ``g`` contains a rejected variant as words (and no longer accepted
        one), UNSURE when it contains an accepted one plus other words, or is some of the
        words of one; None otherwise."""
        inside = _containing(g, self._accepted)
        wrong_inside = _containing(g, self._rejected)
        if wrong_inside and (inside is None or len(wrong_inside.words) >= len(inside.words)):
            return _verdict(VerdictKind.REJECT, "rejected", wrong_inside.shown)
        if inside:
            return _verdict(VerdictKind.UNSURE, "expanded", inside.shown)
        whole = _contained(g, self._accepted)
        if whole:
            return _verdict(VerdictKind.UNSURE, "partial", whole.shown)
        return None

    def _versions(self, given: str, g: _Form) -> Verdict | None:
        """REJECT for two versions ("X или Y", "X, а может Y", "X/Y") or a negation ("не X"),
        unless such words are part of an accepted answer; None otherwise."""
        if not self._versions_ok and _two_versions(given, g.words):
            return _verdict(VerdictKind.REJECT, "two-versions")
        if not self._negation_ok and len(g.words) > 1 and g.words[0] in _NOT_WORDS:
            return _verdict(VerdictKind.REJECT, "negation")
        return None

    def _inflected(self, g: _Form) -> Verdict | None:
        """Under "в любом числе / падеже": the words of a rejected variant inflected are
        REJECT, of an accepted one ACCEPT; None when neither."""
        for target in self._rejected.forms:
            if same_lemmas(g.words, target.words):
                return _verdict(VerdictKind.REJECT, "rejected", target.shown)
        for target in self._accepted.forms:
            if same_lemmas(g.words, target.words):
                if target.titled and not g.quoted and not self._quotes_optional:
                    return _verdict(VerdictKind.UNSURE, "title-quotes", target.shown)
                return _verdict(VerdictKind.ACCEPT, "inflected", target.shown)
        return None

    def _other_script(self, g: _Form) -> _Form | None:
        """The accepted variant ``g`` is close to once written in the other script ("Frost"
        for "Фрост"), or some of the words of ("Frost" for "Роберт Фрост"), or None."""
        # The targets first: with none in the other script (most questions), the answer's
        # script need not even be read (a quarter of the judging time).
        if self._cyrillic.forms and is_latin(g.flat):
            targets, spell = self._cyrillic, to_cyrillic
        elif self._latin.forms and is_cyrillic(g.flat):
            targets, spell = self._latin, to_latin
        else:
            return None
        spelled = _Form.of(" ".join(spell(w) for w in g.words))
        match = targets.nearest(spelled)
        # Some of a name's words ("Frost" for "Роберт Фрост") are as partial as in its script.
        return match.target if match else _contained(spelled, targets)

    def _judge_parts(self, given: str) -> Verdict:
        """All parts right → ACCEPT; any wrong → REJECT (formats.md 6.2); else UNSURE."""
        pieces = _split_given(given, len(self._parts))
        if len(pieces) != len(self._parts):
            return _verdict(VerdictKind.UNSURE, "parts-count", expected=len(self._parts),
                            given=len(pieces))
        verdicts = [m.judge(p) for m, p in zip(self._parts, pieces, strict=True)]
        for kind, reason in ((VerdictKind.REJECT, "parts-wrong"),
                             (VerdictKind.UNSURE, "parts-unsure")):
            for number, verdict in enumerate(verdicts, 1):
                if verdict.kind is kind:
                    return _verdict(kind, reason, number=number)
        matched = "; ".join(v.matched or "" for v in verdicts)
        return _verdict(VerdictKind.ACCEPT, "parts-all", matched, count=len(verdicts))


def _names_alone(variants: Sequence[str], surname: bool, given_name: bool) -> list[str]:
    """Under "по фамилии" (``surname``) / "по имени" (``given_name``) with no name written: the
    surname / given name of each person's name among the author's ``variants`` of two or more
    words, wherever it stands ("Моцарт" of "Моцарт Вольфганг Амадей" and of "Вольфганг Амадей
    Моцарт"); none of a name whose surname cannot be told (``surname_index``)."""
    if not (surname or given_name):
        return []
    alone = []
    for variant in variants:
        words = variant.split()
        if len(words) < 2:
            continue
        at = surname_index([normalize(w).replace(" ", "-") for w in words])
        if at is not None and surname:
            alone.append(words[at])
        if given_name and (at is not None or is_given_name(normalize(words[0]))):
            alone.append(words[1 if at == 0 else 0])
    return alone


def _same_word(given: str, named: str) -> bool:
    """True when the normalised word ``given`` is ``named`` in some form: the same, sharing a
    dictionary form, or one of them the other plus a case ending, as a name the analyser does
    not know is inflected ("швейка" after "упоминание" is "швейк"; "мостик" is not "мост")."""
    if given == named or lemmas(given) & lemmas(named):
        return True
    short, long = sorted((given, named), key=len)
    return len(short) >= 4 and long.startswith(short) and long[len(short) :] in _CASE_ENDINGS


def _stem(word: str) -> str:
    """``word`` without a case ending (``_CASE_ENDINGS``) when four letters or more are left:
    "моста" gives "мост"."""
    for size in (3, 2, 1):
        if len(word) - size >= 4 and word[-size:] in _CASE_ENDINGS:
            return word[:-size]
    return word


def _without(optional: Sequence[str], variants: Sequence[str]) -> list[str]:
    """Each of ``variants`` with the words of an ``optional`` phrase ("можно без слова
    «остров»") left out, where it holds them all in some form and something is left."""
    out = []
    for variant in variants:
        words = normalize(variant).split()
        for phrase in optional:
            drop = normalize(phrase).split()
            kept = [w for w in words if not any(_same_word(w, d) for d in drop)]
            if drop and kept and len(kept) + len(drop) <= len(words):
                out.append(" ".join(kept))
    return out


def _two_versions(given: str, words: Sequence[str]) -> bool:
    """True when ``given`` (as typed, its normalised ``words``) gives two versions."""
    return bool(("," in given and _COMMA_VERSIONS.search(given))
                or ("/" in given and _SLASH_VERSIONS.search(given))
                or (not _OR_WORDS.isdisjoint(words) and _OR_VERSIONS.search(given)))


def _split_given(given: str, count: int) -> list[str]:
    """A blitz answer in ``count`` pieces: "1. a 2. b", lines, ';', ',' or single words.

    Returns the best split found; its length differs from ``count`` when none fits.
    """
    text = given.strip()
    markers = list(_NUMBERED.finditer(text))
    numbers = [int(m.group(1)) for m in markers]
    if numbers == list(range(1, count + 1)) and markers[0].start() == 0:
        ends = [m.start() for m in markers[1:]] + [len(text)]
        return [text[m.end() : end] for m, end in zip(markers, ends, strict=True)]
    for separator in ("\n", ";", ",", None):
        pieces = [p for p in given.split(separator) if p.strip()]
        if len(pieces) == count:
            return pieces
    return [p for p in given.split("\n") if p.strip()]


def judge(
    given: str,
    answer: str,
    accepted: Sequence[str] = (),
    rejected: Sequence[str] = (),
    *,
    accepted_raw: str | None = None,
) -> Verdict:
    """Judge ``given`` against one author's ``answer`` (formats.md 6.4); see ``Matcher.judge``.

    ``accepted``/``rejected`` hold one alternative each (``split_alternatives`` makes them from
    a Зачёт text); ``accepted_raw``, the Зачёт as written, adds only its rules. For many answers
    to one question build a ``Matcher`` once instead. Never raises.
    """
    return Matcher(answer, accepted, rejected, accepted_raw).judge(given)


def judge_question(given: str, question: Question) -> Verdict:
    """Judge ``given`` for ``question`` (answer, accepted, rejected, accepted_raw, parts).

    A blitz or duplet answer is split into its parts ("1. … 2. …", lines, ';', ',') and
    judged as a whole: ACCEPT only when every part is right.
    """
    return Matcher.for_question(question).judge(given)


def judge_part(given: str, part: Part, accepted_raw: str | None = None) -> Verdict:
    """Judge ``given`` for one blitz/duplet ``part``; ``accepted_raw`` adds only its rules."""
    return Matcher.for_part(part, accepted_raw).judge(given)


def run_judge(
    given: str,
    *,
    answer: str | None,
    accepted: Sequence[str] = (),
    rejected: Sequence[str] = (),
    zachet: str | None = None,
    nezachet: str | None = None,
    package: Path | None = None,
    question: int | None = None,
    translator: Translator,
    locale: str,
    out: TextIO,
    err: TextIO | None = None,
) -> int:
    """``chgk-bot judge``: print "VERDICT: reason" on ``out`` in ``locale`` and return 0.

    Either against ``answer`` with ``accepted``/``rejected`` (one alternative each) and the
    raw ``zachet``/``nezachet`` texts, read exactly as an imported package's Зачёт/Незачёт
    (prose rules, splitting at ``;`` and commas, an inline "Незачёт: …"); or against
    question number ``question`` of the ``package`` file. Returns 2, with a localised message
    on ``err`` (default stderr), when the author's answer has no letters or digits, the
    package cannot be read or has no such question.
    """
    err = err or sys.stderr
    if package is not None:
        from bot.packages import PackageReadError, load_package

        try:
            imported = load_package(package).package
        except PackageReadError as error:
            message = translator.format(error.key, {"file": str(package), **error.args}, locale)
            print(message, file=err)
            return 2
        found = [q for q in (imported.questions if imported else ()) if q.number == question]
        if not found:
            print(translator.format("judge-error-no-question",
                                    {"file": str(package), "number": question or 0}, locale),
                  file=err)
            return 2
        verdict = judge_question(given, found[0])
    else:
        if not normalize(answer or ""):
            print(translator("judge-error-empty-answer", locale), file=err)
            return 2
        answer = answer or ""
        # An inline "Незачёт: …" in the Зачёт rejects: the Зачёт read as the importers read it.
        rejected = [*rejected, *read_criteria(zachet, answer).rejected,
                    *split_alternatives(nezachet, answer)]
        matcher = Matcher(answer, [*accepted, *split_alternatives(zachet, answer)], rejected,
                          accepted_raw=zachet)
        verdict = matcher.judge(given)
    print(f"{verdict.kind}: {verdict.describe(translator, locale)}", file=out)
    return 0
