"""The Starlette application: the pages and the taps.

Every page and every tap needs the join code (:mod:`.access`): without it a
request gets 403 and the join form, nothing of the record.  A tap is a form
post that htmx sends and answers with the page's main part, swapped in; the
change is taken by the recorder, and its draft written, before the answer
leaves.  Without script the same form posts and is answered with a redirect
to the page (post, redirect, get: a reload resends nothing).  htmx also
keeps the pages of watchers and of a verifier up to date (``every 1s``), and
the marker's while a verifier is awaited.

The page's language: ``--lang``, else the browser's Accept-Language.
"""

from __future__ import annotations

import html
import sys
from pathlib import Path
from urllib.parse import parse_qs

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..i18n import LANGUAGES, Msg, lang, t, use
from .access import COOKIE, Access
from .table import Table, event_line
from .views import page_view
from .words import labels

__all__ = ["build_app", "page_language"]

HERE = Path(__file__).resolve().parent
# Nothing from another host, no inline script: the page works with no internet.
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "frame-ancestors 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
_MAX_FORM = 16 * 1024


def page_language(accept: str | None, fixed: str | None) -> str:
    """``fixed`` (``--lang``), else the first language of Accept-Language we speak."""
    if fixed:
        return fixed
    weighted = []
    for at, part in enumerate((accept or "").split(",")):
        name, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        weighted.append((-quality, at, name.strip().lower().split("-")[0]))
    for _, _, name in sorted(weighted):
        if name in LANGUAGES:
            return name
    return "en"


def build_app(table: Table, access: Access, language: str | None = None) -> Starlette:
    """The application for one table; ``language``: fixed, else the browser's."""
    pages = _Pages(table, access, language)
    routes = [
        Route("/", _fenced(pages.index)),
        Route("/view", _fenced(pages.fragment)),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    for path, handler, role in pages.taps():
        routes.append(Route(path, _fenced(pages.tap(handler, role)), methods=["POST"]))
    return Starlette(routes=routes)


def _fenced(endpoint):
    """A fault of ours is one line on the server's terminal and a 500 page,
    never a traceback; what the recorder took is in the draft already."""
    async def fenced(request: Request) -> Response:
        try:
            return await endpoint(request)
        except Exception as exc:  # noqa: BLE001 -- the fence: said, the server goes on
            print(t(Msg("reversis serve: internal error ({kind}: {what}); the record and "
                        "its draft are as they were", kind=type(exc).__name__, what=str(exc))),
                  file=sys.stderr, flush=True)
            said = html.escape(t(Msg("Internal error: the record and its draft are as they "
                                     "were. Reload the page.")))
            return HTMLResponse(f"<!DOCTYPE html><title>500</title><p>{said}</p>",
                                status_code=500, headers=HEADERS)
    return fenced


class _Pages:
    """The endpoints of one table."""

    def __init__(self, table: Table, access: Access, language: str | None):
        self.table = table
        self.access = access
        self.language = language
        self.env = Environment(loader=FileSystemLoader(HERE / "templates"),
                               autoescape=select_autoescape(["html"]), trim_blocks=True,
                               lstrip_blocks=True)

    # -- who asks --------------------------------------------------------------------

    @staticmethod
    def device(request: Request) -> str:
        return request.client.host if request.client else "?"

    def role_of(self, request: Request) -> str | None:
        return self.access.role_of(request.cookies.get(COOKIE))

    def lang_of(self, request: Request) -> str:
        return page_language(request.headers.get("accept-language"), self.language)

    def refused(self, request: Request, wait: float = 0.0) -> Response:
        """403 and the join form: nothing of the record."""
        with use(self.lang_of(request)):
            text = self.env.get_template("join.html").render(
                words=labels(), wait=int(wait + 0.999), lang=lang(), verify=self.table.verify)
        return HTMLResponse(text, status_code=403, headers=HEADERS)

    # -- pages ---------------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        code = request.query_params.get("code")
        if code is not None:
            return self.join(request, code)
        role = self.role_of(request)
        if role is None:
            return self.refused(request)
        return self.render(request, role, "page.html")

    def join(self, request: Request, code: str) -> Response:
        device = self.device(request)
        if not self.access.try_code(device, code):
            return self.refused(request, self.access.wait_left(device))
        wanted = request.query_params.get("as", "marker")
        role = {"watch": "watcher", "verify": "verifier"}.get(wanted, "marker")
        if role == "verifier" and not self.table.verify:
            role = "watcher"
        response = RedirectResponse("/", status_code=303, headers=HEADERS)
        response.set_cookie(COOKIE, self.access.token(role), httponly=True, samesite="strict",
                            max_age=7 * 24 * 3600)
        return response

    def render(self, request: Request, role: str, template: str,
               panel: str | None = None) -> Response:
        panel = panel or request.query_params.get("panel")
        with use(self.lang_of(request)):
            view = page_view(self.table, role, panel if role == "marker" else None)
            text = self.env.get_template(template).render(**view)
        return HTMLResponse(text, headers=HEADERS)

    async def fragment(self, request: Request) -> Response:
        role = self.role_of(request)
        if role is None:
            return self.refused(request)
        return self.render(request, role, "main.html")

    # -- taps ------------------------------------------------------------------------------

    def tap(self, handler, role: str):
        """A tap of ``role``: the change, then a redirect to the page (and its panel)."""
        async def endpoint(request: Request) -> Response:
            if self.role_of(request) != role:
                return self.refused(request)
            body = await request.body()
            if len(body) > _MAX_FORM:
                return Response(status_code=413)
            form = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
            panel = handler(form)
            page = "/" + (f"?panel={panel}" if panel else "")
            if request.headers.get("hx-request") != "true":  # no script: post, redirect, get
                return RedirectResponse(page, status_code=303, headers=HEADERS)
            answer = self.render(request, role, "main.html", panel)
            answer.headers["HX-Push-Url"] = page  # a reload shows the same panel
            return answer
        return endpoint

    def taps(self):
        return [("/card", self.card, "marker"), ("/undo", self.undo, "marker"),
                ("/answer", self.answer, "marker"), ("/new-deal", self.new_deal, "marker"),
                ("/write", self.write, "marker"), ("/exchange", self.exchange, "marker"),
                ("/statement", self.statement, "marker"), ("/verify", self.verify, "verifier"),
                ("/replace", self.replace, "marker")]

    def card(self, form: dict) -> None:
        self.table.play(form.get("card", ""))

    def undo(self, form: dict) -> str | None:
        self.table.undo()
        return "exchange" if form.get("panel") == "exchange" else None

    def answer(self, form: dict) -> None:
        self.table.answer(form.get("happened") == "yes")

    def new_deal(self, form: dict) -> None:
        self.table.new_deal(form.get("dealer"))

    def write(self, form: dict) -> None:
        self.table.write()

    def exchange(self, form: dict) -> str | None:
        table = self.table
        if form.get("done") == "yes":
            table.discard = None
            return None
        table.exchange(form.get("card") or None, refuses=form.get("refuses") == "yes")
        return "exchange" if table.can_exchange else None

    def statement(self, form: dict) -> None:
        deal = self.table.deal
        if deal is None:
            return
        line = event_line(form.get("kind", ""), form.get("player", ""), form.get("text", ""),
                          deal.dealer)
        if line is not None:
            self.table.add_line(line)

    def replace(self, form: dict) -> None:
        trick, index = form.get("trick", ""), form.get("index", "")
        if trick.isdigit() and index.isdigit():
            self.table.replace(int(trick), int(index), form.get("card", ""))

    def verify(self, form: dict) -> None:
        self.table.verifier_says(form.get("right") == "yes")
