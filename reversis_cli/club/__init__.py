"""A club's sessions together: the archive (many sessions settled once, kept in
one SQLite database: docs/output.md, "reversis archive: the club's SQLite
database"), the figures read from it, and settling up in money.

The package sits above the session service (reversis_cli/session/service.py, which
settles) and below the views and the command line: the archive is one more
writer of settled deals, and every figure is a query of what it stored.
"""
