"""Every rule parser reads the frozen corpus exactly as it did when the reference was frozen (issue 13).

The corpus and the digests are built by :mod:`tests.language.parse_corpus` (see its docstring for
what the corpus holds). A failing group names the source and the parser whose output changed; run
``python -m tests.language.parse_corpus dump OUT`` before and after a change and diff the two files
to see the messages. Refreeze (``freeze``) only after an intended change of a parser's output.
"""

from __future__ import annotations

import json

import pytest

from tests.language.parse_corpus import REFERENCE, digests, frozen_corpus, reference_lines


def test_the_corpus_is_large():
    corpus = frozen_corpus()
    assert len(corpus) > 4000 and len(set(corpus)) == len(corpus)


@pytest.mark.slow
def test_every_parser_reads_the_corpus_as_frozen():
    frozen = json.loads(REFERENCE.read_text(encoding="utf-8"))
    now = digests(reference_lines())
    changed = sorted(g for g in frozen.keys() | now.keys() if frozen.get(g) != now.get(g))
    assert not changed, f"parser output changed in {changed}"
    assert sum(count for count, _ in now.values()) > 60_000
