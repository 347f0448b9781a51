"""``Translator.format`` formats a prompt once and puts each game's names into it;
every text must still read as Fluent itself writes it, each with its own names."""

from __future__ import annotations

from pathlib import Path

import pytest
from fluent.runtime import FluentBundle, FluentResource

from bot.i18n import SUPPORTED_LOCALES, Translator, _arguments, plain_spelling

NAMES = ("Даша", "{ $name }", "a\U000f0000b", "")
"""Names as people choose them: plain, Fluent syntax, the template's own marker, empty."""
LONG = "x" * 3000
"""A name longer than fluent.runtime takes in one placeable (2,500 characters)."""


def fluent_alone(locales_dir: Path, lang: str, key: str, args: dict) -> str:
    """``key`` as a bare FluentBundle of ``lang`` formats it."""
    def cmd(*words: object, by: object = None) -> str:
        return plain_spelling([str(w) for w in words], lang)

    bundle = FluentBundle([lang], use_isolating=False, functions={"CMD": cmd})
    for path in sorted((locales_dir / lang).glob("*.ftl")):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    text, _ = bundle.format_pattern(bundle.get_message(key).value, args)
    return text


@pytest.fixture
def locales(tmp_path: Path) -> Path:
    """A language folder whose message shows a name, picks a variant by a string that it
    shows too, counts, names a command and passes the name on through another message."""
    for lang, players in (("ru", "игроков"), ("en", "players")):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "game.ftl").write_text(
            "greeting = Hi, { $name }\n"
            "turn = { greeting }! { $side ->\n"
            "    [team] team { $side }\n"
            "   *[host] host { $side }\n"
            f"}} {{ $count }} {players}, {{ CMD(\"answerer\") }}\n", encoding="utf-8")
    return tmp_path


def test_each_game_reads_its_own_names_in_a_shared_prompt(locales: Path):
    t = Translator(locales)
    for lang in SUPPORTED_LOCALES:
        for side in ("team", "host", "other"):
            for count in (1, 5, 1000):
                for name in NAMES:
                    args = {"name": name, "side": side, "count": count}
                    assert t.format("turn", args, lang) == \
                        fluent_alone(locales, lang, "turn", args)
        text = t.format("turn", {"name": LONG, "side": "team", "count": 2}, lang)
        assert text.startswith(f"Hi, {LONG}! team team 2")


def test_every_message_reads_as_fluent_writes_it_whatever_the_names():
    t = Translator()
    for lang in SUPPORTED_LOCALES:
        for key in sorted(t._messages[lang]):
            shown: set[str] = set()
            read: set[str] = set()
            for messages in t._messages.values():
                _arguments(messages.get(key), messages, shown, read, set())
            for name in NAMES:
                # Every argument a string, as a name would be: selectors take their default
                # variant, placeables show it; twice, the second from the template.
                args = {var: name for var in shown | read}
                alone = t._format(key, args, lang, plain_spelling)
                assert t.format(key, args, lang) == t.format(key, dict(args), lang) == alone, \
                    (lang, key, name)
