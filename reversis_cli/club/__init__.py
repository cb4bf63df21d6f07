"""A club's archive: many sessions settled once, kept in one SQLite database
(docs/output.md, "reversis archive: the club's SQLite database"), and the
figures read from it.

The package sits above the session service (reversis_cli/session.py, which
settles) and below the views and the command line: the archive is one more
writer of settled deals, and every figure is a query of what it stored.
"""
