"""The grammar loads from a checkout, an editable install and a wheel."""

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from reversis_cli import grammar_source as grammar_file

from conftest import ROOT, SAMPLES


def test_checkout_or_editable_install_finds_the_top_level_grammar():
    path = grammar_file.grammar_path()
    assert path.is_file()
    assert path.read_text(encoding="utf-8") == (ROOT / "grammar" / "reversis.lark").read_text(
        encoding="utf-8")


def test_a_missing_grammar_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setattr(grammar_file, "grammar_candidates", lambda: [tmp_path / "nope.lark"])
    with pytest.raises(FileNotFoundError, match="reversis.lark"):
        grammar_file.grammar_path()


@pytest.mark.slow
def test_installed_wheel_carries_and_uses_its_own_grammar(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(wheels), str(ROOT)], check=True)
    wheel = next(wheels.glob("reversis_cli-*.whl"))
    assert "reversis_cli/grammar/reversis.lark" in zipfile.ZipFile(wheel).namelist()
    _the_wheel_is_typed_and_carries_the_version(wheel)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True)
    script = ("import reversis_cli.grammar_source as g, reversis_cli.cli as c;"
              "print(g.grammar_path()); c.main(['check', sys.argv[1]])")
    env = dict(os.environ, PYTHONPATH=str(target))
    result = subprocess.run([sys.executable, "-c", "import sys;" + script,
                             str(SAMPLES / "evening.rvs")],
                            cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert Path(first).is_relative_to(target), first
    assert "no errors" in result.stdout
    _the_wheel_speaks_russian_from_its_own_catalogs(wheel, target, tmp_path, env)
    _the_wheel_writes_a_report_from_its_own_templates(wheel, target, tmp_path, env)
    _the_wheel_requires_textual(wheel)
    _the_wheel_serves_the_phone_page_from_its_own_files(wheel)


def _the_wheel_is_typed_and_carries_the_version(wheel):
    """``py.typed`` tells a type checker the package's annotations are meant to be
    read (PEP 561); the wheel's metadata has the one version of ``__init__.py``."""
    from reversis_cli import __version__

    assert wheel.name.startswith(f"reversis_cli-{__version__}-")
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read("reversis_cli/py.typed") == b""
        metadata = next(archive.read(name).decode("utf-8") for name in archive.namelist()
                        if name.endswith(".dist-info/METADATA"))
    assert f"\nVersion: {__version__}\n" in metadata


def _the_wheel_serves_the_phone_page_from_its_own_files(wheel):
    """``reversis serve``'s templates, stylesheet and vendored htmx (with its
    licence) are package data; Starlette and uvicorn are requirements."""
    names = zipfile.ZipFile(wheel).namelist()
    for name in ("templates/main.html", "templates/join.html", "static/app.css",
                 "static/htmx.min.js", "static/htmx.LICENSE"):
        assert f"reversis_cli/serve/{name}" in names, name
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(archive.read(name).decode("utf-8") for name in archive.namelist()
                        if name.endswith(".dist-info/METADATA"))
    required = {Requirement(line.split(":", 1)[1].strip()).name for line in metadata.splitlines()
                if line.startswith("Requires-Dist:") and "extra ==" not in line}
    assert {"starlette", "uvicorn", "jinja2"} <= required, required


def _the_wheel_requires_textual(wheel):
    """``pip install .`` brings the full screen of ``record``: Textual is a
    requirement of the package itself, not of an extra."""
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(archive.read(name).decode("utf-8") for name in archive.namelist()
                        if name.endswith(".dist-info/METADATA"))
    required = [Requirement(line.split(":", 1)[1].strip()) for line in metadata.splitlines()
                if line.startswith("Requires-Dist:")]
    textual = [r for r in required if r.name == "textual" and r.marker is None]
    assert textual, required
    assert {str(s) for s in textual[0].specifier} == {">=6.2", "<9"}, textual


def _the_wheel_speaks_russian_from_its_own_catalogs(wheel, target, tmp_path, env):
    """The catalogs are compiled when the wheel is built (hatch_build.py) and
    loaded from the installed package, not from the checkout."""
    names = zipfile.ZipFile(wheel).namelist()
    for domain in ("cli", "diagnostics", "convert", "render", "settle", "rules"):
        assert f"reversis_cli/locale/ru/LC_MESSAGES/{domain}.mo" in names
    script = ("import reversis_cli.i18n.catalogs as k, reversis_cli.cli as c;"
              "print(k.LOCALE_DIR); c.main(['--lang', 'ru', 'check', sys.argv[1]])")
    result = subprocess.run([sys.executable, "-c", "import sys;" + script,
                             str(SAMPLES / "bad" / "ten.rvs")],
                            cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 1, result.stderr
    assert Path(result.stdout.splitlines()[0]).is_relative_to(target)
    assert "ошибка[RV101]" in result.stdout


def _the_wheel_writes_a_report_from_its_own_templates(wheel, target, tmp_path, env):
    """The report's templates, stylesheet and script are package data of the wheel."""
    names = zipfile.ZipFile(wheel).namelist()
    for name in ("report.html", "macros.html", "report.css", "report.js"):
        assert f"reversis_cli/report/templates/{name}" in names
    script = ("import reversis_cli.report.page as p, reversis_cli.cli as c;"
              "print(p.TEMPLATES); c.main(['report', sys.argv[1], '-o', 'page.html'])")
    result = subprocess.run([sys.executable, "-c", "import sys;" + script,
                             str(SAMPLES / "evening.rvs")],
                            cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.splitlines()[0]).is_relative_to(target)
    assert "A Tuesday evening" in (tmp_path / "page.html").read_text(encoding="utf-8")


def test_ci_runs_the_readme_test_command_and_it_includes_the_slow_tests():
    import tomllib

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    [command] = [line for line in readme.splitlines() if "python -m pytest" in line
                 and line.startswith("python -m pip install -e")]
    assert command.replace("pip install -e", "pip install -q -e") in ci.splitlines()
    addopts = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))[
        "tool"]["pytest"]["ini_options"]["addopts"]
    # the default run leaves the slow tests out, in one process; CI's command puts
    # them back and spreads the run over the cores
    assert "-m 'not slow'" in addopts and "-n" not in addopts.split()
    assert command.endswith("python -m pytest -q -m '' -n auto")


def test_ci_draws_the_same_hypothesis_examples_on_every_run():
    """.ci/run sets CI itself before the test command, and under CI the
    conftest's profile is derandomized: a red run means a change, not a draw."""
    from hypothesis import settings

    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    test_command = next(n for n, line in enumerate(lines) if "python -m pytest" in line)
    assert "export CI=true" in lines[:test_command]
    assert settings.default is not None
    assert settings.default.derandomize == bool(os.environ.get("CI"))
