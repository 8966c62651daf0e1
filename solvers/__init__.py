"""Exact solvers for the symmetric travelling-salesman problem (TSP) with an agreed prefix.

The Traveling Adventurers game asks for the best closed tour from a start room; players agree
on its beginning step by step, so every solver takes a ``prefix`` and optimises the rest.
All solvers live in ``solvers.tsp`` and share one signature::

    solve_tsp_<method>(weights, *, start=0, prefix=(), maximize=False) -> TSPSolution

(the two ILP solvers add ``time_limit``); ``solve_tsp(..., method=...)`` dispatches.

Which solver to use when (k = number of nodes outside the prefix):

- ``method="dp"`` (default) for k <= 20, which covers the game's 6-room boards and the
  bench's n <= 18: Held-Karp in Numba, ~2 ms at k = 14 and under a second at k = 20. Call
  ``warm_up()`` once before timing it. Its time depends only on k; the ILPs' time depends on
  the instance (on random 1..10 boards SCIP matched the DP at n = 18, ~6 vs ~9 ms).
- ``method="cpsat"`` or ``method="scip"`` for k > 20 or under a time budget
  (``time_limit``); ``TSPSolution.optimal`` says whether optimality was proven. Either one
  also cross-checks the DP.
- ``method="brute"`` in tests (k <= 8 or so): the enumeration oracle.
- ``method="dp_python"`` only to measure the DP's speed-up (``solvers.bench``): the same
  DP in plain Python.

Modules:
    tsp: the solvers, ``TSPSolution``, ``TSPError`` / ``TSPTooLargeError``, ``tour_value``.
    tsp_io: ``TSPInstance`` and the JSON file format (``load_tsp_instance``,
        ``solution_to_json``).
    bench: ``bench_solvers``, which times every method on the same random instances.

This package imports nothing on its own; import the submodules you need.
"""
