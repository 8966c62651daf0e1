"""The facts ``accord eval parse`` scores for the DialOp tasks' acts (see each labelling guide).

Optimization: one fact per act, as written (cells, ratings, unseen cells, questions, bounds).

Planning: a feature preference is one fact per value and polarity (a boolean feature's "want X" is
the liked value ``True`` however strictly it is said); a wish for sites is one fact per site;
proposals, questions, verdicts, opinions and scores are one fact each.

Mediation: levels said in words map onto numbers by convention ("very important" = 9), so the
scales are compared in bands: importance and arrival 0-3 / 4-6 / 7-10, price 0-6 / 7-13 / 14-20;
an event is its day, start and importance band; a stated usual fare is a fact of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent.parse_eval import Fact


def _band(value: int, scale: int) -> str:
    """``low``, ``mid`` or ``high`` on a 0..10 scale (0-3, 4-6, 7-10) or a 0..20 one (0-6, 7-13, 14-20)."""
    low, high = (3, 7) if scale == 10 else (6, 14)
    return "low" if value <= low else "high" if value >= high else "mid"


def planning_facts(acts: Sequence[Any], context: Any) -> list[Fact]:
    """The facts of DialOp Planning ``acts``."""
    out: list[Fact] = []
    for act in acts:
        data = act.to_json()
        kind = data.pop("act")
        if kind == "plan_feature":
            feature, liked, disliked = data["feature"], data.get("liked", []), data.get("disliked", [])
            if all(isinstance(v, bool) for v in [*liked, *disliked]) and (liked or disliked):
                good = True in liked or False in disliked
                out.append((kind, feature, True, "liked" if good else "disliked"))
            else:
                out += [(kind, feature, v, "liked") for v in liked] + [(kind, feature, v, "disliked") for v in disliked]
        elif kind == "plan_want_site":
            out += [(kind, site) for site in data["sites"]]
        else:
            out.append((kind, *(tuple(v) if isinstance(v, list) else v for _, v in sorted(data.items()))))
    return out


def mediation_facts(acts: Sequence[Any], context: Any) -> list[Fact]:
    """The facts of DialOp Mediation ``acts``."""
    out: list[Fact] = []
    for act in acts:
        data = act.to_json()
        kind = data.pop("act")
        if kind == "med_event":
            out.append((kind, data["day"], data["start"], _band(data["importance"], 10)))
        elif kind == "med_price":
            out.append((kind, _band(data["pref"], 20)))
            if data.get("mean") is not None:
                out.append(("med_price_mean", data["mean"]))
        elif kind == "med_arrival":
            out.append((kind, _band(data["pref"], 10)))
        else:
            out.append((kind, *(v for _, v in sorted(data.items()))))
    return out
