"""The belief store of a Gnomes at Night player: what it has learnt about its partner's side.

* The **hidden-information dictionary** (Chen et al., AISMCTS-F): for every cell, the moves the
  partner refused there. A refusal of a move from cell ``c`` also rules out the opposite move from
  the neighbouring cell (a wall has two faces). A move the partner actually made clears the fact.
  The walls never change, so the dictionary lives across rounds.
* The **treasure belief** when the treasure is on the partner's side: uniform over the cells the
  token has not visited this round, sharpened by what the partner said: a direction hint ("the
  treasure is down and to the left") keeps the cells on that side of the token, and a move request
  from a partner who sees the treasure favours the cells that way.
* The flags in flight: the partner's latest flag, our last request (cell and move), an open question.

The store reads only the ego's observation and the partner's parsed messages, never the partner's
walls or hidden treasure.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from beliefs.base import SeatedBeliefs, Utterance
from games.gnomes_at_night import MOVE_DELTAS, MoveAction, move_of, open_moves
from language.acts import Intent
from language.flags import MOVES, Flag, FlagContext

OPPOSITE = (0, 3, 4, 1, 2)  # stay, right<->left, up<->down
HINT_KEEP = 0.05  # weight left on cells a direction hint rules out (people misjudge directions)
REQUEST_FAVOUR = 3.0  # weight gained by cells in the direction a treasure-seeing partner requests


class GnomesBeliefs(SeatedBeliefs):
    """Belief store of one Gnomes at Night player (see the module docstring)."""

    def __init__(self, observation: Any) -> None:
        self.take_seat(observation)
        self.size: int = observation.size
        self.player: int = observation.seat
        self.own_open = open_moves(np.array(observation.vertical), np.array(observation.horizontal))
        self.rejected = np.zeros((self.size, self.size, 5), dtype=bool)
        self.partner_moved = np.zeros((self.size, self.size, 5), dtype=bool)
        self.round = 0
        self._new_round(observation)

    # ---- rounds and the public path ------------------------------------------------------------
    def _new_round(self, observation: Any) -> None:
        self.round = observation.round
        self.weights = np.ones((self.size, self.size))
        self.visited: set[tuple[int, int]] = {tuple(observation.start)}
        self.partner_flag: Flag | None = None
        self.last_request: tuple[tuple[int, int], int] | None = None
        self.question_open = False
        self.asked = False  # we asked a question this round
        self.hinted = False  # the partner said something about the treasure this round
        self.token: tuple[int, int] = tuple(observation.start)
        self._lines = 0

    def observe(self, observation: Any) -> None:
        """Follow the token through the round's public moves; the partner's moves teach open paths."""
        if observation.round != self.round:
            self._new_round(observation)
        cell = tuple(observation.start) if self._lines == 0 else self.token
        for line in observation.chat[self._lines :]:
            move = MOVES.index(move_of(line))
            if not self.is_own(line.seat) and move:
                self._learn_open(cell, move)
            cell = (cell[0] + MOVE_DELTAS[move][0], cell[1] + MOVE_DELTAS[move][1])
            self.visited.add(cell)
        self._lines = len(observation.chat)
        self.token = tuple(observation.token)

    def _learn_open(self, cell: tuple[int, int], move: int) -> None:
        self.partner_moved[cell[1], cell[0], move] = True
        self.rejected[cell[1], cell[0], move] = False
        other = (cell[0] + MOVE_DELTAS[move][0], cell[1] + MOVE_DELTAS[move][1])
        if self._inside(other):
            self.partner_moved[other[1], other[0], OPPOSITE[move]] = True
            self.rejected[other[1], other[0], OPPOSITE[move]] = False

    def _inside(self, cell: tuple[int, int]) -> bool:
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def record_rejection(self, cell: tuple[int, int], move: int) -> None:
        """The partner refused ``move`` at ``cell``: remember it, and the mirrored fact next door."""
        if move == 0 or self.partner_moved[cell[1], cell[0], move]:
            return  # staying is always possible; a move we saw it make is open
        self.rejected[cell[1], cell[0], move] = True
        other = (cell[0] + MOVE_DELTAS[move][0], cell[1] + MOVE_DELTAS[move][1])
        if self._inside(other):
            self.rejected[other[1], other[0], OPPOSITE[move]] = True

    # ---- the belief store protocol --------------------------------------------------------------
    def update(self, utterance: Utterance) -> None:
        """Take in the flags of one message (the partner's, parsed; or our own, as planned)."""
        acts, mine = list(utterance.acts), self.is_own(utterance.seat)
        for act in acts:
            if not isinstance(act, Flag):
                continue
            if mine:  # our requests are recorded by record_own, which knows their cell
                if act.is_question:
                    self.question_open = self.asked = True
                continue
            self.partner_flag = act
            if act.flag == "reject" and self.last_request is not None:
                cell, move = self.last_request
                if act.move is None or act.move == MOVES[move]:
                    self.record_rejection(cell, move)
                self.last_request = None
            if act.flag == "inquiry" and (act.blocked is not None or act.treasure is not None):
                self.question_open = False  # our question was answered (walls, or where the treasure is)
            if act.treasure is not None:
                self._hint(act.treasure.dx, act.treasure.dy)
                self.hinted = True
            elif act.is_move and act.flag != "stay":
                self._favour(MOVES.index(act.flag))
                self.hinted = True

    def record_own(self, intent: Intent) -> None:
        """Take in our own turn: the partner's flag is answered, our question is open, and a move we
        request of the partner is remembered with the cell it applies to (the one our own move
        reaches), so that its refusal teaches a wall."""
        self.partner_flag = None
        self.update(Utterance(self.seat, tuple(intent.acts), intent.message or ""))
        for act in intent.acts:
            if isinstance(act, Flag) and act.is_move:
                own = next((MOVES.index(a.move) for a in intent.actions if isinstance(a, MoveAction)), 0)
                cell = (self.token[0] + MOVE_DELTAS[own][0], self.token[1] + MOVE_DELTAS[own][1])
                self.last_request = (cell, MOVES.index(act.flag))

    def _cells(self) -> tuple[np.ndarray, np.ndarray]:
        ys, xs = np.mgrid[0 : self.size, 0 : self.size]
        return xs - self.token[0], ys - self.token[1]

    def _hint(self, dx: int, dy: int) -> None:
        offx, offy = self._cells()
        keep = np.ones_like(self.weights, dtype=bool)
        if dx:
            keep &= np.sign(offx) == dx
        if dy:
            keep &= np.sign(offy) == dy
        self.weights = np.where(keep, self.weights, self.weights * HINT_KEEP)

    def _favour(self, move: int) -> None:
        offx, offy = self._cells()
        dx, dy = MOVE_DELTAS[move]
        toward = (offx * dx + offy * dy) > 0
        self.weights = np.where(toward, self.weights * REQUEST_FAVOUR, self.weights)

    def treasure_belief(self, observation: Any) -> np.ndarray:
        """``[y, x]`` probabilities of the treasure cell (one-hot when the ego sees it)."""
        belief = np.zeros((self.size, self.size))
        if observation.treasure is not None:
            x, y = observation.treasure
            belief[y, x] = 1.0
            return belief
        belief[:] = self.weights
        for x, y in self.visited | {self.token}:
            belief[y, x] = 0.0
        total = belief.sum()
        if total <= 0:  # every cell ruled out (a partner's mistake): fall back to uniform
            belief[:] = 1.0
            total = belief.sum()
        return belief / total

    def context(self, observation: Any, author_seat: int) -> FlagContext:
        """The language-layer context: our last request (which a bare "ok" accepts), the token."""
        request = (
            MOVES[self.last_request[1]] if self.last_request is not None and not self.is_own(author_seat) else None
        )
        return FlagContext(last_request=request, token=tuple(observation.token), size=self.size)
