"""What the tests know about the messages: every message id the code uses,
found in the code itself, and the Russian catalogs as written."""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

from conftest import files_in, parsed

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "reversis_cli"
LOCALE = PACKAGE / "locale"

# Calls whose first string argument is a message id (Count's are its second
# and third): the constructors and look-ups of reversis_cli/i18n.
_ONE = {"Msg", "N_", "tr"}
_PLURAL = {"Count"}
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_][a-z_0-9]*)(?:[!:][^}]*)?\}")


@dataclass(frozen=True)
class Use:
    msgid: str
    plural: str | None
    where: str  # path:line


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) \
        else None


@functools.cache
def uses_in_code() -> tuple[list[Use], list[str]]:
    """Every message id written in the package, and every call that builds a
    message id at run time (an f-string or a variable: untranslatable)."""
    uses: list[Use] = []
    dynamic: list[str] = []
    for path in files_in(PACKAGE, "**/*.py", 100):
        for node in ast.walk(parsed(path)):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = _name(node.func)
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if name in _ONE:
                text = _literal(node.args[0])
                if text is None:
                    if isinstance(node.args[0], ast.JoinedStr):
                        dynamic.append(where)
                    continue
                uses.append(Use(text, None, where))
            elif name in _PLURAL and len(node.args) >= 3:
                one, many = _literal(node.args[1]), _literal(node.args[2])
                if one is not None and many is not None:
                    uses.append(Use(one, many, where))
    return uses, dynamic


@dataclass(frozen=True)
class Entry:
    msgid: str
    plural: str | None
    strings: tuple[str, ...]
    fuzzy: bool
    domain: str


def russian_entries() -> dict[str, list[Entry]]:
    entries: dict[str, list[Entry]] = {}
    for po in files_in(LOCALE / "ru" / "LC_MESSAGES", "*.po", 6):
        with po.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if not message.id:
                continue
            # read_po gives a plural entry tuples, a singular one strings
            if isinstance(message.id, tuple):
                assert isinstance(message.string, tuple), message.id
                msgid, plural = message.id
                strings = tuple(message.string)
            else:
                assert isinstance(message.id, str) and isinstance(message.string, str)
                msgid, plural, strings = message.id, None, (message.string,)
            entries.setdefault(msgid, []).append(
                Entry(msgid, plural, strings, message.fuzzy, po.stem))
    return entries


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))
