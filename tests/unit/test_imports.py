"""The import graph of the project (DESIGN.md, The shape), read from the source with ``ast``
and never imported: no cycle among the project's modules, ``storage/`` imports nothing from
``bot/`` or ``adapters/``, ``rules/`` imports only ``rules/`` and the standard library. And the
classes' bases: parts are named collaborators given in a constructor, not mixins.

Every import counts as an edge, those under ``if TYPE_CHECKING:`` and inside functions too,
so that no cycle hides behind one.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "rules", "storage", "adapters")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for package in PACKAGES
            for path in sorted((ROOT / package).rglob("*.py"))}


def _imports(name: str, path: Path, known: set[str]) -> list[str]:
    """Every module ``name`` imports: the project module itself where it is one (``from a
    import b`` is ``a.b`` when that is a module, else ``a``), the top-level name otherwise."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.append(sub if sub in known else target)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    graph = {}
    for name, path in modules.items():
        graph[name] = {target for target in _imports(name, path, known) if target != name}
    return graph


def _project(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    return {name: {t for t in targets if t in graph} for name, targets in graph.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as the modules along it (the first again at the end), or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for target in sorted(graph[node]):
            if target in on_path:
                return [*path[path.index(target):], target]
            if target not in done:
                found = visit(target)
                if found:
                    return found
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done:
            found = visit(start)
            if found:
                return found
    return None


def test_design_the_project_modules_import_one_another_without_a_cycle():
    """DESIGN.md, The shape: formats, seasons and the service are wired by the bootstrap, so
    no module needs one that needs it back (a ``TYPE_CHECKING`` import included)."""
    cycle = _cycle(_project(_graph()))
    assert cycle is None, " -> ".join(cycle or ())


def test_design_storage_imports_nothing_from_bot_or_adapters():
    """DESIGN.md, The shape: ``storage/`` imports nothing from ``bot/``."""
    wrong = {(name, target) for name, targets in _graph().items() if name.startswith("storage")
             for target in targets if target.split(".")[0] in ("bot", "adapters")}
    assert not wrong


def test_design_rules_import_only_rules_and_the_standard_library():
    """DESIGN.md, The shape: ``rules/`` is pure (no I/O, no framework)."""
    wrong = {(name, target) for name, targets in _graph().items() if name.startswith("rules")
             for target in targets
             if target.split(".")[0] != "rules"
             and target.split(".")[0] not in sys.stdlib_module_names}
    assert not wrong


def test_design_the_scoreboard_imports_no_format():
    """DESIGN.md, Around the game: ``bot/board/`` is generic; each format's page lives with
    the format (``bot/formats/<fmt>/board.py``) and reaches the board through the bootstrap,
    so the board imports neither a format nor a format's rules (a ``rules/`` package with a
    decider)."""
    formats = {path.parent.name for path in (ROOT / "rules").glob("*/decider.py")}
    assert formats >= {"duel", "sync", "tv"}
    wrong = {(name, target) for name, targets in _graph().items()
             if name.split(".")[:2] == ["bot", "board"] for target in targets
             if target.split(".")[:2] == ["bot", "formats"]
             or (target.split(".")[0] == "rules" and len(target.split(".")) > 1
                 and target.split(".")[1] in formats)}
    assert not wrong


BASES_CHECKED = ("bot", "storage", "adapters")
"""Where a class's bases are checked."""
ASIDE = {"Protocol", "Generic", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"}
"""Bases that add no behaviour of the project's (typing, enums); exceptions are aside too."""


def _base_name(base: ast.expr) -> str:
    """``Protocol`` of ``Protocol``, ``typing.Protocol`` and ``Protocol[T]``."""
    if isinstance(base, ast.Subscript):
        base = base.value
    if isinstance(base, ast.Attribute):
        return base.attr
    return base.id if isinstance(base, ast.Name) else ast.unparse(base)


def _counted(bases: list[ast.expr]) -> list[str]:
    names = [_base_name(base) for base in bases]
    return [name for name in names
            if name not in ASIDE and not name.endswith(("Error", "Exception"))]


def _classes(packages: tuple[str, ...]) -> dict[str, list[ast.ClassDef]]:
    """The classes defined in ``packages``, by module."""
    found: dict[str, list[ast.ClassDef]] = {}
    for name, path in _modules().items():
        if name.split(".")[0] in packages:
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found[name] = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    return found


def _too_many_bases(classes: dict[str, list[ast.ClassDef]]) -> list[str]:
    """The classes of more than two counted bases; a Protocol made of Protocols (a format's
    roles together) is aside: it has no behaviour for one base to read from another."""
    return [f"{module}.{node.name}" for module, nodes in classes.items() for node in nodes
            if len(_counted(node.bases)) > 2
            and "Protocol" not in {_base_name(base) for base in node.bases}]


def _mixins(classes: dict[str, list[ast.ClassDef]], own: set[str]) -> list[str]:
    """The classes that inherit from two or more of the ``own`` classes."""
    return [f"{module}.{node.name}" for module, nodes in classes.items() for node in nodes
            if len([name for name in _counted(node.bases) if name in own]) > 1]


def _own_classes() -> set[str]:
    """The names of the project's classes that carry behaviour (not Protocols)."""
    return {node.name for nodes in _classes(PACKAGES).values() for node in nodes
            if "Protocol" not in {_base_name(base) for base in node.bases}}


def test_design_no_class_in_bot_storage_or_adapters_has_more_than_two_bases():
    """DESIGN.md, The shape: a part says in its constructor what it needs; no class is made of
    more than two bases (Protocols, enums, Generic and exceptions aside)."""
    assert _too_many_bases(_classes(BASES_CHECKED)) == []


def test_design_no_class_in_bot_storage_or_adapters_mixes_in_two_of_the_projects_classes():
    """DESIGN.md, The shape: the ``GameService``, ``Storage`` and the Discord ``Bridge`` hold
    their parts as named collaborators; no class inherits from two of the project's own
    classes, whose methods would read attributes the other defines."""
    assert _mixins(_classes(BASES_CHECKED), _own_classes()) == []


def test_the_base_checks_find_a_mixin_and_leave_protocols_and_exceptions_aside():
    """The checks themselves: three counted bases are too many, two of the project's own
    classes are a mixin; Protocols, Generic, enums and exceptions do not count."""
    tree = ast.parse("class A(Parts, Voice, Channels): ...\n"
                     "class B(Voice, Channels): ...\n"
                     "class C(Port, Protocol[T], Generic[T]): ...\n"
                     "class D(StoreError, KeyError, enum.StrEnum): ...\n"
                     "class E(Core, Reads, Shows, Protocol): ...\n")
    classes = {"m": [node for node in tree.body if isinstance(node, ast.ClassDef)]}
    assert _too_many_bases(classes) == ["m.A"]
    assert _mixins(classes, {"Voice", "Channels", "Port"}) == ["m.A", "m.B"]


def test_the_walk_finds_a_cycle_where_there_is_one():
    """The check itself: a cycle through three modules is found and named in order."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
