"""Move choosers for Traveling Adventurers.

All planners share one negotiation loop (:class:`NegotiationPlanner`): close the game when the
partner's final tour is acceptable or the tour is forced, answer the partner's pending suggestion
(agree, reject with a counter-proposal, or ask for what is missing), suggest the next move, answer
questions, and share / ask coins. The variants differ in how they judge moves:

| planner | judges a move by | shares and asks |
| --- | --- | --- |
| :class:`GreedyPlanner` | the coins of the next hallway (own, plus the partner's if known) | the hallways from the current room |
| :class:`IBPPlanner` | the intermediate best path (exact Held-Karp over own + known partner coins from the agreed prefix) and a certificate from coin bounds | the coins that can change the best tour (value of information) |

The IBP is the paper's Problem-Solving module (Jeknić et al. 2025, Sec. 4.5). Beyond the paper, a
move is accepted only when it is *certified*: the best tour through it, with every unknown partner
coin at its minimum, is at least the best tour through any other move with unknown coins at their
maximum. Until then the planner asks for the coins that block the certificate.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import numpy as np

from beliefs.traveling_adventurers import TravelingAdventurersBeliefs, edge_key
from games.traveling_adventurers import MAX_COINS, MIN_COINS, Submit, is_tour
from language.act_base import ActBase
from language.acts import Act, Agree, Ask, End, Inform, Intent, Reject, Suggest
from solvers.tsp import TourCompletions, TSPSolution, solve_tsp_dp, tour_completions

Verdict = Literal["accept", "reject", "undecided"]

TOUR_CACHE_SIZE = 4096
"""The most solved tours an IBP planner keeps (about 2 MB at 8 rooms); past it, it starts afresh."""

MEMO_SIZE = 256
"""The most answers an IBP planner keeps for its current knowledge; past it, it starts afresh."""

COMPLETIONS_CACHE_SIZE = 256
"""The most matrices whose prefix values an IBP planner keeps (about 1 kB each at 8 rooms)."""


def _kept(cache: dict[tuple, object], size: int, key: tuple, compute: Callable[[], object]) -> object:
    """``compute()``, kept in ``cache`` under ``key``; a cache holding ``size`` answers starts afresh."""
    if key not in cache:
        if len(cache) >= size:
            cache.clear()
        cache[key] = compute()
    return cache[key]


@dataclass
class Board:
    """The planner's view of the board: rooms (start first) and own coins as a matrix."""

    rooms: list[str]
    own: np.ndarray

    @classmethod
    def from_observation(cls, observation: object) -> Board:
        rooms = list(observation.rooms)  # type: ignore[attr-defined]
        index = {r: i for i, r in enumerate(rooms)}
        own = np.zeros((len(rooms), len(rooms)))
        for u, v, c in observation.own_coins:  # type: ignore[attr-defined]
            own[index[u], index[v]] = own[index[v], index[u]] = c
        return cls(rooms, own)

    @property
    def start(self) -> str:
        return self.rooms[0]

    def idx(self, room: str) -> int:
        return self.rooms.index(room)

    def own_coins(self, u: str, v: str) -> int:
        return int(self.own[self.idx(u), self.idx(v)])

    def remaining(self, visited: list[str]) -> list[str]:
        return [r for r in self.rooms if r not in visited]

    def continues(self, prefix: list[str], path: list[str]) -> bool:
        """True if ``path`` (from ``prefix[-1]``) goes on without repeating a room, returning to the
        start only as the very last step of a complete tour."""
        walk = prefix + path[1:]
        if any(r not in self.rooms for r in walk):
            return False
        if walk[-1] == self.start and len(walk) > 1:
            return self.is_tour(walk)
        return len(set(walk)) == len(walk)

    def is_tour(self, path: list[str]) -> bool:
        """True if ``path`` leaves the start, visits every room once and returns."""
        return is_tour(path, self.rooms, self.start)


class NegotiationPlanner(ABC):
    """The shared turn logic; subclasses judge moves and choose what to share and ask.

    Args:
        max_informs: most own-coin facts shared in one message.
        max_asks: most coin questions asked in one message.
    """

    def __init__(self, max_informs: int = 6, max_asks: int = 4) -> None:
        self.max_informs = max_informs
        self.max_asks = max_asks

    # ---- hooks ----------------------------------------------------------------------------
    @abstractmethod
    def judge(self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], path: list[str]) -> Verdict:
        """Judge the partner's suggestion ``path`` (starting at ``prefix[-1]``)."""

    @abstractmethod
    def next_moves(
        self,
        beliefs: TravelingAdventurersBeliefs,
        board: Board,
        prefix: list[str],
        refused: frozenset[str] = frozenset(),
    ) -> list[str]:
        """The rooms to suggest after ``prefix`` (at least one). ``refused`` are next rooms this very
        turn refuses at ``prefix`` (not yet in the tracker): they are avoided like the rejected ones,
        so an intent never says "not K-C. How about K-C?"."""

    @abstractmethod
    def coins_to_share(
        self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], proposal: list[str]
    ) -> list[tuple[str, str]]:
        """Own-coin edges worth telling the partner, most useful first; ``proposal`` is ``prefix``
        extended by this turn's suggestion."""

    @abstractmethod
    def coins_to_ask(
        self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], proposal: list[str]
    ) -> list[tuple[str, str]]:
        """Partner-coin edges worth asking about, most useful first."""

    # ---- the loop ---------------------------------------------------------------------------
    def plan(self, beliefs: TravelingAdventurersBeliefs, observation: object, rng: np.random.Generator) -> Intent:
        board = Board.from_observation(observation)
        tracker = beliefs.tracker
        if observation.own_submission is not None:  # type: ignore[attr-defined]
            return Intent()
        final = tracker.partner_final
        if final is not None:
            # A formal submission cannot be taken back: once the partner has submitted a valid tour,
            # submitting it too (Correct) beats holding out for a better one (a timeout).
            binding = observation.partner_submission == final and board.is_tour(final)  # type: ignore[attr-defined]
            if binding or self._accept_final(beliefs, board, final):
                return Intent(acts=[End(path=final)], actions=[Submit(path=final)])
        prefix = list(tracker.agreed)
        acts: list[ActBase] = []  # the intent's acts
        if final is not None:
            acts.append(Reject(path=final))
        pending = tracker.partner_pending
        undecided = False
        refused: frozenset[str] = frozenset()
        if pending is not None:
            base = prefix[: pending.base + 1]
            verdict = self.judge(beliefs, board, base, pending.path)
            if verdict == "undecided" and not self._still_to_ask(beliefs, board, base):
                # every coin that could decide it was asked and none came (e.g. the partner model is
                # off): waiting longer cannot help, so decide on what is known
                verdict = self.settle(beliefs, board, base, pending.path)
            if verdict == "accept":
                acts.append(Agree(path=pending.path))
                prefix = base + pending.path[1:]
            elif verdict == "reject":
                acts.append(Reject(path=pending.path))
                prefix = base
                refused = frozenset(pending.path[1:2])
            else:
                undecided = True
        tour = self._forced_tour(beliefs, board, prefix)
        if tour is not None:
            acts.append(End(path=tour))
            return Intent(acts=acts, actions=[Submit(path=tour)])
        proposal = prefix
        if not undecided and (tracker.own_pending is None or acts):
            moves = self.next_moves(beliefs, board, prefix, refused)
            acts.append(Suggest(path=[prefix[-1], *moves]))
            proposal = prefix + moves
        acts.extend(self._share_and_ask(beliefs, board, prefix, proposal))
        return Intent(acts=acts)

    def settle(self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], path: list[str]) -> Verdict:
        """Decide a suggestion ``judge`` left undecided once nothing more can be learnt (default:
        accept, as a cooperative player does)."""
        return "accept"

    def _still_to_ask(self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str]) -> bool:
        partner = beliefs.partner
        return any(
            edge_key(u, v) not in partner.partner_coins and edge_key(u, v) not in partner.asked
            for u, v in self.coins_to_ask(beliefs, board, prefix, prefix)
        )

    @staticmethod
    def left(beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str]) -> list[str]:
        """Rooms the agent believes are still to visit after ``prefix``: rooms it has forgotten
        (without state tracking) count as unvisited."""
        forgotten = set(beliefs.tracker.agreed) - set(beliefs.tracker.visited)
        return [r for r in board.rooms if r not in prefix or r in forgotten]

    def _forced_tour(self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str]) -> list[str] | None:
        """The complete tour once at most one room is left (no choice remains), or, for an agent
        that may have lost track, once its walk has as many stops as the house has rooms. A walk
        already back at the start ("L -> E -> ... -> C -> L" agreed in one go) is closed: it is the
        tour as it stands, never closed a second time."""
        if len(prefix) > 1 and prefix[-1] == board.start:
            return prefix
        if len(prefix) >= len(board.rooms):
            return prefix + [board.start]
        left = [r for r in self.left(beliefs, board, prefix) if r != prefix[-1]]
        if len(left) <= 1:
            return prefix + left + [board.start]
        return None

    def _accept_final(self, beliefs: TravelingAdventurersBeliefs, board: Board, final: list[str]) -> bool:
        """Accept the partner's final tour? Without state tracking the agent takes the partner's
        word for it; with it, the tour must extend the agreed prefix with acceptable moves."""
        if not beliefs.tracker.tracks_agreement:
            return True
        prefix = list(beliefs.tracker.agreed)
        if not board.is_tour(final) or final[: len(prefix)] != prefix:
            return False
        rest = final[len(prefix) - 1 : -1]
        return len(rest) <= 2 or self.judge(beliefs, board, prefix, rest) == "accept"

    def _share_and_ask(
        self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], proposal: list[str]
    ) -> list[Act]:
        partner = beliefs.partner
        acts: list[Act] = []
        answered: list[frozenset[str]] = []
        for question in partner.open_questions:
            if question.edge is not None:
                u, v = question.edge
                if u in board.rooms and v in board.rooms and u != v:
                    acts.append(Inform(edge=(u, v), coins=board.own_coins(u, v)))
                    answered.append(edge_key(u, v))
        shared = 0
        for u, v in self.coins_to_share(beliefs, board, prefix, proposal):
            key = edge_key(u, v)
            if shared >= self.max_informs:
                break
            if key in partner.told or key in answered:
                continue
            acts.append(Inform(edge=(u, v), coins=board.own_coins(u, v)))
            answered.append(key)
            shared += 1
        asked = 0
        for u, v in self.coins_to_ask(beliefs, board, prefix, proposal):
            key = edge_key(u, v)
            if asked >= self.max_asks:
                break
            if key in partner.partner_coins or key in partner.asked:
                continue
            acts.append(Ask(edge=(u, v)))
            asked += 1
        return acts


# ---------------------------------------------------------------------------------------------
# Greedy
# ---------------------------------------------------------------------------------------------


class GreedyPlanner(NegotiationPlanner):
    """Greedy on the next hallway's coins: its own coins, plus the partner's where known (that part
    is empty when the partner model is off). Concedes to the partner's move after one rejection at a
    decision point, as a cooperative player does."""

    def _score(self, beliefs: TravelingAdventurersBeliefs, board: Board, u: str, v: str) -> int:
        known = beliefs.partner.known(u, v)
        return board.own_coins(u, v) + (known or 0)

    def _ranked(
        self,
        beliefs: TravelingAdventurersBeliefs,
        board: Board,
        prefix: list[str],
        refused: frozenset[str] = frozenset(),
    ) -> list[str]:
        here = prefix[-1]
        options = [r for r in self.left(beliefs, board, prefix) if r not in (here, board.start)]
        rejected = beliefs.tracker.rejected_at(prefix) | refused
        options = [r for r in options if r not in rejected] or options
        return sorted(options, key=lambda r: (-self._score(beliefs, board, here, r), board.idx(r)))

    def judge(self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], path: list[str]) -> Verdict:
        if not board.continues(prefix, path):
            return "reject"
        ranked = self._ranked(beliefs, board, prefix)
        if not ranked:
            return "accept"
        if beliefs.tracker.rejected_at(prefix):
            return "accept"
        best = self._score(beliefs, board, prefix[-1], ranked[0])
        return "accept" if self._score(beliefs, board, prefix[-1], path[1]) >= best else "reject"

    def next_moves(
        self,
        beliefs: TravelingAdventurersBeliefs,
        board: Board,
        prefix: list[str],
        refused: frozenset[str] = frozenset(),
    ) -> list[str]:
        ranked = self._ranked(beliefs, board, prefix, refused)
        return [ranked[0]] if ranked else [board.start]

    def coins_to_share(
        self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], proposal: list[str]
    ) -> list[tuple[str, str]]:
        """The hallways out of the room this turn's proposal ends in, richest first: what the
        partner needs to choose the move after it."""
        here = proposal[-1]
        options = [r for r in self.left(beliefs, board, proposal) if r not in (here, board.start)]
        return [(here, r) for r in sorted(options, key=lambda r: (-board.own_coins(here, r), board.idx(r)))]

    def coins_to_ask(
        self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], proposal: list[str]
    ) -> list[tuple[str, str]]:
        return self.coins_to_share(beliefs, board, prefix, proposal)


# ---------------------------------------------------------------------------------------------
# Intermediate best path (IBP) with certificates and value of information
# ---------------------------------------------------------------------------------------------


class IBPPlanner(NegotiationPlanner):
    """The Problem-Solving planner: the exact intermediate best path over own + known partner coins
    from the agreed prefix, certified moves, and value-of-information questions.

    Args:
        unknown: how an unknown partner coin counts in the IBP: ``"zero"`` (the paper) or
            ``"expected"`` (the mean of the coin range, 5.5).
        max_informs: most own-coin facts shared in one message.
        max_asks: most coin questions asked in one message.

    Raises:
        ValueError: ``unknown`` is neither "zero" nor "expected".
    """

    def __init__(self, unknown: str = "zero", max_informs: int = 6, max_asks: int = 4) -> None:
        super().__init__(max_informs=max_informs, max_asks=max_asks)
        if unknown not in ("zero", "expected"):
            raise ValueError(f"unknown must be 'zero' or 'expected', not {unknown!r}")
        self.unknown = unknown
        self._memo: dict[tuple, object] = {}
        self._tours: dict[tuple, object] = {}
        self._completions: dict[tuple, object] = {}

    def _remember(self, key: tuple, compute: Callable[[], object]) -> object:
        """One turn asks the same question of the same knowledge several times (judge, suggest,
        share, ask); keep the answers for the current knowledge only."""
        return _kept(self._memo, MEMO_SIZE, key, compute)

    def _solve(self, matrix: np.ndarray, board: Board, prefix: list[str]) -> TSPSolution:
        """The best tour of ``matrix`` from ``prefix``. A game asks the same exact question many
        times (every judgement, suggestion and question re-solves the tours of the same matrices),
        so answers are kept, keyed on the exact matrix and prefix: the same answer, computed once."""
        indices = tuple(board.idx(r) for r in prefix)
        key = (matrix.shape, matrix.tobytes(), indices)
        return _kept(  # type: ignore[return-value]
            self._tours, TOUR_CACHE_SIZE, key, lambda: solve_tsp_dp(matrix, start=0, prefix=indices, maximize=True)
        )

    @staticmethod
    def _knowledge(beliefs: TravelingAdventurersBeliefs, board: Board) -> tuple:
        """Everything the joint matrices depend on."""
        return (
            tuple(board.rooms),
            board.own.tobytes(),
            tuple(sorted((tuple(sorted(k)), v) for k, v in beliefs.partner.partner_coins.items())),
        )

    # ---- joint matrices -------------------------------------------------------------------
    def _joint(self, beliefs: TravelingAdventurersBeliefs, board: Board, fill: float) -> np.ndarray:
        joint = board.own.copy()
        n = len(board.rooms)
        for i in range(n):
            for j in range(i + 1, n):
                known = beliefs.partner.known(board.rooms[i], board.rooms[j])
                joint[i, j] = joint[j, i] = joint[i, j] + (fill if known is None else known)
        return joint

    def _matrices(
        self, beliefs: TravelingAdventurersBeliefs, board: Board
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        def compute() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
            point = self._joint(beliefs, board, 0.0 if self.unknown == "zero" else (MIN_COINS + MAX_COINS) / 2)
            return point, self._joint(beliefs, board, MIN_COINS), self._joint(beliefs, board, MAX_COINS)

        return self._remember(("matrices", self._knowledge(beliefs, board)), compute)  # type: ignore[return-value]

    def _best(self, matrix: np.ndarray, board: Board, prefix: list[str]) -> float:
        """The value of the best tour of ``matrix`` from ``prefix`` (the value ``_solve`` finds: the
        coins are whole numbers or halves, so both sums are exact), from one table per matrix."""
        completions: TourCompletions = _kept(  # type: ignore[assignment]
            self._completions,
            COMPLETIONS_CACHE_SIZE,
            (matrix.shape, matrix.tobytes()),
            lambda: tour_completions(matrix, start=0, maximize=True),
        )
        return completions.best_value([board.idx(r) for r in prefix])

    def ibp(self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str]) -> list[str]:
        """The intermediate best path: the best tour from ``prefix`` under the point estimate."""
        point, _, _ = self._matrices(beliefs, board)
        return [board.rooms[i] for i in self._solve(point, board, prefix).tour]

    def _step_bounds(
        self, lo: np.ndarray, hi: np.ndarray, board: Board, prefix: list[str]
    ) -> dict[str, tuple[float, float]]:
        return {
            r: (self._best(lo, board, prefix + [r]), self._best(hi, board, prefix + [r]))
            for r in board.remaining(prefix)
        }

    def _step_verdict(self, bounds: dict[str, tuple[float, float]], room: str) -> Verdict:
        if room not in bounds:
            return "reject"
        others_hi = max((hi for r, (_, hi) in bounds.items() if r != room), default=-np.inf)
        best_lo = max(lo for lo, _ in bounds.values())
        if bounds[room][0] >= others_hi:
            return "accept"
        if bounds[room][1] < best_lo:
            return "reject"
        return "undecided"

    def judge(self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], path: list[str]) -> Verdict:
        _, lo, hi = self._matrices(beliefs, board)
        walk = list(prefix)
        for room in path[1:]:
            if room == board.start and not board.remaining(walk):
                return "accept"
            if len(board.remaining(walk)) <= 1:
                return "accept" if room in board.remaining(walk) else "reject"
            verdict = self._step_verdict(self._step_bounds(lo, hi, board, walk), room)
            if verdict != "accept":
                return verdict
            walk.append(room)
        return "accept"

    def settle(self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], path: list[str]) -> Verdict:
        """Judge on the point estimate alone: accept when each suggested move starts a best tour
        under what is known (unknown coins as the ``unknown`` option says). After a rejection at
        this point, either way, it concedes (accepts), as a cooperative player does: two agents
        that cannot learn each other's coins would otherwise refuse each other's moves forever."""
        if beliefs.tracker.rejected_at(prefix):
            return "accept"
        point, _, _ = self._matrices(beliefs, board)
        walk = list(prefix)
        for room in path[1:]:
            remaining = board.remaining(walk)
            if room not in remaining:
                return "accept" if room == board.start and not remaining else "reject"
            best = max(self._best(point, board, walk + [r]) for r in remaining)
            if self._best(point, board, walk + [room]) < best:
                return "reject"
            walk.append(room)
        return "accept"

    def certified_moves(self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str]) -> list[str]:
        """The longest chain of certified moves after ``prefix`` (each provably on an optimal tour)."""
        _, lo, hi = self._matrices(beliefs, board)
        walk = list(prefix)
        chain: list[str] = []
        while len(board.remaining(walk)) > 1:
            bounds = self._step_bounds(lo, hi, board, walk)
            certified = [r for r in bounds if self._step_verdict(bounds, r) == "accept"]
            if not certified:
                break
            room = max(certified, key=lambda r: (bounds[r][0], -board.idx(r)))
            chain.append(room)
            walk.append(room)
        return chain

    def next_moves(
        self,
        beliefs: TravelingAdventurersBeliefs,
        board: Board,
        prefix: list[str],
        refused: frozenset[str] = frozenset(),
    ) -> list[str]:
        chain = self.certified_moves(beliefs, board, prefix)
        if chain and chain[0] not in refused:
            return chain
        rejected = beliefs.tracker.rejected_at(prefix) | refused
        tour = self.ibp(beliefs, board, prefix)
        choice = tour[len(prefix)]
        if choice in rejected:
            point, _, _ = self._matrices(beliefs, board)
            options = [r for r in board.remaining(prefix) if r not in rejected]
            if options:
                choice = max(options, key=lambda r: (self._best(point, board, prefix + [r]), -board.idx(r)))
        return [choice]

    def _competing_tours(
        self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str]
    ) -> list[list[str]]:
        """The best tour (point estimate) through each possible next room, best first."""

        def compute() -> list[list[str]]:
            point, _, _ = self._matrices(beliefs, board)
            tours = []
            for room in board.remaining(prefix):
                solution = self._solve(point, board, prefix + [room])
                tours.append((solution.value, [board.rooms[i] for i in solution.tour]))
            tours.sort(key=lambda t: -t[0])
            return [t for _, t in tours]

        return self._remember(("tours", tuple(prefix), self._knowledge(beliefs, board)), compute)  # type: ignore[return-value]

    def coins_to_share(
        self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], proposal: list[str]
    ) -> list[tuple[str, str]]:
        """Own coins on the hallways of the competing tours, from the current room outwards: these
        are the coins that can change which tour the partner finds best."""
        edges: list[tuple[str, str]] = []
        seen: set[frozenset[str]] = set()
        tours = self._competing_tours(beliefs, board, prefix)
        for position in range(len(prefix) - 1, len(board.rooms)):
            for tour in tours:
                if position + 1 < len(tour):
                    u, v = tour[position], tour[position + 1]
                    if edge_key(u, v) not in seen:
                        seen.add(edge_key(u, v))
                        edges.append((u, v))
        return edges

    def coins_to_ask(
        self, beliefs: TravelingAdventurersBeliefs, board: Board, prefix: list[str], proposal: list[str]
    ) -> list[tuple[str, str]]:
        """Unknown partner coins ranked by value of information: first those whose extreme values
        (1 or 10) change the next move of the IBP, then those that change the IBP at all, then the
        rest of the competing tours' hallways."""
        point, _, _ = self._matrices(beliefs, board)
        base = self.ibp(beliefs, board, prefix)
        live = set(board.remaining(prefix)) | {prefix[-1], board.start}
        scored: list[tuple[int, int, tuple[str, str]]] = []
        order = {edge_key(*e): k for k, e in enumerate(self.coins_to_share(beliefs, board, prefix, proposal))}
        for i, u in enumerate(board.rooms):
            for j in range(i + 1, len(board.rooms)):
                v = board.rooms[j]
                if u not in live or v not in live or beliefs.partner.known(u, v) is not None:
                    continue
                if {u, v} == {prefix[-1], board.start} and len(board.remaining(prefix)) > 0:
                    continue  # the hallway straight home is only used at the very end
                rank = 2
                for extreme in (MIN_COINS, MAX_COINS):
                    probe = point.copy()
                    probe[i, j] = probe[j, i] = board.own[i, j] + extreme
                    tour = [board.rooms[k] for k in self._solve(probe, board, prefix).tour]
                    if tour[len(prefix)] != base[len(prefix)]:
                        rank = 0
                    elif tour != base:
                        rank = min(rank, 1)
                scored.append((rank, order.get(edge_key(u, v), len(order)), (u, v)))
        scored.sort()
        return [e for _, _, e in scored]
