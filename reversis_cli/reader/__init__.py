"""Reading a record, split by job (review architecture-4, change 6):
:mod:`.record` reads it deal by deal (the :class:`Record`, opening a file,
the checks across deals), :mod:`.header` checks its header lines, and
:mod:`.foreign` sniffs a JSON record or a csv-tricks file given in its place.
Amounts are read by :func:`reversis_cli.amounts.read_amount`."""

from .header import UNITS, check_header
from .record import (MAX_ERRORS_PER_FILE, STDIN, STDIN_NAME, CheckedDeal, Expectations, Record,
                     display_name, next_dealer, open_record, record_from_text)

__all__ = ["Record", "CheckedDeal", "Expectations", "open_record", "record_from_text",
           "check_header", "next_dealer", "display_name", "STDIN", "STDIN_NAME", "UNITS",
           "MAX_ERRORS_PER_FILE"]
