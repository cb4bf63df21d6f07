"""``reversis report``: the page's content, its escaping and the command (no browser)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import jinja2
import jinja2.ext
import pytest
from click.testing import CliRunner
from conftest import bad_samples, good_samples, samples_by_default
from i18n_catalog import russian_entries

from reversis_cli.cli import cli
from reversis_cli.i18n import english, use
from reversis_cli.report import build_report
from reversis_cli.session.service import Session
from settle_helpers import settlement_of

ROOT = Path(__file__).resolve().parent.parent
EVENING = ROOT / "samples" / "evening.rvs"
XSS = ROOT / "tests" / "fixtures" / "report" / "xss.rvs"
TEMPLATES = ROOT / "reversis_cli" / "report" / "templates"
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}

VOID = {"meta", "link", "br", "hr", "img", "input", "line", "polyline", "col", "wbr"}


class _Tags(HTMLParser):
    """The text a reader sees, and the tags, checked to nest."""

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []
        self.text: list[str] = []
        self.tags: list[tuple[str, dict]] = []
        self.problems: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag in ("style", "script", "title"):
            self._hidden += 1
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag in ("style", "script", "title"):
            self._hidden -= 1
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:]}")
            return
        self.stack.pop()

    def handle_data(self, data):
        if not self._hidden and data.strip():
            self.text.append(" ".join(data.split()))


def _part(pattern: str, html: str) -> str:
    """The first piece of the page the pattern finds (across lines), which must be there."""
    found = re.search(pattern, html, re.S)
    assert found, pattern
    return found.group(0)


def parsed(html: str) -> _Tags:
    tags = _Tags()
    tags.feed(html)
    tags.close()
    return tags


@pytest.fixture(scope="module")
def evening() -> str:
    return build_report([EVENING]).html


def test_the_page_is_well_formed_html(evening):
    tags = parsed(evening)
    assert tags.problems == [] and tags.stack == []


def test_the_page_names_nothing_outside_itself(evening):
    for tag, attrs in parsed(evening).tags:
        for name in ("src", "href", "action", "srcset"):
            value = attrs.get(name) or ""
            assert not re.match(r"\s*(https?:|//|ftp:)", value), (tag, name, value)
    assert "@import" not in evening and "url(" not in evening
    # the policy refuses any request the page might still make
    assert "default-src 'none'" in evening


def test_the_session_table_has_one_row_a_deal_with_the_settled_figures(evening):
    with Session.open(str(EVENING)) as session:
        deals = list(session.deals())
        totals = session.totals()
    rows = re.findall(r'<tr class="deal-row[^"]*">(.*?)</tr>', evening)
    assert len(rows) == len(deals) == 9
    first = re.findall(r'<td class="num">([^<]*)</td>', rows[0])
    net = settlement_of(deals[0]).net
    assert first[:4] == [f"{net[n]:+d}" if net[n] else "0" for n in session.players]
    balance = _part(r'<table class="figures balance">.*?</table>', evening)
    assert re.findall(r'<td class="num">([^<]*)</td>', balance)[:4] == \
        [f"{totals[n]:+d}" if totals[n] else "0" for n in session.players]


def test_user_text_is_shown_as_text_and_never_as_markup():
    html = build_report([XSS]).html
    assert html.count("<script") == 1  # ours, at the end
    assert "<img" not in html and "<svg onload" not in html and '<b id="injected"' not in html
    text = " ".join(parsed(html).text)
    assert "<script>alert(1)</script>" in text
    assert "<img src=x onerror=alert(2)> & Co" in text
    assert "<svg onload=alert(3)></svg>" in text


def test_the_text_of_a_small_report(golden, monkeypatch):
    monkeypatch.chdir(ROOT)  # the file is named as given: relative, the same on any machine
    html = build_report(["tests/fixtures/report/xss.rvs"]).html
    golden("report/xss.txt", "\n".join(parsed(html).text) + "\n")


def test_a_russian_page_speaks_russian():
    with use("ru"):
        html = build_report([EVENING]).html
    assert '<html lang="ru">' in html
    assert "Итоговый счёт" in html and "Следующая взятка" in html


def test_every_text_of_the_templates_has_a_russian_translation():
    env = jinja2.Environment()
    entries = russian_entries()
    found = []
    for template in sorted(TEMPLATES.glob("*.html")):
        tree = env.parse(template.read_text(encoding="utf-8"))
        for _line, function, msgid in jinja2.ext.extract_from_ast(tree, ("tr",)):
            assert isinstance(msgid, str), f"{template.name}: {function} needs a literal text"
            found.append(msgid)
            assert msgid in entries, f"no Russian for {msgid!r} ({template.name})"
    assert "Next trick" in found  # the walk finds the templates' texts


def test_several_files_make_one_page_with_a_table_of_sessions():
    html = build_report([EVENING, XSS]).html
    archive = _part(r'<section id="archive".*?</section>', html)
    assert '<a href="#s1">A Tuesday evening</a>' in archive
    assert re.search(r'<a href="#s2"><span class="long" title="&lt;script&gt;[^"]*">&lt;script&gt;',
                     archive)  # escaped, may wrap
    assert 'id="s1"' in html and 'id="s2"' in html
    with Session.open(str(EVENING)) as one, Session.open(str(XSS)) as two:
        list(one.deals()), list(two.deals())
        anna = one.totals()["Anna"] + two.totals()["Anna"]
    assert re.search(r"All sessions</th><td></td><td class=\"num\">10</td>"
                     rf"<td class=\"num\">{anna:+d}</td>", archive)


def test_a_deal_with_a_revoke_or_a_reversis_is_marked_and_linked():
    html = build_report([ROOT / "samples" / "irregular.rvs"]).html
    marked = re.findall(r'<tr class="deal-row marked">.*?<a href="#(s1-d\d+)">', html)
    assert marked and all(f'id="{anchor}"' in html for anchor in marked)


def invoke(*args):
    return CliRunner().invoke(cli, list(args), env=ENV)


def test_the_command_writes_the_page_atomically(tmp_path, atomic_writes):
    out = tmp_path / "evening.html"
    result = invoke("report", str(EVENING), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert atomic_writes == [out.name]
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_lang_after_the_command_is_the_group_lang(tmp_path):
    for args in (["--lang", "ru", "report"], ["report", "--lang", "ru"]):
        out = tmp_path / "ru.html"
        result = invoke(*args, str(EVENING), "-o", str(out))
        assert result.exit_code == 0, result.output
        assert '<html lang="ru">' in out.read_text(encoding="utf-8")


def test_a_record_with_errors_is_reported_where_they_are_and_exits_1(tmp_path):
    out = tmp_path / "bad.html"
    bad = ROOT / "samples" / "bad" / "card-twice.rvs"
    result = invoke("report", str(bad), str(EVENING), "-o", str(out))
    assert result.exit_code == 1
    assert "RV202" in result.output  # on the terminal, as check prints it
    html = out.read_text(encoding="utf-8")
    # the dated record comes first (issue 20): the undated bad one is the second
    deal = _part(r'<article id="s2-d\d+".*?</article>', html)
    assert "error[RV202]" in deal and "2H is played twice" in deal
    assert 'id="s1"' in html  # the other record is reported


def test_an_output_that_cannot_be_written_is_a_usage_error(tmp_path):
    result = invoke("report", str(EVENING), "-o", str(tmp_path / "missing" / "r.html"))
    assert result.exit_code == 2
    assert "Traceback" not in result.output and "-o" in result.output


def test_the_output_cannot_be_a_record_named(tmp_path):
    record = tmp_path / "e.rvs"
    record.write_bytes(EVENING.read_bytes())
    result = invoke("report", str(record), "-o", str(record))
    assert result.exit_code == 2
    assert record.read_bytes() == EVENING.read_bytes()


def test_a_revoke_is_shown_on_the_row_of_its_trick():
    html = build_report([ROOT / "samples" / "irregular.rvs"]).html
    row = re.search(r'<tr class="trick[^"]*" id="(s1-d\d+-t1)"[^>]*>((?:(?!</tr>).)*Revoke in '
                    r'trick 1: Gleb played 8♠ while holding 7♦(?:(?!</tr>).)*)</tr>', html)
    assert row is not None
    assert '<td class="trick-warning">⚠' in row.group(2)


def test_a_record_that_cannot_be_settled_shows_its_problems_and_no_figures(tmp_path):
    out = tmp_path / "empty.html"
    result = invoke("--lang", "ru", "report", str(ROOT / "samples" / "bad" / "empty.rvs"),
                    "-o", str(out))
    assert result.exit_code == 1
    html = out.read_text(encoding="utf-8")
    assert "ошибка[RV110]" in html and "Эта запись не рассчитана" in html
    assert '<table class="figures session-table">' not in html


def test_an_irregularity_is_named_in_the_language_of_the_page():
    with use("ru"):
        html = build_report([ROOT / "samples" / "irregular.rvs"]).html
    assert "Нарушение: платёж вовремя не потребован · Gleb" in html


def test_the_options_that_differ_from_the_base_are_listed_with_both_values(evening):
    html = build_report([EVENING], sets={"forced_means": "any_follow"}).html
    assert ("<tr><td><code>forced_means</code></td><td>any_follow</td><td>compelled</td></tr>"
            in html)
    assert '<table class="options">' not in evening


# --- the table's own figures (issue 20, item 9) ----------------------------------------

DISPUTED = ROOT / "samples" / "disputed-sheet.rvs"


def _deal_html(html: str, anchor: str) -> str:
    return _part(rf'<article id="{anchor}".*?</article>', html)


# By default the samples with problems (each bad one, the revoke, the sheets'
# figures) and one without; the other good samples under the slow marker.
@pytest.mark.parametrize("path", samples_by_default(
    [*good_samples(), *bad_samples()],
    [p.name for p in bad_samples()] + ["irregular.rvs", "disputed-sheet.rvs"]),
    ids=lambda p: p.name)
def test_the_page_gives_every_problem_check_gives(path):
    """Review newcomer-3, finding 8: check gave the sample's figures warnings,
    the page none.  The page and its terminal lines now give what check
    gives, each in the deal (or the header) where check puts it."""
    from reversis_cli.check import check_file

    found = build_report([path])
    checked = check_file(path)
    said = sorted((d.code, d.line, d.column, english(d.message)) for d in found.diagnostics)
    expected = sorted((d.code, d.line, d.column, english(d.message))
                      for d in checked.diagnostics)
    assert said == expected
    html = found.html
    for d in checked.diagnostics:
        if d.deal is not None:
            deal = _deal_html(html, f"s1-d{d.deal}")
            assert f"[{d.code}]" in deal and f":{d.line}:{d.column}</code>" in deal, d


def test_a_deal_with_paid_and_tally_lines_shows_them_beside_the_rules():
    html = build_report([DISPUTED]).html
    deal = _deal_html(html, "s1-d5")
    figures = _part(r'<section class="table-figures departs">.*?</section>', deal)
    rows = re.findall(r'<tr class="(agrees|departs)"><td class="num">(\d+)</td><td>([^<]*)'
                      r'</td><td>([^<]*)</td><td>([^<]*)</td></tr>', figures)
    assert [(kind, line) for kind, line, *_ in rows] == \
        [("agrees", str(n)) for n in range(77, 83)] + [("departs", "83")] + \
        [("agrees", "84"), ("agrees", "85")]
    assert rows[6][2:] == ("Vera → Boris: 1 fiche (ACE-2, trick 10)",
                           "Vera → Boris: 2 fiches (ACE-2, trick 10)",
                           "≠ another amount than the rules give")
    assert '<ul class="corrections"><li>Vera → Boris: 1 fiche</li></ul>' in figures
    # the sheet, its differing figures marked, and check's words for it with the code
    assert '<tr class="departs"><th scope="row">Boris</th><td class="num">≠+55</td>' \
           '<td class="num">+56</td><td class="num">-1</td></tr>' in figures
    assert ("<strong>[RV317]</strong> The score sheet departs from the rules in this deal: "
            "Boris +55 on the sheet, +56 by the rules (-1), Vera +54 on the sheet, +53 by the "
            "rules (+1).") in figures
    later = _deal_html(html, "s1-d7")
    assert "<strong>[RV318]</strong> The score sheet carries a difference from the rules " \
           "that began in deal 5" in later
    assert 'class="table-figures"' in _deal_html(html, "s1-d4")  # a sheet that agrees
    assert "It agrees with the rules&#39; running totals." in _deal_html(html, "s1-d4")


def test_the_session_table_marks_the_deals_whose_figures_depart():
    html = build_report([DISPUTED]).html
    rows = re.findall(r'<tr class="deal-row[^"]*"><th scope="row"><a href="#s1-d(\d+)">(.*?)</tr>',
                      html)
    assert [n for n, _ in rows] == [str(n) for n in range(1, 9)]
    assert [n for n, row in rows if "mark-figures" in row] == ["5", "6", "7", "8"]
    assert ('<p class="figures-note">≠ the score sheet differs from the rules; it departed '
            'from them in deal 5</p>') in html


def test_the_figures_are_shown_in_russian():
    with use("ru"):
        html = build_report([DISPUTED]).html
    deal = _deal_html(html, "s1-d5")
    assert "Что заплатили за столом" in deal and "≠ сумма не та, что дают правила" in deal
    assert "<strong>[RV317]</strong> Лист счёта расходится с правилами в этой сдаче" in deal
    assert "предупреждение[RV320]" in deal
    assert "≠ расчёт стола" in html


def test_the_command_says_the_figures_warnings_on_the_terminal(tmp_path):
    out = tmp_path / "d.html"
    result = invoke("report", str(DISPUTED), "-o", str(out))
    assert result.exit_code == 0
    assert [code for code in re.findall(r"warning\[(RV3\d\d)\]", result.output)] == \
        ["RV320", "RV317", "RV318", "RV318", "RV318"]


# --- long names, one title, sessions in date order (issue 20, item 21) ------------------

NAMES_20 = ROOT / "tests" / "fixtures" / "report" / "names-20-chars.rvs"
LONG_60 = {  # 65 and 59 letters
    "Konstantin_Pavlovich": "Konstantin_Pavlovich_Aleksandrovich_Vasilyev_Ostrogorsky_Tverskoi",
    "Aleksandra_Sergeevna": "Aleksandra_Sergeevna_Mikhailovna_Dobrovolskaya_Trubetskaya"}


def names_60() -> str:
    text = NAMES_20.read_text(encoding="utf-8")
    for short, long in LONG_60.items():
        text = text.replace(short, long)
    return text


def test_the_chart_legend_gives_each_name_whole_with_its_final_balance():
    """Review newcomer-3, finding 20: the legend, drawn in the SVG, cut a name
    of twenty letters and hid the balance after it."""
    html = build_report([NAMES_20]).html
    legend = _part(r'<ul class="legend".*?</ul>', html)
    items = re.findall(r'<span class="name">(?:<span class="long" title="([^"]*)">.*?</span>|'
                       r'([^<]*))</span> <span class="last">([^<]*)</span>', legend)
    items = [(boxed or plain, last) for boxed, plain, last in items]
    assert items == [("Konstantin_Pavlovich", "-108"), ("Aleksandra_Sergeevna", "+39"),
                     ("Vera", "+114"), ("Gleb", "-45"), ("the pool", "0")]
    assert "<text" not in _part(r'<svg id="s1-chart".*?</svg>', html) \
        .split('<g class="axes">')[1].split("</g>")[1]  # no name drawn in the picture


def test_a_long_name_may_break_in_a_table_and_a_short_one_may_not(tmp_path):
    path = tmp_path / "long.rvs"
    path.write_text(names_60(), encoding="utf-8")
    html = build_report([path]).html
    balance = _part(r'<table class="figures balance">.*?</table>', html)
    # may break after each _ (issue 30, item 14), the name whole in the title
    assert ('<th scope="col"><span class="long" title="Konstantin_Pavlovich_Aleksandrovich_'
            'Vasilyev_Ostrogorsky_Tverskoi">Konstantin_<wbr>Pavlovich_<wbr>Aleksandrovich_<wbr>'
            'Vasilyev_<wbr>Ostrogorsky_<wbr>Tverskoi</span></th>' in balance)
    assert '<th scope="col">Gleb</th>' in balance
    assert "Konstantin_Pavlovich_Aleksandrovich_Vasilyev_Ostrogorsky_Tverskoi" \
        in " ".join(parsed(html).text)  # whole, never shortened


def test_one_session_has_one_title(evening):
    html = evening
    tags = parsed(html)
    headings = [text for text in tags.text if text == "A Tuesday evening"]
    assert "<h1>A Tuesday evening</h1>" in html and "<h2>A Tuesday evening</h2>" not in html
    assert len(headings) == 1
    two = build_report([EVENING, XSS]).html
    assert "<h2>A Tuesday evening</h2>" in two  # with several, each session has its own


def test_the_sessions_are_in_date_order_and_the_undated_after_by_name(tmp_path):
    """Review newcomer-3, finding 20: a folder was in the order of its file names."""
    text = XSS.read_text(encoding="utf-8")  # one deal: quick to report six times
    dates = {"a-late.rvs": "date 2027-02-10", "b-undated.rvs": None,
             "c-early.rvs": "date 2026-11-17", "d-dotted.rvs": "date 03.12.2026",
             "e-free.rvs": 'date "the night of the storm"', "f-middle.rvs": "date 2026-12-31"}
    for name, date in dates.items():
        written = text.replace("date 2026-11-17", date) if date else \
            text.replace("date 2026-11-17\n", "")
        (tmp_path / name).write_text(written.replace('title "<script>alert(1)</script>"',
                                                     f'title "{name}"'), encoding="utf-8")
    found = build_report(sorted(tmp_path.glob("*.rvs")))
    archive = _part(r'<section id="archive".*?</section>', found.html)
    order = re.findall(r'<a href="#(s\d)">([^<]*)</a>', archive)
    assert order == [("s1", "c-early.rvs"), ("s2", "d-dotted.rvs"), ("s3", "f-middle.rvs"),
                     ("s4", "a-late.rvs"), ("s5", "b-undated.rvs"), ("s6", "e-free.rvs")]
    # each anchor leads to its session, and its deals follow it
    for anchor, title in order:
        section = _part(rf'<section id="{anchor}" class="session">.*?</section>',
                            found.html)
        assert f"<h2>{title}</h2>" in section and f'id="{anchor}-d1"' in section


def test_sessions_of_one_title_are_told_apart_by_their_files_and_dates_never_break(tmp_path):
    """The acceptance pass of issue 20: two sessions titled alike could not be told
    apart in the sessions table, and a narrow page broke a date as 2026-11-/17."""
    for name in ("tuesday.rvs", "thursday.rvs"):
        (tmp_path / name).write_text(XSS.read_text(encoding="utf-8"), encoding="utf-8")
    html = build_report(sorted(tmp_path.glob("*.rvs"))).html
    archive = _part(r'<section id="archive".*?</section>', html)
    files = [re.sub(r"<[^>]*>", "", found)
             for found in re.findall(r'<span class="file">(.*?)</span></th>', archive)]
    assert [Path(f).name for f in files] == ["thursday.rvs", "tuesday.rvs"]
    assert archive.count('<td class="date">2026-11-17</td>') == 2
    assert re.search(r"td\.date \{ white-space: nowrap; \}", html)
