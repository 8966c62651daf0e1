"""What the parts of the sentence reader share: the attributes
:class:`~language.traveling_adventurers.reader._SentenceReader` sets up for one sentence, and the
methods one part calls on another.

:class:`_SentenceState` is the common base of :class:`~.clause_acts._ClauseActs` and
:class:`~.polarity._Polarity`, so each part is checked against the state it reads; the reader sets
every attribute in its ``__init__`` and the parts define the methods.
"""

from __future__ import annotations

from collections.abc import Sequence

from language.traveling_adventurers.clauses import _Cand, _Clause, _State
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.mentions import _Group
from language.traveling_adventurers.normalize import _Tok
from language.traveling_adventurers.numbers import _Num, _numbers


class _SentenceState:
    """The state of one sentence as it is read (declarations only; the reader assigns them)."""

    # the sentence and the message state it is read against
    toks: Sequence[_Tok]
    keys: Sequence[str]
    lo: int
    hi: int
    question: bool
    st: _State
    ctx: DialogueContext
    # its room groups and clauses
    groups: list[_Group]
    clauses: list[_Clause]
    clause_los: list[int]
    sentence_numbers: bool
    number_at: list[int]  # where the sentence's amounts start
    group_ends: set[int]
    last_content: int  # last room or amount
    borrow_ask: bool
    _spans: dict[tuple[int, int], tuple[int, int]]  # clause bounds -> content bounds
    _paths: tuple[list[int], list[list[str]]]  # this clause's paths, by position
    # what is read so far
    cands: list[_Cand]
    _blocked_paths: set[tuple[str, ...]]
    _blocked_upto: int
    anchor: tuple[int, list[str]] | None  # "from X": where later destinations leave from
    cont: set[int]  # groups that continue from the reader's agreed suggestion
    anchor_cont: bool  # the anchor is the end of the reader's agreed suggestion
    coin_context: bool
    sentence_rooms: list[str]
    rooms_on_board: bool  # some group of the sentence names board rooms
    prev_one_edge: bool  # the sentence before spoke of one hallway
    relative: list[int]  # positions of relative cues ("then", "next")
    polarity: list[tuple[int, str]]
    end_pos: int | None
    mode_prev: str
    pending: list[tuple[int, tuple[str, str] | None, int]]
    pending_had_numbers: bool
    edges: list[tuple[str, str]]
    informs: list[tuple[str, str]]
    echoes: list[tuple[str, str]]  # edges whose number the message gave to the reader
    echo_set: set[tuple[str, str]]
    asked: bool
    _amounts_at: dict[tuple[int, int], list[_Num]]  # token span -> its coin amounts

    def _amounts(self, lo: int, hi: int) -> list[_Num]:
        """The coin amounts in tokens ``lo:hi`` (:func:`~.numbers._numbers`), read once per span: the
        parts ask again for the same spans. Callers do not change the list."""
        found = self._amounts_at.get((lo, hi))
        if found is None:
            found = self._amounts_at[(lo, hi)] = _numbers(self.toks, self.keys, lo, hi)
        return found

    # -- methods one part calls on another -----------------------------------------------------------

    def _there(self, k: int) -> bool:
        """Whether token ``k`` is a "there" that points at a hallway (the reader)."""
        raise NotImplementedError

    def _path_before(self, k: int) -> list[str] | None:
        """The last path of the current clause written before token ``k`` (the reader)."""
        raise NotImplementedError

    def _there_edge(self, k: int, path_before: list[str] | None) -> tuple[str, str] | None:
        """The hallway a "there" at token ``k`` points at (the reader)."""
        raise NotImplementedError

    def _topic_edge(self) -> tuple[str, str] | None:
        """The hallway under discussion in the dialogue context (the reader)."""
        raise NotImplementedError

    def _topic_target(self) -> tuple[str, str] | None:
        """The hop from ``at`` to the room under discussion (the reader)."""
        raise NotImplementedError

    def _negated(self, s: int, lo: int, ignore: set[int]) -> bool:
        """A negation right before position ``s`` (:class:`~.polarity._Polarity`)."""
        raise NotImplementedError

    def _near_total(self, num: _Num, hi: int) -> bool:
        """Whether ``num`` is a total ("5 each", "8 combined"; :class:`~.polarity._Polarity`)."""
        raise NotImplementedError

    def _owner(self, num: _Num, cl: _Clause) -> str | None:
        """Whose coins a number counts (:class:`~.polarity._Polarity`)."""
        raise NotImplementedError
