"""The session service: a record read, settled deal by deal with its pool and
balances carried (service.py), written by a score writer (scoring.py), one
long file read in parts by several processes (parts.py), several files by a
pool of processes (batch.py)."""
