"""Belief stores: what an agent holds about its partner and the negotiation, one module per game.

A store takes in every message as an ``Utterance(seat, acts, text)`` (another seat's, parsed; the
agent's own, as planned, through ``record_own(intent)``) and answers its planner's queries, which
only read it; :mod:`beliefs.base` holds the protocol every store offers the pipeline.

| module | store |
| --- | --- |
| :mod:`beliefs.traveling_adventurers` | partner model + state tracker (each with a null variant) |
| :mod:`beliefs.gnomes_at_night` | the hidden-information dictionary and the treasure belief |
| :mod:`beliefs.dialop_optimization` | own and reported cells, the scale ratio, the expected table |
| :mod:`beliefs.dialop_planning` | the user's believed preferences (assistant); the user simulator's data |
| :mod:`beliefs.dialop_mediation` | each user's believed flight values (assistant); a user's own data |
| :mod:`beliefs.asympuzl` | own clues, the partner's claims and the deduced target |

Layer: stores import from ``language``, ``games`` and ``solvers`` only; ``planners`` and ``agent``
import them (checked by import-linter, ``tests/test_layers.py``). This package imports nothing on
its own; import the modules you need.
"""
