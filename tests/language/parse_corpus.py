"""A frozen reference of what every rule parser reads: a large message corpus and its parsed acts.

The parsers' outputs decide every figure the project reports, so a refactor of the language layer
must leave them byte-identical. :func:`reference_lines` runs every rule parser of
:mod:`tests.language.hostile_parsers` (the embedding parser proper aside: it needs a model) over

| source | what |
| --- | --- |
| corpus | the committed :data:`CORPUS`: every string constant of ``tests/language/*.py`` when it was built (test messages, held-out sets), the hostile shapes of ``test_hostile_input.py`` cut to the message cap, and seeded random mixes of each parser's vocabulary; each parser reads it with its typical context (and a second one for the two grid games) |
| dialop-own | every human message of the 409 recorded DialOp games through its task's parser, with the game's real context (reviewer and paper names, the latest proposal, the author) |
| dialop | the same messages through every parser, with its typical context |
| selfplay | the transcripts (rendered messages, the partner's parsed acts, the metrics) of rule-agent self-play in Traveling Adventurers, Gnomes at Night and AsymPuzl |

and yields one canonical JSON line per parse. ``test_parse_reference.py`` compares their digests (per
source and parser) with the frozen :data:`REFERENCE`. Run ``python -m tests.language.parse_corpus
dump OUT`` to write every line (to diff two versions of the language layer), ``freeze`` to rewrite
the reference after an intended change of a parser's output.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from games.base import MAX_MESSAGE_CHARS
from games.traveling_adventurers import ROOM_CATALOGUE
from language.flags import FlagContext
from language.traveling_adventurers.context import DialogueContext
from tests.language.hostile_parsers import PARSERS, ParserCase

HERE = Path(__file__).parent
RANDOM_MIXES = 400  # seeded vocabulary mixes per parser
CORPUS = HERE / "data" / "parse_corpus.json.gz"
REFERENCE = HERE / "data" / "parse_reference.json"


def _dump(acts: object) -> object:
    if isinstance(acts, list):
        return [_dump(a) for a in acts]
    if isinstance(acts, BaseModel):
        return {"type": type(acts).__name__, **acts.model_dump(mode="json")}
    return repr(acts)


def _line(source: str, parser: str, context: str, message: str, acts: object) -> str:
    return json.dumps([source, parser, context, message, _dump(acts)], ensure_ascii=True, sort_keys=True)


def corpus_strings() -> list[str]:
    """Every string constant (1 to 4,000 characters) of the test modules of ``tests/language``."""
    out: set[str] = set()
    for path in sorted(HERE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and 0 < len(node.value) <= 4000:
                out.add(node.value)
    return sorted(out)


def dialop_messages() -> Iterator[tuple[str, int, str, Any]]:
    """``(task, game index, message, context)`` for every human message of the recorded DialOp games."""
    from games.dialop.data import TASKS, load_recorded
    from games.dialop.mediation_game import ASSISTANT as MEDIATION_ASSISTANT
    from games.dialop.optimization_game import paper_names, reviewer_names
    from games.dialop.replay import recorded_turns
    from language.dialop_mediation import MediationContext
    from language.dialop_optimization import OptimizationContext
    from language.dialop_planning import PlanningContext

    for task in TASKS:
        for index, game in enumerate(load_recorded(task)):
            names = None
            if task == "optimization":
                k = len(game["table"])
                names = OptimizationContext(reviewers=tuple(reviewer_names(k)), papers=tuple(paper_names(k)))
            last: tuple | None = None
            for seat, turn in recorded_turns(task, game):  # type: ignore[arg-type]
                for action in turn.actions:
                    proposal = getattr(action, "proposal", None)
                    if task == "planning" and proposal is not None:
                        last = tuple(proposal.slots)
                if not turn.message:
                    continue
                if task == "optimization":
                    context: Any = names
                elif task == "planning":
                    context = PlanningContext(last_proposal=last)
                else:
                    context = MediationContext(author="assistant" if seat == MEDIATION_ASSISTANT else "user")
                yield task, index, turn.message, context


def _extra_contexts(case: ParserCase) -> list[tuple[str, Any]]:
    """Each parser's typical context, and for the two grid games a second one."""
    out = [("typical", case.context)]
    if case.name.startswith("traveling_adventurers"):
        out.append(
            (
                "all rooms",
                DialogueContext(rooms=dict(ROOM_CATALOGUE), start="L", visited=["L"], at="L", last_suggestion=None),
            )
        )
    elif case.name == "gnomes_at_night":
        out.append(("no request", FlagContext(last_request=None, token=(0, 0), size=5)))
    return out


def _hostile(case: ParserCase) -> list[str]:
    from tests.language.test_hostile_input import shapes

    word = next((w for w in case.vocabulary if w.isalpha() and len(w) > 2), case.vocabulary[0])
    return [text[: MAX_MESSAGE_CHARS + 50] for text in shapes(word).values()]


def _mixes(case: ParserCase) -> list[str]:
    rng = random.Random(f"parse-corpus/{case.name}")
    glue = (" ", " ", " ", ", ", ". ", "? ", "! ", " -> ", " and ", " not ", " then ", " 5 ", " don't ")
    out = []
    for _ in range(RANDOM_MIXES):
        words = rng.choices(case.vocabulary, k=rng.randint(1, 12))
        out.append("".join(w + rng.choice(glue) for w in words).strip())
    return out


def _selfplay() -> Iterator[str]:
    from agent.arena import play_game
    from agent.registry import default_registry

    registry = default_registry()
    runs = [
        ("traveling_adventurers", preset, seeds)
        for preset, seeds in (("baseline", 2), ("grounding", 3), ("state-tracking", 3), ("problem-solving", 6))
    ] + [("gnomes_at_night", "comm", 3), ("gnomes_at_night", "proxy", 2), ("asympuzl", "neurosymbolic", 3)]
    for game_name, preset, seeds in runs:
        spec = registry.preset(game_name, preset)
        for seed in range(seeds):
            game = registry.make_game(game_name)
            record = play_game(game, [registry.build_agent(spec) for _ in range(game.facts.num_players)], seed)
            yield json.dumps(
                ["selfplay", game_name, preset, seed, record.transcript, record.metrics],
                ensure_ascii=True,
                sort_keys=True,
                default=str,
            )


def build_corpus() -> list[str]:
    """The messages every parser reads: the test strings, the hostile shapes and the vocabulary mixes."""
    cases = [c for c in PARSERS if c.name != "traveling_adventurers_embed"]
    messages = set(corpus_strings())
    for case in cases:
        messages.update(_hostile(case))
        messages.update(_mixes(case))
    return sorted(messages)


def frozen_corpus() -> list[str]:
    """The committed corpus (:data:`CORPUS`), so that editing a test module leaves the reference alone."""
    with gzip.open(CORPUS, "rt", encoding="utf-8") as raw:
        return json.load(raw)


def reference_lines(selfplay: bool = True) -> Iterator[tuple[str, str]]:
    """``(group, line)`` for every parse of the corpus; a group is ``source/parser``."""
    cases = [c for c in PARSERS if c.name != "traveling_adventurers_embed"]
    corpus = frozen_corpus()
    dialop = list(dialop_messages())
    own = {"optimization": "dialop_optimization", "planning": "dialop_planning", "mediation": "dialop_mediation"}
    by_name = {c.name: c for c in cases}
    for task, index, message, context in dialop:
        case = by_name[own[task]]
        acts = case.make().parse(message, context)
        yield f"dialop-own/{case.name}", _line("dialop", case.name, f"{task}/{index}", message, acts)
    human = sorted({m for _, _, m, _ in dialop})
    for case in cases:
        parser = case.make()
        for label, context in _extra_contexts(case):
            for source, messages in (("corpus", corpus), ("dialop", human)):
                for message in messages:
                    acts = parser.parse(message, context)
                    yield f"{source}/{case.name}", _line(source, case.name, label, message, acts)
    if selfplay:
        for line in _selfplay():
            yield "selfplay/all", line


def digests(lines: Iterator[tuple[str, str]]) -> dict[str, list]:
    """``group -> [lines, sha256 of the lines]``."""
    hashes: dict[str, Any] = {}
    counts: dict[str, int] = {}
    for group, line in lines:
        hashes.setdefault(group, hashlib.sha256()).update(line.encode() + b"\n")
        counts[group] = counts.get(group, 0) + 1
    return {g: [counts[g], hashes[g].hexdigest()] for g in sorted(hashes)}


def _main(argv: list[str]) -> None:
    """``corpus``: rebuild the committed corpus; ``freeze``: rewrite the reference digests (only after
    an intended change of a parser's output); ``dump OUT``: every line, to diff two versions."""
    if argv[:1] == ["corpus"]:
        CORPUS.parent.mkdir(exist_ok=True)
        with gzip.GzipFile(CORPUS, "wb", mtime=0) as raw:
            raw.write(json.dumps(build_corpus(), ensure_ascii=True, indent=0).encode())
    elif argv[:1] == ["freeze"]:
        REFERENCE.write_text(json.dumps(digests(reference_lines()), indent=1) + "\n", encoding="utf-8")
    elif argv[:1] == ["dump"] and len(argv) == 2:
        with open(argv[1], "w", encoding="utf-8") as out:
            for group, line in reference_lines():
                out.write(f"{group}\t{line}\n")
    else:
        raise SystemExit("usage: python -m tests.language.parse_corpus corpus | freeze | dump OUT")


if __name__ == "__main__":
    _main(sys.argv[1:])
