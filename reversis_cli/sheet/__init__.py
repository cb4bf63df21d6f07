"""The table's own figures set against the rules: the figures a record writes
(``paid`` and ``tally`` lines, figures.py), their reconciliation with the
settlement (reconcile.py), the verdict on a sheet (verdict.py), and the search
for the reading of the rules that explains them (infer.py, infer_search.py)."""
