"""The layout keeps its layers: no import cycle, no huge module, every lazy
import says why, and the vocabulary agrees with the grammar (issue 9, item 5)."""

from __future__ import annotations

import re

import ast
import functools
from pathlib import Path

import reversis_cli
from reversis_cli import vocabulary
from reversis_cli.model import EVENT_KINDS
from reversis_cli.notation.grammar_file import keywords, parser, tree_parser

from conftest import files_in, parsed

PACKAGE = Path(reversis_cli.__file__).parent
MAX_LINES = 600
MAX_FUNCTION_LINES = 80

def _modules() -> dict[str, Path]:
    found = {}
    for path in files_in(PACKAGE, "**/*.py", 100):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imported(module: str, path: Path, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The package's modules an import statement loads (the nearest known module)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        if node.level:
            base = module.split(".")
            if path.name != "__init__.py":
                base.pop()
            base = base[:len(base) - node.level + 1]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        names = [f"{source}.{alias.name}" for alias in node.names] + [source]
    out = set()
    for name in names:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name and name != module:
            out.add(name)
    return out


@functools.cache
def _graph() -> dict[str, set[str]]:
    """Every module's imports of the package, at module level, in functions and
    under TYPE_CHECKING alike."""
    graph = {}
    for module, path in MODULES.items():
        tree = parsed(path)
        graph[module] = set().union(*(
            _imported(module, path, node) for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom))))
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


# The layers of the package, from the bottom up (issue 22, review architecture-3
# §1.3): a module may import from its own layer and the layers below, never from
# one above.  Each layer is named by the top-level modules and packages in it; a
# new top-level module must be placed here (test_every_module_has_a_layer).
LAYERS: list[tuple[str, frozenset[str]]] = [
    ("core", frozenset({"", "cards", "model", "diagnostics", "amounts", "invisible", "words",
                        "vocabulary", "files", "dates", "i18n", "grammar_source",
                        "values", "fastpaths"})),
    ("notation", frozenset({"notation"})),
    # the generator plays by the rules of play, never by the settlement or the reader
    ("play and rules", frozenset({"replay", "rules", "simulate"})),
    ("settlement", frozenset({"settle"})),
    ("reading", frozenset({"reader"})),
    ("formats", frozenset({"convert"})),
    ("session", frozenset({"session"})),
    # the post-mortem searches settled deals; the club's season figures read it
    ("analysis", frozenset({"analyse"})),
    ("sheet", frozenset({"sheet"})),
    ("club", frozenset({"club"})),
    ("views", frozenset({"score", "render", "report", "arbiter", "check"})),
    ("recording", frozenset({"record"})),
    # the phone's pages over the recorder (issue 33)
    ("serving", frozenset({"serve"})),
    ("command line", frozenset({"cli", "__main__"})),
]


def _layer(module: str) -> int:
    first = module.removeprefix("reversis_cli").lstrip(".").split(".")[0]
    for number, (_name, members) in enumerate(LAYERS):
        if first in members:
            return number
    raise KeyError(f"{module} is in no layer: place it in LAYERS (tests/test_architecture.py)")


def _imports_from_above(graph: dict[str, set[str]]) -> list[str]:
    return sorted(f"{module} ({LAYERS[_layer(module)][0]}) imports {other} "
                  f"({LAYERS[_layer(other)][0]})"
                  for module, imported in graph.items() for other in imported
                  if _layer(other) > _layer(module))


def test_the_layer_check_sees_an_import_from_above():
    graph = {"reversis_cli.reader": {"reversis_cli.settle.payments"},
             "reversis_cli.settle.payments": {"reversis_cli.reader"}}
    assert _imports_from_above(graph) == [
        "reversis_cli.settle.payments (settlement) imports reversis_cli.reader (reading)"]


def test_every_module_has_a_layer():
    assert [m for m in MODULES if not _has_layer(m)] == []


# The loose top-level modules that are not core leaves, each with why (review
# architecture-4 §3): everything else loose is core, and a new loose module must be too.
LOOSE_NOT_CORE = {
    "check": "check as a library: it reads sheet/ for a table's own figures",
}


def test_a_loose_top_level_module_is_a_core_leaf():
    """The top level shows the layers: a loose module is core (a leaf every layer may
    import), bar the few named above; a command's library lives in a package."""
    loose = {path.stem for path in PACKAGE.glob("*.py")} - {"__init__", "__main__"}
    core = LAYERS[0][1]
    assert sorted(loose - core - LOOSE_NOT_CORE.keys()) == []
    assert sorted(LOOSE_NOT_CORE.keys() - loose) == []  # an exception no longer needed


def _has_layer(module: str) -> bool:
    try:
        _layer(module)
    except KeyError:
        return False
    return True


def test_no_module_imports_from_a_layer_above_its_own():
    """The three back arrows review architecture-3 found are mended: a format
    (convert/) never settles (csv-payments is a view, given to convert by the
    command), the core never reads the notation package (grammar_source is core),
    the reader never reads the settlement (the pool is model.POOL_WORD)."""
    assert _imports_from_above(_graph()) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_sees_relative_and_lazy_imports():
    graph = _graph()
    assert "reversis_cli.notation.builder" in graph["reversis_cli.notation.grammar_file"]  # lazy
    assert "reversis_cli.replay.result" in graph["reversis_cli.replay.crosscheck"]
    # canonical.py says "from .notation import writer"
    assert "reversis_cli.notation.writer" in graph["reversis_cli.convert.canonical"]


def test_no_import_cycle_in_the_package():
    assert _cycles(dict(_graph())) == []


def test_the_writer_does_not_need_the_replay():
    graph = _graph()
    assert not {m for m in graph["reversis_cli.notation.writer"]
                if m.startswith(("reversis_cli.replay", "reversis_cli.reader"))}


def test_the_club_sits_above_the_session_and_below_the_views():
    """club/ reads the session service and the settlement; the views (render/,
    report/, score/) and the CLI read club/, never the other way round."""
    graph = _graph()
    views = ("reversis_cli.render", "reversis_cli.report", "reversis_cli.cli",
             "reversis_cli.score", "reversis_cli.session.scoring")
    for module in (m for m in graph if m.startswith("reversis_cli.club")):
        assert not {m for m in graph[module] if m.startswith(views)}, module
    assert "reversis_cli.session.service" in graph["reversis_cli.session.settleup"]
    assert "reversis_cli.session.settleup" in graph["reversis_cli.render.settleup"]
    # and nothing beneath it imports it
    beneath = ("reversis_cli.session", "reversis_cli.settle", "reversis_cli.reader")
    for module in graph:
        if module.startswith(beneath):
            assert not {m for m in graph[module] if m.startswith("reversis_cli.club")}, module


def test_no_module_over_600_lines():
    """600 lines is a ceiling, not a target.  A module that nears it is split by
    job (reader/ into the record, its header checks and foreign-format sniffing;
    review architecture-4, change 6), never compressed (lines joined, docstrings
    cut) nor a part moved elsewhere only to fit under the number."""
    long = {module: n for module, path in MODULES.items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def _long_functions(tree: ast.AST, limit: int) -> list[str]:
    """The functions (and methods) of ``tree`` longer than ``limit`` lines,
    decorators and docstring included, as ``name:line``."""
    return [f"{node.name}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno is not None
            and node.end_lineno - node.lineno + 1 > limit]


def test_the_long_function_check_sees_a_long_function():
    body = "\n".join(f"    x{i} = {i}" for i in range(81))
    assert _long_functions(ast.parse(f"def f():\n{body}\n"), MAX_FUNCTION_LINES) == ["f:1"]
    assert _long_functions(ast.parse("def g():\n    return 1\n"), MAX_FUNCTION_LINES) == []


def test_no_function_over_80_lines():
    """A function a reader takes in at once (issue 22): the full walk's 137-line
    loop was the last one over, split into its steps."""
    long = {module: found for module, path in MODULES.items()
            if (found := _long_functions(parsed(path), MAX_FUNCTION_LINES))}
    assert long == {}


def _lazy_imports_without_a_reason(path: Path) -> list[int]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    missing = []
    for inner in _imports_in_functions(parsed(path)):
        line = lines[inner.lineno - 1]
        above = lines[inner.lineno - 2].strip() if inner.lineno > 1 else ""
        if "#" not in line and not above.startswith("#"):
            missing.append(inner.lineno)
    return sorted(set(missing))


def _imports_in_functions(tree: ast.AST):
    """The import statements of ``tree`` that lie inside a function: one walk
    of the tree, not one per function."""
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, inside = stack.pop()
        if inside and isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        inside = inside or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        stack.extend((child, inside) for child in ast.iter_child_nodes(node))


def test_the_lazy_import_check_sees_an_import_without_a_reason(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("def f():\n    import json\n\n\ndef g():\n    # start-up time\n"
                    "    import csv\n\n\ndef h():\n    import io  # start-up time\n")
    assert _lazy_imports_without_a_reason(path) == [2]


def test_every_function_level_import_says_why():
    missing = {module: lines for module, path in MODULES.items()
               if (lines := _lazy_imports_without_a_reason(path))}
    assert missing == {}


# --- the vocabulary agrees with the grammar ---------------------------------------------


def _first_keywords(alternatives: str) -> tuple[str, ...]:
    """The keyword that starts each statement listed by the rule ``alternatives``."""
    lark = tree_parser()
    by_origin: dict[str, list] = {}
    for rule in lark.rules:
        by_origin.setdefault(rule.origin.name, []).append(rule.expansion)
    words = []
    for (statement,) in by_origin[alternatives]:
        first = by_origin[statement.name][0][0]
        pattern = lark.get_terminal(first.name).pattern if first.is_term else None
        if pattern is not None and pattern.type == "str":
            words.append(pattern.value)
    return tuple(words)


def test_the_name_pattern_is_the_grammars():
    """vocabulary reads NAME from the grammar's text; Lark compiles the same
    text, turning its \\uXXXX escapes into the characters they name."""
    lark, _, _ = parser()
    as_written = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)),
                        vocabulary.NAME_PATTERN)
    assert lark.get_terminal("NAME").pattern.to_regexp() == as_written


def test_the_keywords_read_from_the_grammars_text_are_the_compiled_grammars():
    """keywords() reads the grammar's text (no parser built): the same words as
    Lark's terminals written as quoted words."""
    lark, _, _ = parser()
    assert keywords() == frozenset(
        t.pattern.value for t in lark.terminals
        if t.pattern.type == "str" and t.pattern.value[:1].isalpha())


FAST_PATH_TERMINALS = ("NAME", "INT", "CARDS", "MORETHAN", "RULE_ID", "DEAL", "DEALER",
                       "EXCHANGE", "DISCARDS", "TAKES", "REFUSES", "SEES", "ESPAGNOLETTE",
                       "WAIVES", "PAID", "POOL", "TALLY", "TRICK")


def test_the_fast_paths_terminals_read_from_the_grammars_text_are_the_compiled_grammars():
    """The fast path builds its expressions from the grammar's text, without
    Lark: each terminal it reads is the expression Lark compiles, once the
    escapes \\uXXXX and \\t are the characters they name."""
    from reversis_cli.grammar_source import terminal_pattern

    lark, _, _ = parser()
    for name in FAST_PATH_TERMINALS:
        as_read = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)),
                         terminal_pattern(name)).replace("\\t", "\t")
        assert as_read == lark.get_terminal(name).pattern.to_regexp(), name


def test_header_and_deal_keywords_are_the_grammars():
    header = _first_keywords("_header_stmt")
    deal = _first_keywords("_deal_stmt")
    assert set(vocabulary.HEADER_KEYWORDS) == set(header) - set(deal)
    assert set(vocabulary.DEAL_KEYWORDS) == set(deal)
    assert set(vocabulary.HEADER_ORDER) == set(header)
    assert set(vocabulary.SINGLE_HEADER_LINES) < set(header)


def test_every_list_is_made_of_the_grammars_keywords():
    words = keywords()
    for name in ("HEADER_KEYWORDS", "DEAL_KEYWORDS", "HEADER_ORDER", "SINGLE_HEADER_LINES",
                 "EVENT_KINDS", "VOID_EVENTS", "EVENT_ORDER", "SIZE_CHANGING_EVENTS",
                 "KEYWORDS_NOT_SIZES"):
        assert set(getattr(vocabulary, name)) <= words, name
    assert set(vocabulary.EVENT_ORDER) == set(vocabulary.EVENT_KINDS)
    assert set(vocabulary.EVENT_KINDS) < set(vocabulary.DEAL_KEYWORDS)
    assert EVENT_KINDS is vocabulary.EVENT_KINDS  # the model uses the one list
