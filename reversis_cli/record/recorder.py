"""A recording session for one FILE: start, deal after deal, draft, reopen.

:meth:`Recorder.open` starts: a new file gets its header from
:class:`Setup`; an existing one is read and checked with the reader (any
error: :class:`RecordRefused`, the file untouched) and settled with the
session service, so the next deal's number, dealer and the pool carried are
those ``check`` and ``score`` give.  Every change to the deal in progress goes
through the recorder, which saves the draft after it.  :meth:`Recorder.finish`
closes a complete deal: the whole-deal checks, the settlement, the deal
appended to FILE as ``fmt`` writes it (atomically, the rest of the file kept
byte for byte), the draft removed, the next deal begun.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..canonical import canonical_deal
from ..diagnostics import Diagnostic, ProfileError
from ..files import WriteError, os_reason, output_problem, write_atomic
from ..i18n import Msg
from ..model import Header
from ..notation.chunks import decode_lines, split_chunks
from ..notation.parse import parse_header
from ..notation.writer import canonical_header, quote, word_or_quote, write_deal, write_header
from ..reader import CheckedDeal, next_dealer, open_record, record_from_text
from ..rules import Profile, load_profile
from ..session import DEFAULT_PROFILE, Reading, ScoredDeal, Session
from ..settle import DealSettlement
from .deal import DealInProgress, Outcome
from .draft import Draft, draft_path, load_draft, remove_draft, save_draft

__all__ = ["Recorder", "RecordRefused", "Setup", "Finished", "check_folder"]


class RecordRefused(Exception):
    """The session cannot start or go on: ``message`` says why, ``diagnostics``
    are the record's problems when it has errors."""

    def __init__(self, message: Msg | str, diagnostics: list[Diagnostic] | None = None):
        super().__init__(str(message))
        self.message = message
        self.diagnostics = diagnostics or []


@dataclass(frozen=True)
class Setup:
    """What a new file needs: the players in playing order, the profile (a
    built-in name or a house TOML path), the first dealer; optional lines."""

    players: tuple[str, ...] = ()
    rules: str | None = None
    dealer: str | None = None
    title: str | None = None
    date: str | None = None
    place: str | None = None


@dataclass(frozen=True)
class Finished:
    """A deal closed: its problems (errors: not closed), and when closed the
    settlement as ``score`` shows it and the text appended."""

    problems: tuple[Diagnostic, ...]
    scored: ScoredDeal | None = None
    text: str = ""

    @property
    def closed(self) -> bool:
        return self.scored is not None

    @property
    def settlement(self) -> DealSettlement | None:
        return self.scored.settlement if self.scored is not None else None


class Recorder:
    """One FILE being recorded; use :meth:`open`."""

    def __init__(self, path: Path, setup: Setup):
        self.path = path
        self.setup = setup
        self.players: tuple[str, ...] = ()
        self.header: Header | None = None
        self.profile: Profile | None = None
        self.reading: Reading | None = None
        self.deals_done = 0
        self.next_dealer: str | None = None
        self.current: DealInProgress | None = None
        self.last: ScoredDeal | None = None  # the last deal settled
        self.draft: Draft | None = None  # a draft offered for resume at start
        self.editing: int | None = None  # the number of a finished deal reopened
        self._stashed: DealInProgress | None = None

    # -- start -----------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, setup: Setup = Setup()) -> Recorder:
        """Start recording FILE (raises :class:`RecordRefused`)."""
        recorder = cls(Path(path), setup)
        recorder._check_folder()
        if recorder.path.exists():
            recorder._load()
        else:
            recorder._create()
        draft = load_draft(recorder.path)
        if draft is not None and recorder._draft_fits(draft):
            recorder.draft = draft
        return recorder

    def _check_folder(self) -> None:
        """The folder takes new files, and FILE, when it exists, may be replaced
        (each deal is appended by writing the file anew and renaming it over)."""
        check_folder(self.path)
        problem = output_problem(os.path.realpath(self.path))
        if problem is not None:
            raise RecordRefused(Msg("cannot record into {path}: {why}", path=str(self.path),
                                    why=problem))

    def _create(self) -> None:
        setup = self.setup
        if len(setup.players) != 4:
            raise RecordRefused(Msg("a new record needs the four players in playing order"))
        if setup.dealer is not None and setup.dealer not in setup.players:
            raise RecordRefused(Msg("{name} is not one of the players ({players})",
                                    name=setup.dealer, players=", ".join(setup.players)))
        lines = ["reversis 1"]
        if setup.title:
            lines.append(f"title {quote(setup.title)}")
        if setup.date:
            lines.append(f"date {word_or_quote(setup.date)}")
        if setup.place:
            lines.append(f"place {quote(setup.place)}")
        lines.append(f"rules {word_or_quote(self._rules_value(setup.rules))}")
        lines.append("players " + " ".join(setup.players))
        header, problems = parse_header(lines)
        text = "\n".join(write_header(canonical_header(header))) + "\n"
        record = record_from_text(text, str(self.path))
        errors = [d for d in problems + record.header_diagnostics if d.is_error]
        if errors:
            raise RecordRefused(Msg("the start-up answers do not make a record"), errors)
        self._write(text.encode("utf-8"))
        self._load()

    def _rules_value(self, rules: str | None) -> str:
        """The header's ``rules`` value: a built-in name, or a house profile's
        path relative to the record's folder (as the notation reads it)."""
        rules = rules or DEFAULT_PROFILE
        try:
            load_profile(rules, base_dir=Path.cwd())
        except ProfileError as exc:
            raise RecordRefused(exc.diagnostic.message) from None
        if rules.endswith(".toml"):
            return os.path.relpath(Path(rules).resolve(), self.path.resolve().parent)
        return rules

    def _load(self) -> None:
        """Read and check FILE to its end; settle it deal by deal."""
        try:
            record = open_record(self.path)
        except OSError as exc:
            raise RecordRefused(Msg("cannot read {path}: {why}", path=str(self.path),
                                    why=os_reason(exc))) from None
        with record:
            try:
                session = Session.of(record)
            except ProfileError as exc:
                raise RecordRefused(exc.diagnostic.message) from None
            problems = [d for d in session.diagnostics if d.is_error]
            if session.profile is None or not record.players or problems:
                raise RecordRefused(Msg("{path} has errors: correct them before recording "
                                        "into it", path=str(self.path)), problems)
            reading = Reading(session.profile, record.players, session.pool_start)
            last: CheckedDeal | None = None
            scored = None
            for checked in record.deals():
                problems += [d for d in checked.diagnostics if d.is_error]
                scored = reading.settle(checked)
                last = checked
            if problems:
                raise RecordRefused(Msg("{path} has errors: correct them before recording "
                                        "into it", path=str(self.path)), problems)
        self.header, self.players, self.profile = record.header, record.players, session.profile
        self.reading, self.last = reading, scored
        self.deals_done = last.number if last is not None and last.number else 0
        if last is not None and last.deal is not None:
            seat = next_dealer(last.deal, self.players.index(last.deal.dealer.text))
            self.next_dealer = self.players[seat]
        elif self.setup.dealer is not None:
            self.next_dealer = self._player(self.setup.dealer)

    def _player(self, name: str) -> str:
        if name not in self.players:
            raise RecordRefused(Msg("{name} is not one of the players ({players})", name=name,
                                    players=", ".join(self.players)))
        return name

    def _draft_fits(self, draft: Draft) -> bool:
        """A draft continues this file only as its next deal, by a player of it."""
        if draft.deal != self.deals_done + 1 or draft.dealer not in self.players:
            return False
        return self.next_dealer is None or draft.dealer == self.next_dealer

    # -- the session's state -----------------------------------------------------

    @property
    def next_number(self) -> int:
        return self.deals_done + 1

    @property
    def needs_dealer(self) -> bool:
        """True when the first dealer must still be asked (a file with no deal)."""
        return self.next_dealer is None

    @property
    def pool(self):
        assert self.reading is not None
        return self.reading.pool

    def balance(self) -> dict:
        assert self.reading is not None
        return self.reading.balance()

    # -- the deal in progress ----------------------------------------------------

    def set_first_dealer(self, name: str) -> None:
        self.next_dealer = self._player(name)

    def begin(self) -> DealInProgress:
        """The next deal, from the draft when :meth:`resume` took it, else new."""
        if self.current is None:
            if self.next_dealer is None:
                raise RecordRefused(Msg("who deals first? name the first dealer"))
            self.current = DealInProgress(self.players, self.next_number, self.next_dealer)
        return self.current

    def resume(self) -> DealInProgress:
        """Take up the draft found at start, exactly where it stopped."""
        draft, self.draft = self.draft, None
        assert draft is not None
        self.next_dealer = draft.dealer
        self.current = DealInProgress(self.players, draft.deal, draft.dealer, draft.lines,
                                      draft.trick, draft.confirmed)
        return self.current

    def discard_draft(self) -> None:
        """Drop the draft; its deal starts again, with the same dealer."""
        if self.draft is not None and self.next_dealer is None:
            self.next_dealer = self.draft.dealer
        self.draft = None
        remove_draft(self.path)

    def add_line(self, text: str) -> Outcome:
        return self._saved(self.begin().add_line(text))

    def play(self, card: str) -> Outcome:
        return self._saved(self.begin().play(card))

    def confirm(self) -> None:
        self.begin().confirm()
        self.save_draft()

    def reject(self) -> None:
        self.begin().reject()

    def undo(self) -> bool:
        done = self.begin().undo()
        self.save_draft()
        return done

    def _saved(self, outcome: Outcome) -> Outcome:
        if outcome.accepted:
            self.save_draft()
        return outcome

    def save_draft(self) -> None:
        """The deal in progress to the draft (an edit of a finished deal has none)."""
        deal = self.current
        if deal is None or self.editing is not None:
            return
        if not deal.lines and not deal.trick_cards:  # nothing to lose: no draft to offer
            remove_draft(self.path)
            return
        try:
            save_draft(self.path, Draft(deal.number, deal.dealer, list(deal.lines),
                                        list(deal.trick_cards), sorted(deal.confirmed)))
        except WriteError as exc:  # a full disk, a folder made read-only meanwhile
            raise RecordRefused(str(exc)) from None

    # -- closing a deal ----------------------------------------------------------

    def finish(self) -> Finished:
        """Close the complete deal in progress: check it whole, settle it, append it."""
        deal = self.begin()
        if not deal.complete:
            raise RecordRefused(Msg("deal {deal} is not over yet", deal=deal.number))
        if self.editing is not None:
            return self._finish_edit(deal)
        problems = deal.final_check()
        if any(d.is_error for d in problems):
            return Finished(tuple(problems))
        text = self._block(deal)
        self._write(self._appended(text))
        assert self.reading is not None
        parsed = deal.deal()
        checked = CheckedDeal(deal.number, parsed.pos, parsed, deal.replayed, tuple(problems))
        self.last = scored = self.reading.settle(checked)
        remove_draft(self.path)
        self.deals_done = deal.number
        self.next_dealer = self.players[next_dealer(parsed, deal.dealer_seat)]
        self.current = None
        return Finished(tuple(problems), scored, text)

    def _block(self, deal: DealInProgress) -> str:
        """The deal as ``fmt`` writes it."""
        return "\n".join(write_deal(canonical_deal(deal.deal(), self.players))) + "\n"

    def _appended(self, block: str) -> bytes:
        """FILE's bytes as they are, then a blank line and the block, with the
        line ends FILE uses (``\r\n`` stays ``\r\n``, as fmt keeps it)."""
        data = self.path.read_bytes()
        end = "\r\n" if b"\r\n" in data[:data.find(b"\n") + 1] else "\n"
        text = ""
        if data and not data.endswith(b"\n"):
            text += end
        if data.strip(b"\xef\xbb\xbf \t\r\n"):
            text += end
        return data + (text + block.replace("\n", end)).encode("utf-8")

    def _write(self, data: bytes) -> None:
        try:
            write_atomic(self.path, data)
        except WriteError as exc:
            raise RecordRefused(str(exc)) from None

    # -- reopening a finished deal -----------------------------------------------

    def reopen(self, number: int) -> DealInProgress:
        """Deal ``number`` of FILE as a deal in progress, to edit; the deal being
        recorded waits (its draft stays) until :meth:`finish` or :meth:`cancel_edit`."""
        found = self._chunk_of(number)
        if found is None:
            raise RecordRefused(Msg("there is no deal {deal} in {path}", deal=number,
                                    path=str(self.path)))
        lines = [line.strip() for line in found[1][1:] if line.strip()]
        self._stashed, self.editing = self.current, number
        deal_line = found[1][0].split()
        self.current = DealInProgress(self.players, number, deal_line[3], lines)
        return self.current

    def cancel_edit(self) -> None:
        self.current, self._stashed, self.editing = self._stashed, None, None

    def _chunk_of(self, number: int) -> tuple[int, tuple[str, ...]] | None:
        """The first line and the lines of deal ``number``'s block in FILE (the
        comment lines above its deal line stay where they are)."""
        with open(self.path, "rb") as stream:
            for chunk in split_chunks(decode_lines(stream, []), []):
                if chunk.kind != "deal":
                    continue
                at = next(i for i, line in enumerate(chunk.lines)
                          if line.split()[:1] == ["deal"])
                words = chunk.lines[at].split()
                if len(words) > 1 and words[1] == str(number):
                    return chunk.first_line + at, chunk.lines[at:]
        return None

    def _finish_edit(self, deal: DealInProgress) -> Finished:
        problems = deal.final_check()
        if any(d.is_error for d in problems):
            return Finished(tuple(problems))
        found = self._chunk_of(deal.number)
        assert found is not None and self.editing == deal.number
        first, lines = found
        raw = self.path.read_bytes()
        end = "\r\n" if b"\r\n" in raw[:raw.find(b"\n") + 1] else "\n"
        text = raw.decode("utf-8").split(end)
        block = self._block(deal).rstrip("\n").split("\n")
        new_text = end.join(text[:first - 1] + block + text[first - 1 + len(lines):])
        checked = record_from_text(new_text, str(self.path))
        errors = [d for d in checked.header_diagnostics if d.is_error]
        for each in checked.deals():
            errors += [d for d in each.diagnostics if d.is_error]
        if errors:  # the edit breaks a later deal (its dealer, say): nothing is written
            return Finished(tuple(errors))
        self._write(new_text.encode("utf-8"))
        stashed = self._stashed
        self.current, self._stashed, self.editing = None, None, None
        self._load()
        scored = self._scored(deal.number)
        if stashed is not None:  # the deal that waited goes on, with the dealer now due
            self.current = DealInProgress(self.players, self.next_number, self.next_dealer
                                          or stashed.dealer, stashed.lines, stashed.trick_cards,
                                          sorted(stashed.confirmed))
            self.save_draft()
        return Finished(tuple(problems), scored, "\n".join(block) + "\n")

    def _scored(self, number: int) -> ScoredDeal | None:
        with Session.open(self.path) as session:
            return session.find(number)


def draft_file(path: str | Path) -> Path:
    """Where the draft of FILE is kept."""
    return draft_path(path)


def check_folder(path: str | Path) -> None:
    """A folder that cannot take a new file is refused before any typing
    (raises :class:`RecordRefused`)."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe",
                                     dir=folder)
    except OSError as exc:
        raise RecordRefused(Msg("cannot record into {path}: the folder {folder} cannot be "
                                "written ({why})", path=str(path), folder=str(folder),
                                why=os_reason(exc))) from None
    os.close(fd)
    os.unlink(probe)
