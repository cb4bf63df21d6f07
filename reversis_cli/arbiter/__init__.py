"""The arbiter's view of one deal: ``explain.py`` (the settlement step by step, and
what another reading of an option would have paid) and ``ruling.py`` (``reversis
arbitrate``: which rule applied, its sources, and the table's figures set against it)."""
