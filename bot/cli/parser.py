"""The ``chgk-bot`` argument parser speaking the user's language (ru by default, en with
``--locale en`` or ``CHGK_LOCALE=en``): argparse's usage line and its error messages go
through Fluent (``cli-arg-*`` in ``common.ftl``) instead of argparse's English, and so does
``--help`` (``cli-help-*`` in ``cli.ftl``): ``bot.cli.main`` gives Fluent keys as help texts and
descriptions, :class:`CliHelpFormatter` formats them when help is shown.

argparse formats its errors from fixed English templates (``argparse._``) before calling
``error``; :class:`CliParser` reads each template back into its parts and formats a key of
its own. A message of no known template becomes ``cli-arg-other``, so argparse's English
never reaches the user.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from bot.i18n import SUPPORTED_LOCALES, Translator

_ARGUMENT = re.compile(r"^argument (?P<argument>.+?): (?P<message>.*)$", re.DOTALL)
"""argparse's ``argument %(argument_name)s: %(message)s``."""

_SUB_COMMAND = re.compile(r"^(?:\w+_)?command$")
"""The dest argparse names a sub-command by (``command``, ``season_command``)."""

_TEMPLATES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), key) for pattern, key in (
        (r"^invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)$",
         "cli-arg-invalid-choice"),
        (r"^expected one argument$", "cli-arg-expects-one"),
        (r"^expected at least one argument$", "cli-arg-expects-some"),
        (r"^expected at most one argument$", "cli-arg-expects-one"),
        (r"^invalid (?P<type>\S+) value: (?P<value>.*)$", "cli-arg-invalid-value"),
        (r"^not a number: (?P<value>.*)$", "cli-arg-not-a-number"),
        (r"^not an id: (?P<value>.*)$", "cli-arg-not-an-id"),
        (r"^not allowed with argument (?P<other>.*)$", "cli-arg-not-allowed-with"),
        (r"^ignored explicit argument (?P<value>.*)$", "cli-arg-ignored-value"),
        (r"^the following arguments are required: (?P<arguments>.*)$", "cli-arg-required"),
        (r"^one of the arguments (?P<arguments>.*) is required$", "cli-arg-one-required"),
        (r"^unrecognized arguments: (?P<arguments>.*)$", "cli-arg-unrecognised"),
        (r"^ambiguous option: (?P<option>\S+) could match (?P<matches>.*)$",
         "cli-arg-ambiguous"),
    ))
"""argparse's error templates (Python 3.11-3.13) and the key each becomes; the
``not a number`` and ``not an id`` ones are ``bot.cli.main``'s own (``_whole_number``,
``_whole_number_id``)."""

_ARGPARSE_TEXTS = {
    "show this help message and exit": "cli-help-help",
    "positional arguments": "cli-help-positionals",
    "options": "cli-help-options",
}
"""argparse's own English in ``--help`` (the ``-h`` line, the headings; Python 3.10 on) and
the key each becomes."""


def wanted_locale(argv: Sequence[str], configured: str | None) -> str:
    """The language of the command line's messages before it is parsed: the last
    ``--locale X`` (or ``--locale=X``) in ``argv`` when X is supported, else ``configured``
    (``CHGK_LOCALE`` through the settings), else the environment's ``CHGK_LOCALE``, else ru."""
    chosen = None
    for i, word in enumerate(argv):
        value = word.partition("=")[2] if word.startswith("--locale=") else \
            argv[i + 1] if word == "--locale" and i + 1 < len(argv) else None
        if value in SUPPORTED_LOCALES:
            chosen = value
    for candidate in (chosen, configured, os.environ.get("CHGK_LOCALE")):
        if candidate in SUPPORTED_LOCALES:
            return candidate
    return "ru"


class CliHelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter speaking ``parser``'s locale: each help text, description
    and heading is a Fluent key (or argparse's own English, ``_ARGPARSE_TEXTS``) put into words
    only when the help is formatted, so a command line that just parses reads no locales
    (argparse makes a formatter for every ``add_argument``). The usage line is headed by
    ``cli-usage``. Option names, metavars and choices stay as typed."""

    def __init__(self, prog: str, *, parser: type[CliParser], **kwargs: Any) -> None:
        super().__init__(prog, **kwargs)
        self._parser = parser

    def _text(self, key: str) -> str:
        """``key`` (or argparse's English text) in the parser's locale; a text of no key comes
        back as it is."""
        parser = self._parser
        return parser.shared_translator()(_ARGPARSE_TEXTS.get(key, key), parser.locale)

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[Any], prefix: str | None = None) -> None:
        """The usage line; headed by ``cli-usage`` ("использование: ") unless ``prefix``
        is given (argparse gives ``""`` when it names a sub-command's parser)."""
        if prefix is None:
            prefix = self._text("cli-usage") + " "
        super().add_usage(usage, actions, groups, prefix)

    def add_text(self, text: str | None) -> None:
        """A description: its key in words."""
        super().add_text(self._text(text) if text and text != argparse.SUPPRESS else text)

    def start_section(self, heading: str | None) -> None:
        """A heading ("параметры"): its key in words."""
        super().start_section(self._text(heading) if heading else heading)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        # argparse fills "%(default)s" and the like into what this returns: a "%" of the
        # words is the user's, not a placeholder.
        return self._text(action.help).replace("%", "%%") if action.help else action.help


class CliParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage, help and errors are in ``locale`` (a class attribute,
    set by :func:`parser_class`; sub-command parsers are of the same class, so they inherit
    it). Help texts and descriptions given to it are Fluent keys (:class:`CliHelpFormatter`,
    the default ``formatter_class``). ``error`` prints the usage and the localised message to
    stderr and exits with code 2, as argparse does."""

    locale: str
    _translator: Translator | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class",
                          functools.partial(CliHelpFormatter, parser=type(self)))
        super().__init__(*args, **kwargs)

    @classmethod
    def shared_translator(cls) -> Translator:
        """The Translator of ``locale``, made when first needed (reading the locales costs
        CPU a command line that parses, or ``--help``, need not spend twice) and kept."""
        if cls._translator is None:
            cls._translator = Translator(default=cls.locale)
        return cls._translator

    @property
    def translator(self) -> Translator:
        """``shared_translator()``."""
        return self.shared_translator()

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``message`` in ``locale`` (``localised_error``); exit 2."""
        self.print_usage(sys.stderr)
        self.exit(2, self.translator("cli-arg-error", self.locale, prog=self.prog,
                                     message=localised_error(message, self.translator,
                                                             self.locale)) + "\n")


def localised_error(message: str, translator: Translator, locale: str) -> str:
    """argparse's English error ``message`` in ``locale``: its template's key with the
    template's parts (argument names and values stay as typed), ``cli-arg-other`` for a
    message of no known template."""
    argument = None
    found = _ARGUMENT.match(message)
    if found:
        argument, message = found["argument"], found["message"]
    key, args = next(((key, parts.groupdict()) for pattern, key in _TEMPLATES
                      if (parts := pattern.match(message))), ("cli-arg-other", {}))
    if key == "cli-arg-invalid-choice" and argument is not None and \
            _SUB_COMMAND.match(argument):
        # A sub-command's dest (``season_command``) means nothing to the user.
        key, argument = "cli-arg-unknown-command", None
    text = translator.format(key, args, locale)
    if argument is None:
        return text
    return translator.format("cli-arg-of", {"argument": argument, "message": text}, locale)


def parser_class(locale: str) -> type[CliParser]:
    """A :class:`CliParser` subclass speaking ``locale``."""
    return type("LocalisedCliParser", (CliParser,), {"locale": locale})
