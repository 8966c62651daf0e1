"""What the LLM-Coordination kits (Agashe et al., seed 002: Hanabi, Overcooked, Collab Capture,
Collab Escape) share: the CoordinationQA benchmark and its command.

| module | what |
| --- | --- |
| :mod:`.qa` | CoordinationQA: the 198 questions, the paper's prompt, answer extraction, scoring, intervals, the exact random baseline |
| :mod:`.commands` | ``accord qa run`` (:data:`.commands.COMMANDS`) |
| ``data/coordination_qa/`` | the vendored questions (MIT, UCSC ERIC Lab; ``PROVENANCE.md``) |

Every seed-002 kit declares the same commands; the command line mounts them once.
"""
