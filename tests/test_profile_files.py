"""A rule profile is read only from a regular file of sensible size: a
device, a pipe, a folder or a huge file is a clear RV401, never a hang.
Issue 15, item 6.  Each run has a time limit (conftest's run_that_may_hang),
so that a regression fails the test instead of hanging the suite."""

from __future__ import annotations

import os

import pytest

from reversis_cli.diagnostics import ProfileError
from reversis_cli.rules import load_profile
from reversis_cli.rules.profile import MAX_PROFILE_BYTES

pytestmark = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev/zero")


def test_rules_of_dev_zero_is_a_usage_error_not_a_hang(tmp_path, run_that_may_hang):
    result = run_that_may_hang("rules", "/dev/zero", cwd=tmp_path)
    assert result.returncode == 2
    assert "/dev/zero cannot be read: it is not a regular file" in result.stderr


def test_rules_of_a_fifo_is_a_usage_error_not_a_hang(tmp_path, run_that_may_hang):
    os.mkfifo(tmp_path / "house.toml")
    result = run_that_may_hang("rules", "house.toml", cwd=tmp_path)
    assert result.returncode == 2
    assert "house.toml cannot be read: it is not a regular file" in result.stderr


def test_a_records_rules_line_naming_a_fifo_is_located(tmp_path, run_that_may_hang):
    os.mkfifo(tmp_path / "house.toml")
    (tmp_path / "r.rvs").write_text("rules house.toml\nplayers Anna Boris Vera Gleb\n")
    result = run_that_may_hang("score", "r.rvs", cwd=tmp_path)
    assert result.returncode == 1
    assert "r.rvs:1:7: error[RV401]: the rule profile house.toml cannot be read" \
        in result.stderr


def test_a_profile_larger_than_the_cap_is_refused(tmp_path):
    big = tmp_path / "big.toml"
    big.write_text('base = "classic"\n' + "#" * MAX_PROFILE_BYTES)
    with pytest.raises(ProfileError) as caught:
        load_profile(str(big))
    assert caught.value.diagnostic.code == "RV401"
    assert "larger than 1,048,576 bytes" in caught.value.diagnostic.message


def test_a_folder_is_not_a_profile(tmp_path):
    with pytest.raises(ProfileError) as caught:
        load_profile(str(tmp_path))
    assert "it is a folder" in caught.value.diagnostic.message


def test_a_missing_profile_still_lists_the_built_in_ones(tmp_path):
    with pytest.raises(ProfileError) as caught:
        load_profile(str(tmp_path / "nope.toml"))
    assert "the built-in profiles are classic and modern" in caught.value.diagnostic.message


def test_a_house_profile_in_a_regular_file_still_loads(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('base = "classic"\npartie_quinola = 4\n')
    assert load_profile(str(house)).options.partie_quinola == 4
