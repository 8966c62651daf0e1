"""The Traveling Adventurers belief store: what an agent holds about the partner and the negotiation.

The store (:class:`TravelingAdventurersBeliefs`, a :class:`beliefs.base.BeliefStore`) takes in
every message as an utterance of its seat (the partner's, parsed; the agent's own, as planned) and
answers the planner's queries. It is composed of two swappable modules, so an ablation is a configuration
(paper: Jeknić et al. 2025, Figure 4):

| module | on | off (null implementation) |
| --- | --- | --- |
| partner model ("grounding") | :class:`PartnerModel`: the partner's coins from its informs, what we told it, what it asked | :class:`NullPartnerModel`: hears no coins, remembers nothing it said |
| state tracking | :class:`AgreementTracker`: Visited / Remaining from explicit agreement, pending suggestions, rejected moves per prefix, backtracking | :class:`HistoryTracker`: an action history read through a short memory window, with no notion of agreement |
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, cast

from beliefs.base import SeatedBeliefs, Utterance
from games.traveling_adventurers import Submit
from language.acts import Act, Agree, Ask, End, Inform, Reject, Suggest
from language.traveling_adventurers.context import DialogueContext


def edge_key(u: str, v: str) -> frozenset[str]:
    """Hallways are undirected: one key for both directions."""
    return frozenset((u, v))


# ---------------------------------------------------------------------------------------------
# Partner model (grounding)
# ---------------------------------------------------------------------------------------------


class PartnerModel:
    """Tracks the partner's world state and knowledge: coins it reported, coins we reported to it,
    and the edges (or best-next question) it asked about and we have not answered yet."""

    hears_coins = True

    def __init__(self) -> None:
        self.partner_coins: dict[frozenset[str], int] = {}
        self.told: dict[frozenset[str], int] = {}
        self.open_questions: list[Ask] = []
        self.asked: set[frozenset[str]] = set()

    def update(self, acts: list[Act], mine: bool) -> None:
        """Take in the acts of one message, the agent's own (``mine``) or the partner's."""
        for act in acts:
            if isinstance(act, Inform):
                key = edge_key(*act.edge)
                if not mine:
                    self.partner_coins[key] = act.coins
                else:
                    self.told[key] = act.coins
                    self.open_questions = [q for q in self.open_questions if q.edge is None or edge_key(*q.edge) != key]
            elif isinstance(act, Ask):
                if not mine:
                    if act not in self.open_questions:
                        self.open_questions.append(act)
                elif act.edge is not None:
                    self.asked.add(edge_key(*act.edge))
            elif isinstance(act, Suggest) and mine:
                self.open_questions = [q for q in self.open_questions if q.about != "best_next"]

    def known(self, u: str, v: str) -> int | None:
        return self.partner_coins.get(edge_key(u, v))


class NullPartnerModel(PartnerModel):
    """Grounding switched off: the partner's coins are never recorded, nor what we told it.
    Questions are still heard (answering is the planner's business)."""

    hears_coins = False

    def update(self, acts: list[Act], mine: bool) -> None:
        """Take in the acts of one message, hearing no coins."""
        super().update([a for a in acts if not isinstance(a, Inform)], mine)


# ---------------------------------------------------------------------------------------------
# State tracking
# ---------------------------------------------------------------------------------------------


@dataclass
class Pending:
    """A suggestion waiting for an answer: ``path`` proposed from agreed position ``base``."""

    path: list[str]
    base: int


@dataclass
class AgreementTracker:
    """Visited / Remaining from explicit agreement (the paper's state-tracking module).

    A suggestion becomes part of the agreed path only when the other side agrees; a rejection is
    remembered per agreed prefix; a suggestion that starts from an earlier agreed room is a
    backtrack, which, once agreed, revises the agreed path from that room on.
    """

    start: str
    tracks_agreement = True
    agreed: list[str] = field(default_factory=list)
    own_pending: Pending | None = None
    partner_pending: Pending | None = None
    rejected: dict[tuple[str, ...], set[str]] = field(default_factory=dict)
    partner_final: list[str] | None = None

    def __post_init__(self) -> None:
        if not self.agreed:
            self.agreed = [self.start]

    # -- queries --
    @property
    def visited(self) -> list[str]:
        return list(self.agreed)

    def rejected_at(self, prefix: list[str]) -> set[str]:
        return self.rejected.get(tuple(prefix), set())

    def _normalize(self, path: list[str]) -> Pending | None:
        """Locate a suggested path against the agreed one; None if it cannot continue it."""
        agreed = self.agreed
        if len(path) > len(agreed) and path[: len(agreed)] == agreed:
            return Pending(path[len(agreed) - 1 :], len(agreed) - 1)
        if path[0] in agreed:
            base = agreed.index(path[0])
            if agreed[base : base + len(path)] == path:
                return None  # repeats what is already agreed
            return Pending(path, base)
        return None

    def _extend(self, pending: Pending) -> None:
        self.agreed = self.agreed[: pending.base] + pending.path

    def _reject(self, pending: Pending) -> None:
        prefix = tuple(self.agreed[: pending.base + 1])
        self.rejected.setdefault(prefix, set()).add(pending.path[1])

    def update(self, acts: list[Act], mine: bool) -> None:
        """Take in the acts of one message, the agent's own (``mine``) or the partner's."""
        for act in acts:
            other = self.partner_pending if mine else self.own_pending
            if isinstance(act, Suggest):
                pending = self._normalize(list(act.path))
                if pending is None:
                    continue
                if mine:
                    self.own_pending = pending
                else:
                    self.partner_pending = pending
                    self.own_pending = None  # a counter-proposal replaces ours
            elif isinstance(act, Agree) and other is not None:
                if act.path is None or act.path[-1] == other.path[-1]:
                    self._extend(other)
                    self.own_pending = self.partner_pending = None
            elif isinstance(act, Reject) and mine and act.path is not None and act.path == self.partner_final:
                self.partner_final = None
            elif isinstance(act, Reject) and other is not None:
                self._reject(other)
                if mine:
                    self.partner_pending = None
                else:
                    self.own_pending = None
            elif isinstance(act, End) and not mine:
                self.partner_final = list(act.path)


@dataclass
class HistoryTracker:
    """State tracking switched off: an action history with no Visited / Remaining structure.

    Every suggestion is taken as a move (a suggestion and an agreement are not told apart, as in the
    paper's action-history agents), and the planner recalls only the rooms of the last ``memory``
    moves: earlier rooms are forgotten, so the agent can propose a room twice or miss one.
    """

    start: str
    tracks_agreement = False
    memory: int = 2
    moves: list[list[str]] = field(default_factory=list)
    partner_final: list[str] | None = None
    # without agreement nothing is ever pending; kept so planners read both trackers alike
    own_pending: Pending | None = None
    partner_pending: Pending | None = None

    @property
    def path(self) -> list[str]:
        """The whole logged walk (what the agent submits at the end)."""
        walk = [self.start]
        for move in self.moves:
            walk.extend(move[1:])
        return walk

    @property
    def agreed(self) -> list[str]:
        return self.path

    @property
    def visited(self) -> list[str]:
        """The rooms the agent still recalls: the start plus those of its last ``memory`` moves."""
        recalled = [self.start]
        for move in self.moves[-self.memory :] if self.memory > 0 else []:
            recalled.extend(r for r in move if r not in recalled)
        if self.moves:
            last = self.path[-1]
            if last in recalled:
                recalled.remove(last)
            recalled.append(last)
        return recalled

    def rejected_at(self, prefix: list[str]) -> set[str]:
        return set()

    def update(self, acts: list[Act], mine: bool) -> None:
        """Log every suggestion as a move; remember the partner's submitted tour."""
        for act in acts:
            if isinstance(act, Suggest) and act.path[0] == self.path[-1]:
                self.moves.append(list(act.path))
            elif isinstance(act, End) and not mine:
                self.partner_final = list(act.path)


def dialogue_focus(
    log: list[tuple[Literal["self", "partner"], Act]], reader: Literal["self", "partner"]
) -> tuple[list[str] | None, tuple[str, str] | Literal["best_next"] | None, int | None]:
    """What a message of the dialogue ``log`` leans on, for its ``reader``: the hallway or room under
    discussion (the last one named by either side: an inform's or question's hallway, a suggestion's
    last hop), the reader's own latest question the other side has not answered, and the coins last
    said."""
    topic: list[str] | None = None
    amount: int | None = None
    answered: set[frozenset[str]] = set()
    answered_next = False
    question: tuple[str, str] | Literal["best_next"] | None = None
    settled = False  # our latest question is found (answered or not): older ones are not pending
    for who, act in reversed(log):
        if topic is None:
            if isinstance(act, Inform | Ask) and act.edge is not None:
                topic = list(act.edge)
            elif isinstance(act, Suggest | End):
                topic = list(act.path[-2:])
        if amount is None and isinstance(act, Inform):
            amount = act.coins
        if who != reader:
            if isinstance(act, Inform):
                answered.add(edge_key(*act.edge))
            answered_next = answered_next or isinstance(act, Suggest)
        elif isinstance(act, Ask) and not settled:
            settled = True
            if act.edge is not None and edge_key(*act.edge) not in answered:
                question = (act.edge[0], act.edge[1])
            elif act.about == "best_next" and not answered_next:
                question = "best_next"
        if topic is not None and amount is not None and settled:
            break
    return topic, question, amount


# ---------------------------------------------------------------------------------------------
# The Traveling Adventurers belief store
# ---------------------------------------------------------------------------------------------


class TravelingAdventurersBeliefs(SeatedBeliefs):
    """Partner model + state tracker for the player in ``seat``.

    ``log`` holds every act with ``"self"`` or ``"partner"`` (how the LLM prompts show the history).
    """

    def __init__(self, partner: PartnerModel, tracker: AgreementTracker | HistoryTracker, seat: int = 0) -> None:
        self.partner = partner
        self.tracker = tracker
        self.seat = seat
        self.log: list[tuple[Literal["self", "partner"], Act]] = []

    def observe(self, observation: object) -> None:
        """Nothing to take in: Traveling Adventurers' public facts arrive as messages."""

    def update(self, utterance: Utterance) -> None:
        """Take in one message into the log, the partner model and the tracker."""
        acts = cast(list[Act], list(utterance.acts))  # a Traveling Adventurers parser's acts
        shown = utterance.action
        if isinstance(shown, Submit) and not any(isinstance(a, End) and a.path == shown.path for a in acts):
            acts.append(End(path=list(shown.path)))  # a submitted tour ends the dialogue, said or not
        mine = self.is_own(utterance.seat)
        self.log.extend(("self" if mine else "partner", act) for act in acts)
        self.partner.update(acts, mine)
        self.tracker.update(acts, mine)

    @property
    def visited(self) -> list[str]:
        return self.tracker.visited

    @property
    def agreed(self) -> list[str]:
        return self.tracker.agreed

    def context(self, observation: Any, author_seat: int) -> DialogueContext:
        """The language context of a message by ``author_seat``: whose coins it speaks of, where the
        agreed walk is, and the pending suggestion of its reader that it may answer (ours for the
        partner's message, the partner's for our own: a bare "sounds good" accepts only a pending
        suggestion, issue 17)."""
        mine = self.is_own(author_seat)
        own_kind = observation.coin_kind
        partner_kind = observation.partner_coin_kind
        speaker, listener = (own_kind, partner_kind) if mine else (partner_kind, own_kind)
        pending = self.tracker.partner_pending if mine else self.tracker.own_pending
        topic, question, amount = dialogue_focus(self.log, "partner" if mine else "self")
        return DialogueContext(
            rooms=observation.rooms,
            start=observation.start,
            at=self.tracker.agreed[-1],
            visited=self.tracker.agreed,
            speaker_coins=speaker,
            listener_coins=listener,
            last_suggestion=list(pending.path) if pending is not None else None,
            topic=topic,
            last_question=question,
            last_amount=amount,
        )
