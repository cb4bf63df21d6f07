"""``reversis serve``'s pages through Starlette's test client: the join code,
a whole deal tapped and written as the sample has it, the draft before the
answer, a restart that finds the deal where it was, a revoke asked about,
watchers and a verifier, Russian, and the command line's refusals."""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.record import Recorder
from reversis_cli.record.draft import draft_path, read_draft
from reversis_cli.serve import Access, Table, build_app
from reversis_cli.serve.access import COOKIE
from serve_helpers import SAMPLES, cut, deal_taps, errors_of, played

with warnings.catch_warnings():  # starlette's note that httpx will give way to httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

CODE = "480213"
BIG = (SAMPLES / "big-night.rvs").read_text(encoding="utf-8")


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def serve(path: Path, verify: bool = False, clock=None, language=None):
    recorder = Recorder.open(path)
    table = Table(recorder, verify)
    access = Access(CODE, str(path.resolve()), clock or Clock())
    return recorder, table, TestClient(build_app(table, access, language))


def drafted(path: Path):
    """The draft beside ``path`` as the recorder wrote it (there must be one)."""
    found = read_draft(path)
    assert found is not None and found.draft is not None
    return found.draft


def joined(client: TestClient, role: str = "") -> TestClient:
    answer = client.get(f"/?code={CODE}" + (f"&as={role}" if role else ""))
    assert answer.status_code == 200
    return client


@pytest.fixture
def night(tmp_path) -> Path:
    path = tmp_path / "night.rvs"
    path.write_text(cut(BIG, 0), encoding="utf-8")
    return path


def tap_deal(client: TestClient, taps, upto: int | None = None) -> None:
    """Start the deal, tap its exchanges and its cards (the first ``upto``)."""
    page = client.post("/new-deal", data={"dealer": taps.dealer})
    assert 'data-stage="play"' in page.text
    for exchange in taps.exchanges:
        client.post("/exchange", data={"card": exchange.discards})
        if exchange.takes is not None:
            client.post("/exchange", data={"card": exchange.takes})
        elif "takes:" in client.get("/?panel=exchange").text:
            client.post("/exchange", data={"card": ""})
    for card in taps.cards[:upto]:
        page = client.post("/card", data={"card": card})
        assert f'data-played="{card}"' in page.text \
            or f'data-trick-card="{card}"' in page.text, card


def test_without_the_code_nothing_of_the_record_is_shown(night):
    _, _, client = serve(night)
    for answer in (client.get("/"), client.get("/view"), client.get("/?code=111111"),
                   client.post("/card", data={"card": "3H"})):
        assert answer.status_code == 403
        assert "Anna" not in answer.text and "night.rvs" not in answer.text
    assert not draft_path(night).exists()


def test_repeated_wrong_codes_make_the_device_wait_even_for_the_right_one(night):
    clock = Clock()
    _, _, client = serve(night, clock=clock)
    for _ in range(4):
        assert client.get("/?code=000000").status_code == 403
    waiting = client.get(f"/?code={CODE}")
    assert waiting.status_code == 403 and 'data-wait="1"' in waiting.text
    clock.now += 1.5
    assert client.get(f"/?code={CODE}").status_code == 200


def test_the_cookie_of_another_code_is_no_key(night):
    _, _, client = serve(night)
    client.cookies.set(COOKIE, Access("999999", str(night.resolve())).token("marker"))
    assert client.get("/").status_code == 403


def test_the_page_declares_a_viewport_and_loads_only_from_itself(night):
    _, _, client = serve(night)
    page = joined(client).get("/")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page.text
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(s.startswith("/") for s in sources)
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/htmx.min.js").status_code == 200


def test_two_deals_tapped_are_written_as_the_sample_has_them(night):
    recorder, _, client = serve(night)
    joined(client)
    for number in (1, 2):
        tap_deal(client, deal_taps(BIG, number))
        page = client.post("/write")
        assert 'data-action="new-deal"' in page.text
    recorder.close()
    text = night.read_text(encoding="utf-8")
    assert played(text) == played(cut(BIG, 2))
    assert errors_of(text) == []


def test_a_tap_sent_by_htmx_is_answered_with_the_main_part_only(night):
    _, _, client = serve(night)
    joined(client)
    client.post("/new-deal", data={"dealer": "Gleb"})
    answer = client.post("/card", data={"card": "3H"}, headers={"HX-Request": "true"})
    assert answer.status_code == 200 and answer.text.startswith('<div id="main"')
    assert 'data-played="3H"' in answer.text and "<html" not in answer.text
    answer = client.post("/exchange", data={"card": "KC"}, headers={"HX-Request": "true"})
    assert answer.headers["hx-push-url"] == "/"  # trick 1 is begun: no exchange any more


def test_every_card_is_in_the_draft_before_the_page_answers(night):
    recorder, _, client = serve(night)
    joined(client)
    taps = deal_taps(BIG, 1)
    tap_deal(client, taps, upto=0)
    for count, card in enumerate(taps.cards[:7], start=1):
        client.post("/card", data={"card": card}, follow_redirects=False)
        draft = drafted(night)
        tricks = [line for line in draft.lines if line.split()[0].isdigit()]
        typed = " ".join(tricks + draft.trick).split()
        assert typed[-1] == card and len([w for w in typed if w in taps.cards]) == count


def test_a_server_started_again_shows_the_deal_where_it_was(night):
    recorder, _, client = serve(night)
    joined(client)
    taps = deal_taps(BIG, 1)
    tap_deal(client, taps, upto=6)
    recorder.close()  # as a kill -9 leaves it: the draft, and the lock let go
    recorder, table, again = serve(night)
    page = joined(again).get("/")
    assert "taken up where it stopped" in page.text
    assert 'data-played="2D"' in page.text and 'data-played="6D"' in page.text
    for card in taps.cards[6:]:
        again.post("/card", data={"card": card})
    again.post("/write")
    recorder.close()
    assert played(night.read_text(encoding="utf-8")) == played(cut(BIG, 1))


def test_a_revoke_is_asked_at_the_card_with_no_default_answer(night):
    recorder, table, client = serve(night)
    joined(client)
    client.post("/new-deal", data={"dealer": "Gleb"})
    # Boris does not follow hearts in trick 1; two aces shown by Vera mean he
    # cannot hold the espagnolette, which could excuse it: a revoke once he plays one.
    for card in ("3H", "2S", "AH", "6H", "AC", "2C", "3C", "4C", "5H", "7H", "8H"):
        page = client.post("/card", data={"card": card})
        assert 'data-stage="play"' in page.text, card
    page = client.post("/card", data={"card": "4H"})
    assert 'data-stage="question"' in page.text
    assert 'data-waiting="4H"' in page.text and "RV" in page.text
    assert "Did it happen so at the table?" in page.text
    assert "autofocus" not in page.text and "checked" not in page.text
    page = client.post("/answer", data={"happened": "no"})
    assert 'data-waiting' not in page.text and 'data-played="4H"' not in page.text
    assert "Not taken: 4♥ is not played." in page.text
    page = client.post("/card", data={"card": "4H"})
    page = client.post("/answer", data={"happened": "yes"})
    assert 'data-stage="play"' in page.text and 'data-trick-card="4H"' in page.text
    assert drafted(night).lines[-1].split()[-1] == "4H"


def test_an_illegal_card_is_refused_with_checks_code(night):
    _, _, client = serve(night)
    joined(client)
    client.post("/new-deal", data={"dealer": "Gleb"})
    client.post("/card", data={"card": "3H"})
    page = client.post("/card", data={"card": "3H"})
    assert 'data-code="RV202"' in page.text and 'data-card-about="3H"' in page.text
    assert drafted(night).trick == ["3H"]


def test_a_watcher_sees_the_trick_and_cannot_tap(night):
    _, _, marker = serve(night)
    joined(marker)
    marker.post("/new-deal", data={"dealer": "Gleb"})
    marker.post("/card", data={"card": "3H"})
    watcher = TestClient(marker.app)
    joined(watcher, "watch")
    view = watcher.get("/view")
    assert 'data-played="3H"' in view.text and 'hx-trigger="every 1s"' in view.text
    assert "data-card=" not in view.text
    assert watcher.post("/card", data={"card": "AD"}).status_code == 403
    assert drafted(night).trick == ["3H"]


def test_with_verify_a_deal_is_written_once_the_verifier_confirms(night):
    recorder, _, marker = serve(night, verify=True)
    joined(marker)
    tap_deal(marker, deal_taps(BIG, 1))
    page = marker.post("/write")
    assert 'data-stage="verify"' in page.text
    assert "deal 1" not in night.read_text(encoding="utf-8")
    verifier = TestClient(marker.app)
    joined(verifier, "verify")
    assert marker.post("/verify", data={"right": "yes"}).status_code == 403
    page = verifier.post("/verify", data={"right": "yes"})
    recorder.close()
    assert played(night.read_text(encoding="utf-8")) == played(cut(BIG, 1))


def test_the_statements_of_the_full_screen_are_offered(night):
    recorder, _, client = serve(night)
    joined(client)
    client.post("/new-deal", data={"dealer": "Gleb"})
    page = client.get("/")
    for title in ("Misdeal", "Exposed card", "Espagnolette", "Unclaimed payment", "Note"):
        assert f">{title}</option>" in page.text
    page = client.post("/statement", data={"kind": "misdeal", "player": "Anna", "text": ""})
    assert 'data-stage="complete"' in page.text
    client.post("/write")
    recorder.close()
    assert "misdeal Gleb" in night.read_text(encoding="utf-8")


def test_the_page_speaks_russian_with_russian_rank_letters(night):
    _, _, client = serve(night)
    client.headers["accept-language"] = "ru-RU,ru;q=0.9,en;q=0.5"
    joined(client)
    page = client.post("/new-deal", data={"dealer": "Gleb"})
    assert ">Т♠</button>" in page.text and ">В♥</button>" in page.text
    assert 'data-card="AS"' in page.text  # the record's spelling, for the taps
    assert "Взятка" in page.text and "Отмена" in page.text


@pytest.mark.parametrize("args, code", [
    (["--port", "http"], "RV541"), (["--code", "12345"], "RV542"),
    (["--lan", "--host", "127.0.0.1"], "RV543"), (["--players", "A,B"], "RV544"),
])
def test_bad_options_are_diagnostics_with_codes(night, args, code):
    result = CliRunner().invoke(cli, ["serve", str(night), *args])
    assert result.exit_code == 2 and f"[{code}]" in result.output


def test_a_record_that_does_not_exist_needs_players(tmp_path):
    result = CliRunner().invoke(cli, ["serve", str(tmp_path / "new.rvs")])
    assert result.exit_code == 2 and "[RV545]" in result.output


def test_a_fault_of_ours_is_a_500_page_and_one_line_not_a_traceback(night, capsys,
                                                                     monkeypatch):
    _, table, client = serve(night)
    joined(client)

    def broken(card):
        raise RuntimeError("a bug")

    monkeypatch.setattr(table, "play", broken)
    client.post("/new-deal", data={"dealer": "Gleb"})
    answer = client.post("/card", data={"card": "3H"})
    assert answer.status_code == 500 and "Traceback" not in answer.text
    said = capsys.readouterr().err
    assert "internal error (RuntimeError: a bug)" in said and "Traceback" not in said


def test_a_port_already_taken_is_said_with_its_code(night):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", str(night), "--port", str(port)])
    assert result.exit_code == 1 and "[RV546]" in result.output
    assert not draft_path(night).exists()


def test_undo_takes_back_the_last_card_then_the_exchange_before_it(night):
    _, _, client = serve(night)
    joined(client)
    client.post("/new-deal", data={"dealer": "Gleb"})
    client.post("/exchange", data={"card": "KC"})  # Anna discards; the card taken not known
    page = client.post("/exchange", data={"card": ""})
    assert 'data-exchange-player="Boris"' in page.text
    client.post("/exchange", data={"refuses": "yes"})  # Boris refuses his talon card
    client.post("/exchange", data={"done": "yes"})
    client.post("/card", data={"card": "3H"})
    assert drafted(night).lines == ["exchange Anna discards KC", "exchange Boris refuses"]
    assert drafted(night).trick == ["3H"]
    page = client.post("/undo")
    assert "Taken back." in page.text and 'data-played="3H"' not in page.text
    client.post("/undo")
    assert drafted(night).lines == ["exchange Anna discards KC"] and drafted(night).trick == []
    page = client.get("/?panel=exchange")
    assert 'data-exchange-player="Boris"' in page.text


def test_the_dealer_only_discards_and_the_exchanges_close_after_him(night):
    _, _, client = serve(night)
    joined(client)
    taps = deal_taps(BIG, 1)
    client.post("/new-deal", data={"dealer": taps.dealer})
    for exchange in taps.exchanges[:-1]:
        client.post("/exchange", data={"card": exchange.discards})
        page = client.post("/exchange", data={"card": exchange.takes})
    assert 'data-exchange-player="Gleb"' in page.text and "exchange-refuses" not in page.text
    page = client.post("/exchange", data={"card": "AH"})
    assert "data-exchange-player" not in page.text and 'data-stage="play"' in page.text
    assert drafted(night).lines[-1] == "exchange Gleb discards AH"


def test_undo_after_a_discard_takes_back_the_discard_alone(night):
    _, _, client = serve(night)
    joined(client)
    client.post("/new-deal", data={"dealer": "Gleb"})
    client.post("/exchange", data={"card": "KC"})
    client.post("/exchange", data={"card": "KS"})
    client.post("/exchange", data={"card": "9D"})  # Boris's discard, his card taken to come
    page = client.post("/undo", data={"panel": "exchange"})
    assert 'data-exchange-player="Boris"' in page.text and 'data-exchange-step="discards"' \
        in page.text
    assert drafted(night).lines == ["exchange Anna discards KC takes KS"]


@pytest.mark.slow
def test_a_real_server_killed_with_sigkill_mid_deal_loses_no_card(night):
    """Without a browser: a real ``reversis serve`` process, taps posted over HTTP,
    ``kill -9`` after the seventh card, the server started again on the same port:
    the deal is where it was, and finishing it writes the sample's deal 1."""
    import http.cookiejar
    import urllib.parse
    import urllib.request

    from test_serve_browser import CODE as BROWSER_CODE, Server, free_port

    port = free_port()
    browser = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    taps = deal_taps(BIG, 1)

    def post(server: Server, path: str, **form: str) -> str:
        data = urllib.parse.urlencode(form).encode()
        with browser.open(server.base + path, data=data, timeout=10) as answer:
            return answer.read().decode("utf-8")

    server = Server(night, port)
    try:
        assert BROWSER_CODE in server.url
        browser.open(server.url, timeout=10).close()
        post(server, "/new-deal", dealer=taps.dealer)
        for exchange in taps.exchanges:
            post(server, "/exchange", card=exchange.discards)
            if exchange.takes:
                post(server, "/exchange", card=exchange.takes)
        for card in taps.cards[:7]:
            post(server, "/card", card=card)
        server.kill()
        server = Server(night, port)
        with browser.open(server.base + "/", timeout=10) as answer:
            page = answer.read().decode("utf-8")
        assert page.count("data-trick-card=") == 4 and f'data-played="{taps.cards[6]}"' in page
        for card in taps.cards[7:]:
            post(server, "/card", card=card)
        assert 'data-stage="new-deal"' in post(server, "/write")
    finally:
        server.kill()
    assert played(night.read_text(encoding="utf-8")) == played(cut(BIG, 1))


@pytest.mark.parametrize("accept, fixed, language", [
    ("ru-RU,ru;q=0.9,en;q=0.5", None, "ru"), ("de-DE,en;q=0.8,ru;q=0.9", None, "ru"),
    ("fr, de", None, "en"), (None, None, "en"), ("ru", "en", "en"), ("en;q=abc,ru", None, "ru"),
])
def test_the_page_speaks_the_browsers_language_unless_lang_says(accept, fixed, language):
    from reversis_cli.serve import page_language

    assert page_language(accept, fixed) == language


def test_a_deal_the_verifier_does_not_confirm_goes_back_to_the_marker(night):
    recorder, _, marker = serve(night, verify=True)
    joined(marker)
    client = TestClient(marker.app)
    joined(client, "verify")
    marker.post("/new-deal", data={"dealer": "Gleb"})
    marker.post("/statement", data={"kind": "misdeal-late", "player": "Anna", "text": ""})
    marker.post("/write")
    page = client.post("/verify", data={"right": "no"})
    assert "does not confirm deal 1" in page.text and 'data-stage="complete"' in page.text
    assert "deal 1" not in night.read_text(encoding="utf-8")
    page = marker.post("/undo")
    assert 'data-stage="play"' in page.text
    recorder.close()


def test_a_card_played_earlier_is_corrected_in_place(night):
    _, _, client = serve(night)
    joined(client)
    client.post("/new-deal", data={"dealer": "Gleb"})
    for card in ("3H", "AD", "7H", "6H", "2D"):
        client.post("/card", data={"card": card})
    page = client.get("/?panel=fix-1-1")  # trick 1, Boris's card
    assert "Trick 1, Boris's card: A♦. Which card was played?" in html.unescape(page.text)
    assert page.text.count("data-card=") == 48
    page = client.post("/replace", data={"trick": "1", "index": "1", "card": "AS"})
    assert "Changed: trick 1, Boris's card is now A♠." in html.unescape(page.text)
    assert drafted(night).lines == ["1 3H AS 7H 6H"] and drafted(night).trick == ["2D"]
    page = client.post("/replace", data={"trick": "1", "index": "2", "card": "2D"})
    assert "Not changed: trick 1, Vera's card stays 7♥." in html.unescape(page.text)
    assert 'data-code="RV202"' in page.text and drafted(night).lines == ["1 3H AS 7H 6H"]


def test_a_deal_of_tricks_alone_is_tapped_and_written(night):
    """A table that keeps no exchanges (as `simulate --tricks-only` writes): new deal,
    the 44 cards, write; the record reads clean and holds the tricks as tapped."""
    recorder, _, client = serve(night)
    joined(client)
    taps = deal_taps(BIG, 1)
    page = client.post("/new-deal", data={"dealer": taps.dealer})
    assert 'data-stage="play"' in page.text
    for card in taps.cards:
        client.post("/card", data={"card": card})
    page = client.post("/write")
    assert 'data-action="new-deal"' in page.text
    recorder.close()
    text = night.read_text(encoding="utf-8")
    (number, dealer, exchanges, cards), = played(text)
    (_, _, _, sample_cards), = played(cut(BIG, 1))
    assert (number, dealer, exchanges, cards) == (1, taps.dealer, (), sample_cards)
    assert errors_of(text) == []


def test_a_discard_is_in_the_draft_before_its_card_taken_is_tapped(night):
    """Every card tapped reaches the draft before the page answers, an exchange's
    discard too: a server killed before the card taken is tapped keeps it (its
    take then not known); the take completes the same line."""
    recorder, _, client = serve(night)
    joined(client)
    client.post("/new-deal", data={"dealer": "Gleb"})
    client.post("/exchange", data={"card": "KC"})  # Anna's discard
    assert drafted(night).lines == ["exchange Anna discards KC"]
    recorder.close()
    recorder, _, client = serve(night)  # the server started again
    joined(client)
    assert drafted(night).lines == ["exchange Anna discards KC"]
    recorder.close()
    recorder, _, client = serve(night)
    joined(client)
    client.post("/exchange", data={"card": "9D"})  # Boris's discard
    client.post("/exchange", data={"card": "AD"})  # and the card he took
    assert drafted(night).lines == ["exchange Anna discards KC",
                                    "exchange Boris discards 9D takes AD"]
    recorder.close()
