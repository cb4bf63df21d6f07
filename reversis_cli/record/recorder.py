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

One recorder per file: :meth:`Recorder.open` takes the file's lock
(:mod:`.lock`) and holds it until :meth:`Recorder.close`.  Every write checks
first that FILE still holds what the recorder read or wrote last (its size
and a hash of its bytes): a file changed underneath is never written over.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..convert.canonical import canonical_deal
from ..cards import spelling_of
from ..diagnostics import Diagnostic, ProfileError
from ..files import (
    WriteError, os_reason, output_problem, remove_abandoned_temporaries, write_atomic,
)
from ..i18n import Count, Msg
from ..invisible import visible
from ..model import Header
from ..notation.chunks import decode_lines, split_chunks
from ..notation.parse import parse_header
from ..notation.writer import canonical_header, quote, word_or_quote, write_deal, write_header
from ..reader import CheckedDeal, Record, next_dealer, record_from_text
from ..rules import Profile, load_profile
from ..session.service import DEFAULT_PROFILE, Reading, ScoredDeal, Session
from ..settle import DealSettlement
from .deal import DealInProgress, Outcome
from .draft import Draft, draft_path, keep_aside, read_draft, remove_draft, save_draft
from .appending import HashedReader, card_spellings, fingerprint, trailing_comments_closed_up
from .lock import Holder, LockHeld, RecordLock
from .resume import DraftNote, recheck

__all__ = ["Recorder", "RecordRefused", "Setup", "Finished", "DraftNote", "check_folder"]


class RecordRefused(Exception):
    """The session cannot start or go on: ``message`` says why, ``diagnostics``
    are the record's problems when it has errors; ``about``, when a new file's
    answers are refused, the field of :class:`Setup` that is wrong (the
    start-up form goes back to it)."""

    def __init__(self, message: Msg | str, diagnostics: list[Diagnostic] | None = None,
                 about: str | None = None):
        super().__init__(str(message))
        self.message = message
        self.diagnostics = diagnostics or []
        self.about = about


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
    pot: str | None = None  # the pool before deal 1 as a pot line writes it (90, 5/2)
    # How the deals appended spell cards (ascii, unicode, ru); None: as most
    # of FILE's cards are spelt (ascii for a file without cards), as fmt does.
    cards: str | None = None


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
        # What became of the draft found at start, and the temporary files of
        # a write cut off that were removed: for the marker to read.
        self.draft_notes: list[DraftNote] = []
        self.removed_temporaries: list[str] = []
        self.card_style = setup.cards or "ascii"
        self._lock: RecordLock | None = None
        self._seen: tuple[int, str] | None = None  # FILE's size and hash, as last read or written

    # -- start -----------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, setup: Setup = Setup()) -> Recorder:
        """Start recording FILE (raises :class:`RecordRefused`); the recorder
        holds FILE's lock until :meth:`close`."""
        recorder = cls(Path(path), setup)
        recorder._check_folder()
        recorder._take_lock()
        try:
            recorder.removed_temporaries = (remove_abandoned_temporaries(recorder.path)
                                            + remove_abandoned_temporaries(
                                                draft_path(recorder.path)))
            if recorder.path.exists():
                recorder._load()
            else:
                recorder._create()
            recorder._take_draft()
        except BaseException:
            recorder.close()
            raise
        return recorder

    def close(self) -> None:
        """Let FILE go: another recorder may start on it."""
        if self._lock is not None:
            self._lock.release()

    def __enter__(self) -> Recorder:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _take_lock(self) -> None:
        try:
            self._lock = RecordLock.acquire(self.path)
        except LockHeld as held:
            raise RecordRefused(_held_message(self.path, held.holder)) from None
        except OSError as exc:
            raise RecordRefused(Msg("cannot record into {path}: {why}", path=str(self.path),
                                    why=os_reason(exc))) from None

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
            raise RecordRefused(Msg("a new record needs the four players in playing order"),
                                about="players")
        if setup.dealer is not None and setup.dealer not in setup.players:
            raise RecordRefused(Msg("{name} is not one of the players ({players})",
                                    name=setup.dealer, players=", ".join(setup.players)),
                                about="dealer")
        lines = ["reversis 1"]
        if setup.title:
            lines.append(f"title {quote(setup.title)}")
        if setup.date:
            lines.append(f"date {word_or_quote(setup.date)}")
        if setup.place:
            lines.append(f"place {quote(setup.place)}")
        lines.append(f"rules {word_or_quote(self._rules_value(setup.rules))}")
        lines.append("players " + " ".join(setup.players))
        lines += [f"pot {word_or_quote(setup.pot)}"] if setup.pot is not None else []
        header, problems = parse_header(lines)
        text = "\n".join(write_header(canonical_header(header))) + "\n"
        record = record_from_text(text, str(self.path))
        errors = [d for d in problems + record.header_diagnostics if d.is_error]
        if errors:
            raise RecordRefused(Msg("the start-up answers do not make a record"), errors,
                                about=_answer_of(errors[0], lines))
        self._write(text.encode("utf-8"))
        self._load()

    def _rules_value(self, rules: str | None) -> str:
        """The header's ``rules`` value: a built-in name, or a house profile's
        path relative to the record's folder (as the notation reads it)."""
        rules = rules or DEFAULT_PROFILE
        try:
            load_profile(rules, base_dir=Path.cwd())
        except ProfileError as exc:
            raise RecordRefused(exc.diagnostic.message, about="rules") from None
        if rules.endswith(".toml"):
            return os.path.relpath(Path(rules).resolve(), self.path.resolve().parent)
        return rules

    def _load(self) -> None:
        """Read and check FILE to its end; settle it deal by deal."""
        try:
            stream = HashedReader(open(self.path, "rb"))
        except OSError as exc:
            raise RecordRefused(Msg("cannot read {path}: {why}", path=str(self.path),
                                    why=os_reason(exc))) from None
        spellings: list[str] = []
        with Record(stream, str(self.path)) as record:
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
                if checked.deal is not None:
                    spellings += card_spellings(checked.deal)
            if problems:
                raise RecordRefused(Msg("{path} has errors: correct them before recording "
                                        "into it", path=str(self.path)), problems)
            stream.read_to_end()
        self._seen = stream.seen()
        self.card_style = self.setup.cards or spelling_of(spellings) or "ascii"
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

    # -- the draft found at start ---------------------------------------------------

    def _take_draft(self) -> None:
        """Offer the draft beside FILE only as far as it holds what the
        recorder would take when typed; any other draft, or the draft as it
        was when part of it is refused, is kept under another name and said."""
        found = read_draft(self.path)
        if found is None:
            return
        if found.draft is None:
            self._note(Msg("The draft beside {path} cannot be used: {why}.", path=str(self.path),
                           why=found.problem or ""))
            self._note(Msg("It is kept as {kept}.", kept=self._keep_aside()))
            return
        draft = found.draft
        why = self._why_not_next(draft)
        if why is not None:
            self._note(Msg("A draft of deal {deal} (dealer {dealer}) is beside {path} but does "
                           "not continue it: {why}.", deal=draft.deal,
                           dealer=visible(draft.dealer), path=str(self.path), why=why))
            self._note(Msg("It is kept as {kept}.", kept=self._keep_aside()))
            return
        taken, notes = recheck(draft, self.players)
        if notes:
            self.draft_notes += notes
            self._note(Msg("The draft as it was is kept as {kept}.", kept=self._keep_aside()))
            if not taken.empty:
                self._save(taken)
        elif taken.empty:  # nothing in it to lose
            remove_draft(self.path)
        if not taken.empty:
            self.draft = taken

    def _why_not_next(self, draft: Draft) -> Msg | None:
        """Why a draft does not continue this file as its next deal, or None."""
        if draft.dealer not in self.players:
            return Msg("{name} is not one of the players ({players})",
                       name=visible(draft.dealer), players=", ".join(self.players))
        if draft.deal != self.next_number:
            return Msg("{path} holds {deals}, so deal {next} comes next", path=str(self.path),
                       deals=Count(self.deals_done, "{n} deal", "{n} deals"),
                       next=self.next_number)
        if self.next_dealer is not None and draft.dealer != self.next_dealer:
            return Msg("deal {deal} is dealt by {dealer}", deal=draft.deal,
                       dealer=self.next_dealer)
        return None

    def _keep_aside(self) -> str:
        try:
            return str(keep_aside(self.path))
        except OSError as exc:  # the draft stays where it is: nothing is written over it
            raise RecordRefused(Msg("cannot keep the draft {draft} aside: {why}",
                                    draft=str(draft_path(self.path)),
                                    why=os_reason(exc))) from None

    def _note(self, message: Msg) -> None:
        self.draft_notes.append(DraftNote(message))

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

    def discard_draft(self) -> str | None:
        """Set the draft aside: it is kept as ``.FILE.draft.N`` (never deleted:
        it may be the deal's only copy), and its deal starts again with the
        same dealer; the name it is kept under (None: there was no draft)."""
        if self.draft is not None and self.next_dealer is None:
            self.next_dealer = self.draft.dealer
        self.draft = None
        if not os.path.lexists(draft_path(self.path)):
            return None
        return self._keep_aside()

    def add_line(self, text: str) -> Outcome:
        return self._saved(self.begin().add_line(text))

    def play(self, card: str) -> Outcome:
        return self._saved(self.begin().play(card))

    def replace_card(self, trick: int, index: int, card: str) -> Outcome:
        """:meth:`DealInProgress.replace_card` on the deal in progress (or the
        deal reopened), the draft saved when it is taken."""
        return self._saved(self.begin().replace_card(trick, index, card))

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
        self._save(Draft(deal.number, deal.dealer, list(deal.lines), list(deal.trick_cards),
                         sorted(deal.confirmed)))

    def _save(self, draft: Draft) -> None:
        try:
            save_draft(self.path, draft)
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
        self._write(self._appended(text, deal.number))
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
        """The deal as ``fmt`` writes it, its cards spelt as FILE's are."""
        return "\n".join(write_deal(canonical_deal(deal.deal(), self.players),
                                     self.card_style)) + "\n"

    def _appended(self, block: str, number: int) -> bytes:
        """FILE's bytes as they are, then a blank line and the block, with the
        line ends FILE uses (``\r\n`` stays ``\r\n``, as fmt keeps it).
        Comment lines at the end of FILE stay the last deal's: the blank lines
        between them and its last statement, if any, are taken out (they are
        never kept anyway), so that they stand right under it."""
        data = self._unchanged(number)
        if self.deals_done:  # under the header, comments are the first deal's anyway
            data = trailing_comments_closed_up(data)
        end = "\r\n" if b"\r\n" in data[:data.find(b"\n") + 1] else "\n"
        text = ""
        if data and not data.endswith(b"\n"):
            text += end
        if data.strip(b"\xef\xbb\xbf \t\r\n"):
            text += end
        return data + (text + block.replace("\n", end)).encode("utf-8")

    def _unchanged(self, number: int, doing: str = "append") -> bytes:
        """FILE's bytes, when they are still those read or written last;
        else :class:`RecordRefused`: another program wrote FILE meanwhile
        (another recorder started without the lock, an editor, a sync), and
        writing now would lose what it wrote or put deal ``number`` twice.
        ``doing``: "append", "reopen" or "rewrite", for the message."""
        try:
            data = self.path.read_bytes()
        except OSError as exc:
            raise RecordRefused(Msg("cannot read {path}: {why}", path=str(self.path),
                                    why=os_reason(exc))) from None
        if self._seen is None or fingerprint(data) == self._seen:
            return data
        path = str(self.path)
        if doing == "reopen":
            raise RecordRefused(Msg("{path} has changed since it was read (another program "
                                    "wrote it): quit, and start 'reversis record {path}' again "
                                    "to reopen deal {deal}.", path=path, deal=number))
        if doing == "rewrite":
            raise RecordRefused(Msg("{path} has changed since it was read (another program "
                                    "wrote it): the changes to deal {deal} are not written. "
                                    "Quit, and start 'reversis record {path}' again to "
                                    "reopen it.", path=path, deal=number))
        raise RecordRefused(Msg("{path} has changed since it was read (another program wrote "
                                "it): deal {deal} is not written; it stays in its draft. "
                                "Quit, and start 'reversis record {path}' again to go on "
                                "from what the file holds now.", path=path, deal=number))

    def _write(self, data: bytes) -> None:
        try:
            write_atomic(self.path, data)
        except WriteError as exc:
            raise RecordRefused(str(exc)) from None
        self._seen = fingerprint(data)

    # -- reopening a finished deal -----------------------------------------------

    def reopen(self, number: int) -> DealInProgress:
        """Deal ``number`` of FILE as a deal in progress, to edit; the deal being
        recorded waits (its draft stays) until :meth:`finish` or :meth:`cancel_edit`."""
        self._unchanged(number, "reopen")
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
        raw = self._unchanged(deal.number, "rewrite")  # the file reopen read, still
        found = self._chunk_of(deal.number)
        assert found is not None and self.editing == deal.number
        first, lines = found
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


def _answer_of(problem: Diagnostic, lines: list[str]) -> str | None:
    """The :class:`Setup` field whose header line (of ``lines``) ``problem`` is on, or None."""
    if problem.pos is None or not 1 <= problem.pos.line <= len(lines):
        return None
    word = lines[problem.pos.line - 1].split()[0]
    return word if word in ("title", "date", "place", "rules", "players", "pot") else None


def _held_message(path: Path, holder: Holder) -> Msg:
    if holder.pid is None:
        return Msg("{path} is being recorded by another 'reversis record': quit that one "
                   "first", path=str(path))
    return Msg("{path} is being recorded by another 'reversis record' (process {pid} on "
               "{host}, started {started}): quit that one first", path=str(path),
               pid=holder.pid, host=holder.host or "?", started=holder.started or "?")


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
