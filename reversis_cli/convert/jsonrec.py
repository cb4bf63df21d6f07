"""The JSON record format ``reversis-record/1``: the model ⇄ JSON.

The JSON carries everything the notation can say: each header line and each
deal statement in canonical order, with its comments.  It is described by
``schema/record-1.schema.json`` (shipped in the package); input is checked
against that schema by the jsonschema library, then against the notation's
own rules for names.  Problems are diagnostics with the line and column of
the JSON text and the JSON pointer of the value (RV501-RV504), every one of
them (up to 20), top to bottom.

``rvs_to_json(text)`` and ``json_to_rvs(data)`` are the conversions; both
go through the canonical form, so rvs → json → rvs is ``fmt``'s output and
json → rvs → json gives the same JSON back.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from importlib.resources import files
from typing import Any

from ..amounts import MAX_DIGITS, WHOLE
from .canonical import canonical_record, write_record
from ..cards import Card, CardError, TenCardError, reads_as_card
from ..diagnostics import Diagnostic
from .fmt import read_source, record_spelling, same_record
from ..i18n import Msg
from ..model import Comment, Deal, DealLine, Header, HeaderLine, Name, Pos, Statement
from ..notation.statement_json import NOWHERE
from ..notation.statements import BY_JSON_TYPE, BY_TYPE
from ..vocabulary import NAME
from .jsondump import dumps
from .jsonlocate import LongNumber, line_of, located, long_number, too_long, whole_number
from .jsonrecorded import recorded_checks
from .problems import problem

__all__ = ["FORMAT", "SCHEMA_NAME", "schema", "record_to_json", "dumps", "rvs_to_json",
           "json_to_model", "json_to_rvs", "validate"]

FORMAT = "reversis-record/1"
SCHEMA_NAME = "record-1.schema.json"
MAX_PROBLEMS = 20


@functools.lru_cache(maxsize=1)
def schema() -> dict:
    """The JSON Schema of the record format, from the package's data."""
    text = files("reversis_cli.convert").joinpath("schema", SCHEMA_NAME).read_text("utf-8")
    return json.loads(text)


# --- model -> JSON -------------------------------------------------------------------


def _comments(stmt: Statement, out: dict) -> dict:
    if stmt.comments_before:
        out["comments_before"] = [_text(c) for c in stmt.comments_before]
    if stmt.comment_after is not None:
        out["comment_after"] = _text(stmt.comment_after)
    return out


def _text(comment: Comment) -> str:
    return comment.text.rstrip()


def _header_json(line: HeaderLine) -> dict:
    out: dict[str, Any] = {"type": line.keyword}
    if line.keyword == "players":
        out["names"] = [n.text for n in line.names]
    elif line.keyword == "set":
        out["option"] = line.option
        out["value"] = line.value
    else:
        out["value"] = line.value
    return _comments(line, out)


def _statement_json(stmt: Statement) -> dict:
    row = BY_TYPE.get(type(stmt))
    if row is None:
        raise TypeError(f"cannot write {type(stmt).__name__}")
    return _comments(stmt, row.to_json(stmt))


def deal_json(deal: Deal) -> dict:
    out: dict[str, Any] = {"number": deal.number, "dealer": deal.dealer.text}
    _comments(deal.line, out)
    out["statements"] = [_statement_json(s) for s in deal.statements]
    if deal.trailing_comments:
        out["trailing_comments"] = [_text(c) for c in deal.trailing_comments]
    return out


def record_to_json(header: Header, deals, spelling: str = "ascii") -> dict:
    """The JSON object of a record (statements in the order given); ``spelling``
    is how the record spells its cards (the JSON's cards are ASCII whatever it is)."""
    head: dict[str, Any] = {"statements": [_header_json(line) for line in header.lines]}
    if header.trailing_comments:
        head["trailing_comments"] = [_text(c) for c in header.trailing_comments]
    doc: dict[str, Any] = {"format": FORMAT}
    if spelling != "ascii":
        doc["cards"] = spelling
    doc.update(header=head, deals=[deal_json(d) for d in deals])
    return doc


def rvs_to_json(text: str, name: str = "<text>",
                spelling: str | None = None) -> tuple[str | None, list[Diagnostic]]:
    """The JSON text of a record given as (canonical or not) ``.rvs`` text;
    ``spelling`` of its cards (None: the one most of them have), kept so that
    reading the JSON back spells them as ``fmt`` would."""
    source = read_source(text, name)
    if source.blocking:
        return None, source.blocking
    header, deals = canonical_record(source.header, source.deals)
    spelling = spelling or record_spelling(text.encode("utf-8", "surrogatepass"))
    return dumps(record_to_json(header, deals, spelling)), []


# --- JSON -> model -------------------------------------------------------------------


def json_to_rvs(data: bytes | str, name: str = "<json>") -> tuple[str | None, list[Diagnostic]]:
    """The canonical ``.rvs`` text of a JSON record, checked by reading it back."""
    header, deals, spelling, problems = _json_record(data, name)
    if header is None:
        return None, problems
    text = write_record(header, deals, spelling)
    mismatch = same_record(header, deals, text, name)
    if mismatch is not None:
        return None, [mismatch]
    return text, []


def json_to_model(data: bytes | str, name: str = "<json>"
                  ) -> tuple[Header | None, list[Deal], list[Diagnostic]]:
    """The record of a JSON text, or (None, [], problems)."""
    header, deals, _, problems = _json_record(data, name)
    return header, deals, problems


def _json_record(data: bytes | str, name: str
                 ) -> tuple[Header | None, list[Deal], str, list[Diagnostic]]:
    """The record of a JSON text and the spelling of its cards in the notation."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            return None, [], "ascii", [problem("RV501", Msg("the file is not UTF-8 text"),
                                               Pos(line, 1), name)]
    else:
        text = data[1:] if data.startswith("\ufeff") else data
    try:
        doc = json.loads(text, parse_int=whole_number)
    except LongNumber as exc:
        return None, [], "ascii", [long_number(text, exc.digits, name)]
    except json.JSONDecodeError as exc:
        return None, [], "ascii", [problem("RV501", Msg("not JSON: {detail}", detail=exc.msg),
                                           Pos(exc.lineno, exc.colno), name,
                                           source_line=line_of(text, exc.lineno))]
    except RecursionError:
        return None, [], "ascii", [problem("RV501", Msg("not JSON: nested too deeply"),
                                           Pos(1, 1), name)]
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        found = doc.get("format") if isinstance(doc, dict) else None
        what = (Msg("its format is {found!r}", found=found) if isinstance(found, str) else
                Msg('it has no "format" member') if isinstance(doc, dict) else
                Msg("it is not a JSON object"))
        path = ["format"] if isinstance(found, str) else []
        return None, [], "ascii", [located(
            "RV502", Msg('this is not a reversis record ({what}); this program reads '
                         '"format": "{format}"', what=what, format=FORMAT), path, text, name)]
    found = validate(doc)
    problems = [located(code, message, path, text, name)
                for code, message, path in _limit(found)]
    if problems:
        return None, [], "ascii", problems
    header, deals = _build(doc)
    return header, deals, doc.get("cards", "ascii"), []


def _limit(found: Iterator) -> list:
    out = []
    for item in found:
        out.append(item)
        if len(out) >= MAX_PROBLEMS:
            break
    return out


# -- the validator ---------------------------------------------------------------------
#
# The schema is checked by the jsonschema library; this part only turns its
# errors into our codes and into words a player understands, in the order of
# the file.

_KINDS = {"object": Msg("an object"), "array": Msg("a list"), "string": Msg("a text"),
          "integer": Msg("a whole number"), "boolean": Msg("true or false"),
          "null": Msg("null")}
_NAME_RULE = Msg("letters, digits, _ and -, starting with a letter")


def validate(doc: Any) -> Iterator[tuple[str, Msg, list]]:
    """(code, message, path) for each way ``doc`` breaks the schema or the notation,
    in the order of the document."""
    explained = (item for error in _validator().iter_errors(doc) for item in _explain(error))
    found = sorted(_unique(explained), key=lambda item: _document_order(doc, item[2]))
    yield from found
    if not found:
        yield from _notation_checks(doc)


@functools.lru_cache(maxsize=1)
def _validator():
    # jsonschema (and the referencing library under it) costs about 0.1 s to
    # import: only reading JSON needs it, so it is not imported with the module
    # (start-up time).
    from jsonschema import Draft202012Validator, validators

    # JSON Schema counts 1.0 as an integer; a record writes counts in digits.
    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole)
    strict = validators.extend(Draft202012Validator, type_checker=checker)
    return strict(_inlined(schema()))


def _is_whole(_checker: Any, value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _inlined(root: dict) -> dict:
    """The schema with every local ``$ref`` replaced by its definition.  The
    schema has no recursion, and following references at every value is most
    of jsonschema's time on a long record (measured: about 2.5 times slower)."""
    defs = root["$defs"]

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                target = inline(defs[node["$ref"].removeprefix("#/$defs/")])
                return {**target, **{k: inline(v) for k, v in node.items() if k != "$ref"}}
            return {k: inline(v) for k, v in node.items() if k != "$defs"}
        if isinstance(node, list):
            return [inline(item) for item in node]
        return node

    return inline(root)


def _document_order(doc: Any, path) -> list[int]:
    """The position of each step of ``path`` among its siblings: members in the
    order the file writes them (json keeps it), so problems come top to bottom."""
    key, node = [], doc
    for step in path:
        if isinstance(node, dict):
            key.append(list(node).index(step))
        else:
            key.append(step)
        node = node[step]
    return key


def _unique(items) -> list:
    out, seen = [], set()
    for code, message, path in items:
        mark = (code, message, tuple(path))
        if mark not in seen:
            seen.add(mark)
            out.append((code, message, path))
    return out


def _explain(error) -> Iterator[tuple[str, Msg, list]]:
    """Our code and message for one jsonschema error (one per problem it names)."""
    path, value, node = list(error.path), error.instance, error.schema
    kind, wanted = error.validator, error.validator_value
    if kind == "required":
        known = node.get("properties", {}).get("type", {}).get("enum")
        for key in wanted:
            if key not in value:
                if key == "type" and known:
                    yield "RV503", Msg('the member "{key}" is missing (one of: {allowed})',
                                       key=key, allowed=", ".join(known)), path
                else:
                    yield "RV503", Msg('the member "{key}" is missing', key=key), path
    elif kind == "additionalProperties":
        allowed = node.get("properties", {})
        for key in value:
            if key not in allowed:
                yield "RV503", Msg('unknown member "{key}" (allowed here: {allowed})',
                                   key=key, allowed=", ".join(allowed)), path + [key]
    elif kind == "type":
        yield "RV503", Msg("must be {kind}, not {found}", kind=_KINDS[wanted],
                           found=_kind(value)), path
    elif kind == "enum":
        allowed, shown = ", ".join(wanted), json.dumps(value)
        if path[-1:] == ["type"]:
            yield "RV503", Msg("unknown statement type {value} (one of: {allowed})",
                               value=shown, allowed=allowed), path
        else:
            yield "RV503", Msg("not allowed: {value} (one of: {allowed})",
                               value=shown, allowed=allowed), path
    elif kind == "const":
        if wanted is True:
            yield "RV503", Msg("must be {value} (leave the member out when it is false)",
                               value=json.dumps(wanted)), path
        else:
            yield "RV503", Msg("must be {value}", value=json.dumps(wanted)), path
    elif kind == "minItems":
        yield "RV503", (Msg("must not be empty") if wanted == 1 else
                        Msg("must hold {count} or more", count=wanted)), path
    elif kind == "minimum":
        yield "RV504", Msg("must be {minimum} or more", minimum=wanted), path
    elif kind == "pattern":
        yield "RV504", _pattern_message(value, wanted, node), path
    else:  # a keyword the schema does not use today; test_every_schema_keyword_has_words
        yield "RV503", Msg("does not fit the record format (the schema's {rule!r} rule)",
                           rule=kind), path


def _kind(value: Any) -> Msg:
    if value is None:
        return _KINDS["null"]
    if isinstance(value, bool):
        return _KINDS["boolean"]
    if isinstance(value, float):
        return Msg("a number with a fraction or an exponent")
    if isinstance(value, int):
        return _KINDS["integer"]
    if isinstance(value, str):
        return _KINDS["string"]
    return _KINDS["array"] if isinstance(value, list) else _KINDS["object"]


def _pattern_message(value: str, pattern: str, node: dict) -> Msg:
    defs = schema()["$defs"]
    if pattern == defs["card"]["pattern"]:
        try:
            card = Card.parse(value)
        except TenCardError as exc:  # the cards' own words (reversis_cli.cards)
            return exc.args[0]
        except CardError:
            return Msg("{value!r} is not a card", value=value)
        return Msg("{value!r}: write cards in ASCII in JSON ({card})", value=value,
                   card=str(card))
    if "\n" in value or "\r" in value:
        return Msg("a line break cannot be written in the notation")
    if pattern == defs["name"]["pattern"]:
        return Msg("{value!r} is not a name: {rule}", value=value, rule=_NAME_RULE)
    if pattern == defs["word"]["pattern"]:
        return Msg('{value!r} cannot be written here: one word, without # " or =', value=value)
    if pattern == "^[0-9]+$":
        return Msg("{value!r} must be written in digits", value=value)
    if "description" in node:  # the schema's own words, in English
        return Msg("{value!r} cannot be written here ({description})", value=value,
                   description=node["description"])
    return Msg("{value!r} cannot be written here", value=value)


def _notation_checks(doc: dict) -> Iterator[tuple[str, Msg, list]]:
    """What the schema cannot say: names are names, an exchange is one of its forms,
    a trick's leader cannot read as cards."""
    if not isinstance(doc, dict):
        return
    header = doc.get("header")
    if isinstance(header, dict):
        for i, line in enumerate(_list(header.get("statements"))):
            if not isinstance(line, dict):
                continue
            if line.get("type") == "players":
                for j, item in enumerate(_list(line.get("names"))):
                    yield from _name(item, ["header", "statements", i, "names", j])
            if line.get("type") in ("unit", "set"):
                key = "value" if line.get("type") == "unit" else "option"
                yield from _name(line.get(key), ["header", "statements", i, key])
            if line.get("type") in ("pot", "set"):
                yield from _amount(line.get("value"), ["header", "statements", i, "value"])
    for d, deal in enumerate(_list(doc.get("deals"))):
        if not isinstance(deal, dict):
            continue
        yield from _name(deal.get("dealer"), ["deals", d, "dealer"])
        for s, stmt in enumerate(_list(deal.get("statements"))):
            if not isinstance(stmt, dict):
                continue
            where = ["deals", d, "statements", s]
            for key in ("player", "leader", "taker"):
                if key in stmt:
                    yield from _name(stmt[key], where + [key])
            if stmt.get("type") == "trick" and isinstance(stmt.get("leader"), str):
                if reads_as_card(stmt["leader"]):
                    yield "RV504", Msg("{leader!r} would read as a card, not as the leader",
                                       leader=stmt["leader"]), where + ["leader"]
            if stmt.get("type") == "exchange":
                yield from _exchange_form(stmt, where)
            yield from recorded_checks(stmt, where)  # paid, tally


def _amount(value: Any, path: list) -> Iterator:
    """An amount beyond the cap is refused here, with its place: written out, its
    line would be too long for the notation to read back."""
    longest = max((len(run) for run in WHOLE.findall(value)), default=0) \
        if isinstance(value, str) else 0
    if longest > MAX_DIGITS:
        yield "RV504", too_long(longest), path


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _name(value: Any, path: list) -> Iterator:
    if isinstance(value, str) and not NAME.fullmatch(value):
        yield "RV504", Msg("{value!r} is not a name: {rule}", value=value, rule=_NAME_RULE), path


def _exchange_form(stmt: dict, where: list) -> Iterator:
    if stmt.get("refuses") is True:
        for key in ("discards", "takes"):
            if key in stmt:
                yield "RV504", Msg('a player who refuses neither discards nor takes: leave out '
                                   '"{key}"', key=key), where + [key]
    else:
        if "sees" in stmt:
            yield "RV504", Msg('"sees" goes with "refuses": true'), where + ["sees"]
        if "discards" not in stmt and "takes" not in stmt:
            yield "RV504", Msg("an exchange says what the player discards or takes, or that "
                               "the player refuses"), where


# -- building the model ----------------------------------------------------------------


def _comment_list(items) -> tuple[Comment, ...]:
    return tuple(Comment(t, NOWHERE) for t in items or ())


def _attached(obj: dict) -> dict:
    after = obj.get("comment_after")
    return {"comments_before": _comment_list(obj.get("comments_before")),
            "comment_after": Comment(after, NOWHERE) if after is not None else None}


def _build_header_line(obj: dict) -> HeaderLine:
    kind = obj["type"]
    common = dict(pos=NOWHERE, keyword=kind, **_attached(obj))
    if kind == "players":
        return HeaderLine(names=tuple(Name(n, NOWHERE) for n in obj["names"]), **common)
    return HeaderLine(value=obj["value"], option=obj.get("option", ""), **common)


def _build_statement(obj: dict) -> Statement:
    """The statement of a valid object: its row's JSON reader (every type the
    schema allows has a row: tests/test_statements.py)."""
    return BY_JSON_TYPE[obj["type"]].from_json(obj, dict(pos=NOWHERE, **_attached(obj)))


def _build(doc: dict) -> tuple[Header, list[Deal]]:
    """The model of a valid document.  A deal's trailing comments stay its
    own: the notation reads comments right under a deal's last statement as
    its trailing comments (docs/decisions.md).  The header's, when deals
    follow, are moved where the notation reads them: above the first deal line."""
    head = doc["header"]
    header_lines = tuple(_build_header_line(o) for o in head["statements"])
    trailing = _comment_list(head.get("trailing_comments"))
    specs = doc["deals"]
    carry = trailing if specs else ()
    header = Header(header_lines, () if specs else trailing)
    deals: list[Deal] = []
    for spec in specs:
        attached = _attached(spec)
        attached["comments_before"] = tuple(carry) + attached["comments_before"]
        carry = ()
        line = DealLine(pos=NOWHERE, number=spec["number"], dealer=Name(spec["dealer"], NOWHERE),
                        **attached)
        deals.append(Deal(line, tuple(_build_statement(s) for s in spec["statements"]),
                          _comment_list(spec.get("trailing_comments"))))
    return header, deals
