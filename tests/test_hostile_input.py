"""Issue 15: names the output gives a meaning, internal errors in a batch,
look-alike letters, invisible characters, capitalised keywords, a twelfth
trick and an unreadable pot."""

import json

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from records import MINIMAL, codes_of

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), env=ENV, input=input)


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- names that the notation or the output gives a meaning -------------------------


@pytest.mark.parametrize("name", ["pool", "Pool", "POOL", "none", "Deal", "dealer", "Partie",
                                  "sees", "discarded-two", "Out-of-turn", "waives"])
def test_a_reserved_word_is_refused_as_a_name(name):
    found = codes_of(MINIMAL.replace("Gleb", name))
    assert ("RV111", 1, 25) in found, found


def test_a_player_called_pool_is_refused_by_every_command(tmp_path):
    path = write(tmp_path, "pool.rvs", MINIMAL.replace("Gleb", "pool"))
    for args in (["check"], ["score"], ["score", "--json"], ["explain", "--deal", "1"],
                 ["arbitrate", "--deal", "1"]):
        result = run(*args, str(path))
        assert result.exit_code == 1, (args, result.output, result.stderr)
        assert "RV111" in result.stdout + result.stderr
        assert "internal error" not in result.stderr
    json.loads(run("score", "--json", str(path)).stdout)
