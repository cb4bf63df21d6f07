"""A club's sessions together: the archive, statistics, standings and settling up in money."""
