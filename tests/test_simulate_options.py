"""``reversis simulate``'s options do what their help says."""

from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.reader import record_from_text
from settle_helpers import settlement_of


def simulated(*args: str) -> list:
    result = CliRunner().invoke(cli, ["simulate", "--deals", "12", "--seed", "5", *args])
    assert result.exit_code == 0, result.output
    with record_from_text(result.output) as record:
        return list(record.deals())


def irregular(checked) -> bool:
    return bool(checked.deal.events) or bool(checked.replayed and checked.replayed.revokes)


def test_irregular_1_makes_every_deal_irregular_even_with_events_1():
    deals = simulated("--events", "1", "--irregular", "1")
    assert all(irregular(d) for d in deals), [d.number for d in deals if not irregular(d)]


def test_events_1_alone_still_forces_a_rare_event_in_every_deal():
    from reversis_cli.rules import load_profile
    from reversis_cli.session.service import score_deals

    result = CliRunner().invoke(cli, ["simulate", "--deals", "12", "--seed", "5",
                                      "--events", "1"])
    with record_from_text(result.output) as record:
        scored = list(score_deals(record, load_profile("classic")))
    assert not any(irregular(s.checked) for s in scored)
    assert all(settlement_of(s).outcome != "normal" or settlement_of(s).espagnolette
               for s in scored)


def test_the_help_gives_the_measured_reversis_rate():
    text = CliRunner().invoke(cli, ["simulate", "--help"], env={"COLUMNS": "200"}).output
    assert "one deal in 22" in " ".join(text.split())
