"""The README's examples are the tool's real output.

Every fenced block of README.md whose first line starts with ``$ `` is a
transcript: ``$ COMMAND`` lines, each followed by what it prints (stdout and
stderr together, no colour, 80 columns: what a reader who copies the command
sees in an 80-column terminal, or through a pipe, where rich takes 80
columns).  Each block is run in a fresh folder holding ``samples/`` and
compared with what the README shows;
``python -m pytest -m '' tests/test_readme.py --update-golden`` rewrites the
blocks in place from the real output.  Commands go through ``bash``, so a block
may cut a long output with ``| head`` or ``| tail``.

Each command starts an interpreter (half a second of CPU), so the real runs are
marked slow; the default run runs in-process, with CliRunner, the blocks made
of plain ``$ reversis ARGS`` commands, whose output is the same.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT

README = ROOT / "README.md"
FENCE = re.compile(r"^```[\w-]*\s*$")
ENV = {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb", "PYTHONUNBUFFERED": "1",
       "PYTHONPATH": str(ROOT)}


@dataclass(frozen=True)
class Block:
    first: int             # index of the first line inside the fence
    lines: tuple[str, ...]  # the lines inside the fence

    @property
    def commands(self) -> tuple[str, ...]:
        return tuple(line for line in self.lines if line.startswith("$ "))


def transcripts(text: str) -> list[Block]:
    lines = text.split("\n")
    blocks, start = [], None
    for index, line in enumerate(lines):
        if FENCE.match(line):
            if start is None:
                start = index + 1
            else:
                body = tuple(lines[start:index])
                if body and body[0].startswith("$ "):
                    blocks.append(Block(start, body))
                start = None
    return blocks


def run_transcript(block: Block, folder: Path, env_given: dict[str, str] | None = None
                   ) -> list[str]:
    """The block as the commands really print it (in ``env_given``, or :data:`ENV`)."""
    bin_dir = folder / ".bin"
    bin_dir.mkdir()
    shim = bin_dir / "reversis"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m reversis_cli "$@"\n')
    shim.chmod(0o755)
    (folder / "samples").symlink_to(ROOT / "samples")
    given = dict(os.environ, **ENV) if env_given is None else env_given
    env = dict(given, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    out = []
    for command in block.commands:
        out.append(command)
        result = subprocess.run(["bash", "-c", command[2:]], cwd=folder, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                timeout=60)
        printed = [line.rstrip() for line in result.stdout.split("\n")]
        while printed and not printed[-1]:  # a README block does not end in blank lines
            printed.pop()
        out.extend(printed)
    return out


BLOCKS = transcripts(README.read_text(encoding="utf-8"))
# What a shell would read as more than words: such a command runs only in bash.
SHELL_SYNTAX = set("|&;<>()$`\\'\"*?[]{}~#=")


def plain_arguments(command: str) -> list[str] | None:
    """The arguments of ``$ reversis ARGS`` when ARGS are plain words (the
    shell would pass them as written), else None."""
    words = command[2:].split()
    if words[:1] != ["reversis"] or SHELL_SYNTAX & set(command[2:]):
        return None
    return words[1:]


IN_PROCESS = [b for b in BLOCKS if all(plain_arguments(c) is not None for c in b.commands)]


def run_in_process(block: Block) -> list[str]:
    """The block's plain commands run by CliRunner in the checkout (whose
    ``samples/`` the commands name), in the transcripts' environment."""
    from click.testing import CliRunner

    from reversis_cli.cli import cli

    env = {name: ENV[name] for name in ("COLUMNS", "NO_COLOR", "TERM")}
    out = []
    for command in block.commands:
        out.append(command)
        result = CliRunner().invoke(cli, plain_arguments(command), env=env,
                                    prog_name="reversis")
        printed = [line.rstrip() for line in result.output.split("\n")]
        while printed and not printed[-1]:
            printed.pop()
        out.extend(printed)
    return out


def test_the_readme_has_transcripts():
    commands = [c for b in BLOCKS for c in b.commands]
    assert "$ reversis check samples/bad/ten.rvs" in commands
    assert "$ reversis score samples/evening.rvs --deal 2" in commands


def test_the_plain_transcripts_are_found():
    assert [b.commands[0] for b in IN_PROCESS] == [
        "$ reversis --lang ru check samples/bad/ten.rvs", "$ reversis check samples/bad/ten.rvs",
        "$ reversis score samples/evening.rvs --deal 2",
        "$ reversis league samples/club/league-per-deal.toml"]
    assert plain_arguments("$ reversis check a.rvs | head") is None
    assert plain_arguments("$ reversis check 'a b.rvs'") is None
    assert plain_arguments("$ head -3 salon.csv") is None


@pytest.mark.parametrize("block", IN_PROCESS, ids=[b.commands[0][2:40] for b in IN_PROCESS])
def test_readme_example_matches_the_output_in_process(block, monkeypatch, request):
    monkeypatch.chdir(ROOT)
    real = run_in_process(block)
    if request.config.getoption("--update-golden"):
        _rewrite(block, real)
        return
    assert real == [line.rstrip() for line in block.lines]


@pytest.mark.slow  # a real process per command; the plain ones run in-process above
@pytest.mark.parametrize("block", BLOCKS, ids=[b.commands[0][2:40] for b in BLOCKS])
def test_readme_example_matches_the_real_output(block, tmp_path, request):
    real = run_transcript(block, tmp_path)
    if request.config.getoption("--update-golden"):
        _rewrite(block, real)
        return
    assert real == [line.rstrip() for line in block.lines]


@pytest.mark.slow  # real processes, as the test above
def test_the_readme_shows_what_a_pipe_gives(tmp_path):
    """newcomer-3, finding 22: the README was checked at 100 columns, and a
    reader who pipes the command (``| grep``, ``| sed``) sees 80."""
    block = next(b for b in BLOCKS if b.commands[0].startswith("$ reversis arbitrate samples/"
                                                                "disputed-sheet.rvs"))
    piped = {name: value for name, value in os.environ.items() if name != "COLUMNS"}
    piped.update({"NO_COLOR": "1", "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"})
    assert run_transcript(block, tmp_path, piped) == [line.rstrip() for line in block.lines]


def _rewrite(block: Block, real: list[str]) -> None:
    """Put ``real`` in place of the block with the same commands (the file may
    have moved under it: earlier blocks are rewritten first)."""
    text = README.read_text(encoding="utf-8")
    lines = text.split("\n")
    for current in transcripts(text):
        if current.commands == block.commands:
            lines[current.first:current.first + len(current.lines)] = real
            README.write_text("\n".join(lines), encoding="utf-8")
            return
    raise AssertionError(f"README block {block.commands[0]!r} not found")


def test_help_texts_cite_only_documents_the_repository_has():
    import click
    from click.testing import CliRunner

    from reversis_cli.cli import cli

    texts = [CliRunner().invoke(cli, [name, "--help"], env={"COLUMNS": "200"}).output
             for name in cli.list_commands(click.Context(cli))]
    cited = {m for text in texts for m in re.findall(r"[\w./-]+\.md\b", text)}
    assert "docs/output.md" in cited  # score --json says where its JSON is described
    assert all((ROOT / path).is_file() for path in cited), cited
    assert "reversis-score/1" in (ROOT / "docs/output.md").read_text(encoding="utf-8")
