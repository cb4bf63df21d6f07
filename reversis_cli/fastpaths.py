"""The one switch that turns every fast path off (issue 34).

The speed tricks ("twins") each read, replay, settle, lay out or write something a
readable reference does too, with the same result (docs/contributing.md,
"Fast paths", lists them with their references and parity tests).  Run with
the environment variable ``REVERSIS_REFERENCE`` set to ``1`` and each twin's
chooser takes the reference instead: the Lark reader for every line, the
line-by-line chunk reader, the full walk of every deal, the rule registry for
every settlement, rich for every table, each deal's JSON encoded from its dict,
a long file read in one process whatever ``--jobs`` says (and the workers'
files of a batch written as text, not copied as bytes), and the archive's
session summary summed by SQL and its identity read back from the rows stored.
The output is the same bytes (tests/test_reference_switch.py); only the work
differs, so that a bug can be seen on the readable path in one step.

Only the exact value ``1`` turns the switch on; unset, empty, ``0`` or any
other value leaves the fast paths on (the default).  The variable is read
once, when this module is first imported; each chooser reads
:data:`REFERENCE` from here when it chooses, so that a test can set it.

A new twin comes with its row in the table of docs/contributing.md and a
test of tests/test_reference_switch.py that this switch turns it off.
"""

from __future__ import annotations

import os

__all__ = ["REFERENCE", "VARIABLE"]

VARIABLE = "REVERSIS_REFERENCE"

# True: every chooser takes the readable reference, never its fast twin.
REFERENCE: bool = os.environ.get(VARIABLE) == "1"
