"""The output guards every command that writes a file shares: ``-o FILE``
checked before any work (never one of the inputs, always writable), and the
output written to standard output or atomically to the file."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable

from ..i18n import Msg
from .common import bad_parameter, problem_text, usage_error

__all__ = ["OUTPUT_HINT", "STDOUT", "refuse_output", "write_output"]

OUTPUT_HINT = "'-o' / '--output'"
STDOUT = "-"  # -o - : standard output, for every command that writes a file


def refuse_output(output: str | None, sources, same: Callable[[str], Msg]) -> None:
    """The one check of every command's ``-o FILE``, made before any work: an
    output file that is one of the ``sources`` (by any path, standard input
    included), or that cannot be written (its folder missing or closed to new
    files, a read-only file, a device...: :func:`reversis_cli.files.output_problem`),
    is a usage error (``same(source)`` says the first).  No output (None) and
    standard output (``-``) need no check."""
    if output is None or output == STDOUT:
        return
    from ..files import output_problem, same_as_stdin, same_file  # the library: start-up

    for source in map(str, sources):
        if same_file(source, output) if source != "-" else same_as_stdin(output):
            raise usage_error(same(source))
    problem = output_problem(output)
    if problem is not None:
        raise bad_parameter(Msg("cannot write {output}: {problem}", output=output,
                                problem=problem), param_hint=OUTPUT_HINT)


def write_output(output: str, data: bytes | Iterable[bytes]) -> None:
    """A command's output written to ``output``: standard output for ``-``,
    else the file, replaced atomically; a write that fails after all (the disk
    full) is a usage error on ``-o`` too, as :func:`refuse_output`'s."""
    from ..files import WriteError, write_atomic  # the library: start-up time

    if output == STDOUT:
        stream = sys.stdout.buffer
        for block in [data] if isinstance(data, (bytes, bytearray)) else data:
            stream.write(block)
        stream.flush()
        return
    try:
        write_atomic(output, data)
    except WriteError as exc:
        raise bad_parameter(problem_text(exc), param_hint=OUTPUT_HINT) from None
