"""What the LLM-Coordination kits (Agashe et al., seed 002: Hanabi, Overcooked, Collab Capture,
Collab Escape) share: the CoordinationQA benchmark, its commands and the neurosymbolic answerer of its Hanabi questions.

| module | what |
| --- | --- |
| :mod:`.qa` | CoordinationQA: the 198 questions, the paper's prompt, answer extraction, scoring, intervals, the exact random baseline |
| :mod:`.hanabi_position` | a Hanabi scenario's text as a position: an observation and a belief store seeded from its stated knowledge; options read as typed moves |
| :mod:`.hanabi_answerer` | the neurosymbolic answerer of the Hanabi questions (convention planner, belief queries; abstains where no template computes) |
| :mod:`.hanabi_facts` | its fact templates (stacks, tokens, cards) and the matching of a computed value to an option |
| :mod:`.symbolic_qa` | the answerer run over the Hanabi questions, then scored: coverage and accuracy per category beside the random baseline |
| :mod:`.commands` | ``accord qa run``, ``accord qa symbolic`` (:data:`.commands.COMMANDS`) |
| ``data/coordination_qa/`` | the vendored questions (MIT, UCSC ERIC Lab; ``PROVENANCE.md``) |

Every seed-002 kit declares the same commands; the command line mounts them once.
"""
