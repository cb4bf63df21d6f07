"""The cli/ package: a lazily loading group, profile problems pinned on the
right option, one atomic writer, and light start-up."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Set as AbstractSet
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from reversis_cli.cli import COMMANDS, cli
from reversis_cli.cli.options import profile_usage_error
from reversis_cli.diagnostics import ProfileError, diagnostic

from conftest import SAMPLES, files_in, loaded_modules, parsed

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "reversis_cli"
ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
HEAVY = ("lark", "rich")


def run(*args: str):
    return CliRunner().invoke(cli, list(args), env=ENV)


def importtime_modules(*args: str) -> set[str]:
    """The modules ``python -X importtime -m reversis_cli ARGS`` reports importing.

    -X importtime sees ``import`` statements only, not importlib.import_module,
    so it misses the command modules the group loads (but not what they import)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "reversis_cli", *args],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout  # the version or the help, not nothing
    return {line.rsplit("|", 1)[1].strip() for line in result.stderr.splitlines()
            if line.startswith("import time:") and "|" in line}


def heavy(modules: AbstractSet[str]) -> set[str]:
    return {m for m in modules if m.split(".")[0] in HEAVY}


def command_modules(modules: AbstractSet[str]) -> set[str]:
    return {m for m in modules if m.startswith(("reversis_cli.cli.", "reversis_cli.cli_"))
            and m not in CLI_HELPERS}


# Modules of cli/ that are no command: what several commands share.
CLI_HELPERS = {"reversis_cli.cli.common", "reversis_cli.cli.options", "reversis_cli.cli.guards",
               "reversis_cli.cli.progress", "reversis_cli.cli.consoles", "reversis_cli.cli.money",
               "reversis_cli.cli.club_file"}


# --- start-up ----------------------------------------------------------------------------


# The same as the loaded_modules tests below hold by default, seen by -X importtime.
@pytest.mark.slow
@pytest.mark.parametrize("option", ["--version", "--help"])
def test_version_and_help_import_neither_lark_nor_rich(option):
    modules = importtime_modules(option)
    assert "reversis_cli.cli" in modules  # the measurement saw our own imports
    assert heavy(modules) == set()


def test_version_loads_no_command_module():
    modules = loaded_modules("--version")
    assert "reversis_cli.cli" in modules
    assert command_modules(modules) == set() and heavy(modules) == set()


def test_version_loads_neither_fractions_nor_decimal():
    # The messages' module handles fractions without importing them: fractions
    # loads decimal, about 4% of the instructions of ``reversis --version``.
    modules = loaded_modules("--version")
    assert "reversis_cli.i18n.message" in modules
    assert {"fractions", "decimal"} & modules == set()


def test_help_loads_every_command_module_for_its_summary_and_neither_lark_nor_rich():
    modules = loaded_modules("--help")
    assert command_modules(modules) == {target.partition(":")[0] for target in COMMANDS.values()}
    assert heavy(modules) == set()


def test_each_command_help_loads_its_own_module_only_and_neither_lark_nor_rich():
    script = (
        "import sys\n"
        "from reversis_cli.cli import COMMANDS, cli\n"
        "for name, target in COMMANDS.items():\n"
        "    before = set(sys.modules)\n"
        "    try:\n"
        "        cli.main([name, '--help'], prog_name='reversis', standalone_mode=False)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "    new = set(sys.modules) - before\n"
        "    print(name, target.partition(':')[0],\n"
        "          ','.join(sorted(m for m in new if m.startswith(('reversis_cli.cli', 'lark', "
        "'rich')))), file=sys.stderr)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.split("\n")
    seen: dict[str, tuple[str, set[str]]] = {}
    for line in filter(None, lines):
        name, module, loaded = (line.split(" ") + [""])[:3]
        seen[name] = (module, set(filter(None, loaded.split(","))))
    assert set(seen) == set(COMMANDS)
    for name, (module, new) in seen.items():
        assert not heavy(new), (name, new)
        # Its own module, unless an earlier command of the same module loaded it.
        # (and the options it shares with others: cli/money.py, small and light)
        assert new - CLI_HELPERS <= {module}, (name, new)


def test_the_group_lists_and_runs_commands_it_has_not_imported_yet():
    names = cli.list_commands(click.Context(cli))
    assert names == sorted(COMMANDS)
    assert cli.get_command(click.Context(cli), "nonesuch") is None
    result = run("nonesuch")
    assert result.exit_code == 2 and "No such command 'nonesuch'" in result.output


@pytest.mark.slow
def test_python_dash_m_runs_the_same_entry_point():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "reversis_cli", "check",
                             str(SAMPLES / "evening.rvs")], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "no errors" in result.stdout


# --- profile problems pinned by their code --------------------------------------------------


@pytest.mark.parametrize("code, message, option", [
    ("RV401", "no words that say which option", "--rules"),
    ("RV402", "the profile option cannot be that", "--set"),  # "profile" in words, --set by code
])
def test_a_profile_error_is_pinned_on_the_option_its_code_names(code, message, option):
    error = profile_usage_error(ProfileError(diagnostic(code, message)))
    assert error.param_hint == option and error.message == message


def test_a_bad_set_value_whose_message_says_profile_is_pinned_on_set():
    # The message names the value 'profile': a test of the words pinned it on --rules.
    result = run("explain", str(SAMPLES / "evening.rvs"), "--deal", "1", "--rules", "classic",
                 "--set", "stake_player=profile")
    assert result.exit_code == 2
    assert "Invalid value for --set: option stake_player cannot be 'profile'" in result.output


@pytest.mark.parametrize("command", [["explain", "--deal", "1"], ["score"]])
def test_a_bad_value_inside_the_rules_file_is_pinned_on_rules(tmp_path, command):
    # RV402 read from the --rules file itself: the problem is that file, not a --set.
    house = tmp_path / "house.toml"
    house.write_text('base = "classic"\nname = 3\n', encoding="utf-8")
    result = run(command[0], str(SAMPLES / "evening.rvs"), *command[1:], "--rules", str(house))
    assert result.exit_code == 2
    assert "Invalid value for --rules:" in result.output and "are text" in result.output


def test_an_unknown_profile_is_pinned_on_rules_and_a_bad_option_on_set():
    evening = str(SAMPLES / "evening.rvs")
    result = run("explain", evening, "--deal", "1", "--rules", "nonesuch")
    assert result.exit_code == 2 and "Invalid value for --rules: there is no rule profile" \
        in result.output
    result = run("score", evening, "--set", "nope=1")
    assert result.exit_code == 2 and "Invalid value for --set: there is no rule option" \
        in result.output


def test_arbitrate_pins_a_bad_set_on_set_even_with_compare():
    result = run("arbitrate", str(SAMPLES / "evening.rvs"), "--deal", "1", "--compare", "modern",
                 "--set", "nope=1")
    assert result.exit_code == 2
    assert "Invalid value for --set: there is no rule option called 'nope'" in result.output
    result = run("arbitrate", str(SAMPLES / "evening.rvs"), "--deal", "1", "--compare", "nope")
    assert result.exit_code == 2 and "Invalid value for --compare:" in result.output


# --- one atomic writer ------------------------------------------------------------------------


def test_every_command_that_writes_a_file_goes_through_write_atomic(tmp_path, atomic_writes):
    record = tmp_path / "messy.rvs"
    text = (SAMPLES / "evening.rvs").read_text(encoding="utf-8")
    record.write_text(text.replace("\n", "   \n"), encoding="utf-8")  # trailing blanks to tidy
    assert run("fmt", str(record)).exit_code == 0
    assert run("convert", str(SAMPLES / "evening.rvs"), "--to", "json", "-o",
               str(tmp_path / "evening.json")).exit_code == 0
    assert run("simulate", "--deals", "2", "-o", str(tmp_path / "sim.rvs")).exit_code == 0
    assert atomic_writes == ["messy.rvs", "evening.json", "sim.rvs"]
    assert (tmp_path / "sim.rvs").read_text(encoding="utf-8").count("deal") >= 2


# Ways of writing a file other than files.write_atomic.
OTHER_WRITES = re.compile(r"\.write_text\(|\.write_bytes\(|os\.replace\(|os\.rename\("
                          r"|\.rename\(|\bopen\([^)]*[\"'][wax]b?\+?[\"']")


def test_no_module_but_files_py_writes_a_file_by_other_means():
    offenders = [f"{path.relative_to(ROOT)}:{number}"
                 for path in files_in(PACKAGE, "**/*.py", 100) if path.name != "files.py"
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if OTHER_WRITES.search(line)]
    assert offenders == []


# --- imports inside functions -------------------------------------------------------------


def test_cli_imports_inside_functions_only_the_library_or_rich():
    """The only reason for an import inside a function in cli/ is start-up time:
    the library (which brings lark and rich) or rich itself, never the
    standard library or click."""
    offenders = []
    for path in files_in(PACKAGE / "cli", "*.py", 10):
        for function in ast.walk(parsed(path)):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = ["." * node.level + (node.module or "")]
                else:
                    continue
                for name in names:
                    library = name.startswith("..") and name != ".."
                    if not (library or name.split(".")[0] == "rich"):
                        offenders.append(f"{path.name}:{node.lineno} {name}")
    assert offenders == []


def test_a_command_that_cannot_be_loaded_is_an_internal_error_without_traceback(
        monkeypatch, capsys):
    from reversis_cli.cli import main

    monkeypatch.setitem(cli.lazy_commands, "broken", "reversis_cli.no_such_module:command")
    with pytest.raises(SystemExit) as exit_info:
        main(["broken"])
    assert exit_info.value.code == 3
    err = capsys.readouterr().err
    assert err.startswith("reversis: internal error (ModuleNotFoundError")
    assert "Traceback" not in err
