"""Compact constructors for expected acts, shared by the language tests."""

from games.traveling_adventurers import ROOM_CATALOGUE
from language.acts import Act, Agree, Ask, End, Inform, Reject, Suggest

ROOMS6 = dict(list(ROOM_CATALOGUE.items())[:6])  # the paper's board: L E B K C A


def S(path: str) -> Act:
    return Suggest(path=list(path))


def Y(path: str | None = None) -> Act:
    return Agree(path=list(path) if path else None)


def N(path: str | None = None) -> Act:
    return Reject(path=list(path) if path else None)


def I(edge: str, coins: int) -> Act:  # noqa: E743
    return Inform(edge=(edge[0], edge[1]), coins=coins)


def Q(edge: str) -> Act:
    return Ask(edge=(edge[0], edge[1]))


BEST = Ask(about="best_next")


def E(path: str) -> Act:
    return End(path=list(path))


TOUR = "LEABKCL"
