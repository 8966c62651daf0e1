"""Conversion between a :class:`~games.overcooked.kitchen.Kitchen` and overcooked-ai 1.1.0's
``OvercookedState.to_dict()`` (JSON form: tuples become lists), the shape of the golden files.

============== ===================================================================================
upstream key   from
============== ===================================================================================
players        ``[{"position", "orientation", "held_object"}]`` per chef
objects        the unheld objects; a soup adds ``_ingredients`` (each ``{"name", "position"}`` at
               the soup's cell), ``cooking_tick`` and ``_cooking_tick``, ``is_idle``,
               ``is_cooking``, ``is_ready``, ``cook_time`` (-1 while idle, else 20)
all_orders     the one order of the paper layouts, three onions
bonus_orders   none
timestep       the timestep
============== ===================================================================================

Upstream lists ``objects`` in its dict's insertion order, which carries no meaning (the dict is keyed
by position); :func:`to_upstream_dict` lists them row-major, so compare them keyed by position.
"""

from __future__ import annotations

from typing import Any

from games.overcooked.kitchen import COOK_TIME, RECIPE, SOUP, Chef, Kitchen, Obj, row_major


def object_dict(obj: Obj) -> dict[str, Any]:
    """``obj`` as upstream's ``ObjectState.to_dict()`` / ``SoupState.to_dict()`` (JSON form)."""
    position = list(obj.position)
    out: dict[str, Any] = {"name": obj.name, "position": position}
    if obj.name == SOUP:
        out["_ingredients"] = [{"name": name, "position": position} for name in obj.ingredients]
        out["cooking_tick"] = out["_cooking_tick"] = obj.cooking_tick
        out["is_cooking"] = obj.is_cooking
        out["is_ready"] = obj.is_ready
        out["is_idle"] = obj.is_idle
        out["cook_time"] = -1 if obj.is_idle else COOK_TIME
    return out


def to_upstream_dict(kitchen: Kitchen) -> dict[str, Any]:
    """``kitchen`` as upstream's ``OvercookedState.to_dict()`` in JSON form (objects row-major)."""
    return {
        "players": [
            {
                "position": list(chef.position),
                "orientation": list(chef.orientation),
                "held_object": None if chef.held is None else object_dict(chef.held),
            }
            for chef in kitchen.chefs
        ],
        "objects": [object_dict(obj) for obj in kitchen.objects],
        "bonus_orders": [],
        "all_orders": [{"ingredients": list(RECIPE)}],
        "timestep": kitchen.timestep,
    }


def _object(data: dict[str, Any]) -> Obj:
    position = (int(data["position"][0]), int(data["position"][1]))
    if data["name"] != SOUP:
        return Obj(str(data["name"]), position)
    ingredients = tuple(str(i["name"]) for i in data["_ingredients"])
    return Obj(SOUP, position, ingredients, int(data["cooking_tick"]))


def from_upstream_dict(data: dict[str, Any]) -> Kitchen:
    """A kitchen from upstream's ``OvercookedState.to_dict()`` (JSON form), e.g. a golden start state.

    Raises:
        ValueError: the dict is not a two-player state of onions, dishes and onion soups.
    """
    try:
        players = data["players"]
        if len(players) != 2:
            raise ValueError(f"expected 2 players, not {len(players)}")
        chefs = tuple(
            Chef(
                (int(p["position"][0]), int(p["position"][1])),
                (int(p["orientation"][0]), int(p["orientation"][1])),
                None if p["held_object"] is None else _object(p["held_object"]),
            )
            for p in players
        )
        objects = tuple(sorted((_object(o) for o in data["objects"]), key=row_major))
        return Kitchen((chefs[0], chefs[1]), objects, int(data["timestep"]))
    except (KeyError, TypeError, IndexError) as err:
        raise ValueError(f"not an upstream Overcooked state dict: {type(err).__name__} {err}") from None
