"""RolePlanner: one preset, a planner per seat."""

from types import SimpleNamespace

import numpy as np
import pytest

from language.acts import Intent
from planners.base import NullPlanner, RolePlanner


class _Proposer:
    def plan(self, beliefs, observation, rng):
        return Intent(actions=["propose"])

    def final_proposal(self, beliefs, observation):
        return "best"


def test_each_role_gets_its_own_planner_and_final_proposals_go_to_the_proposer():
    planner = RolePlanner({"user": NullPlanner(), "assistant": _Proposer()})
    rng = np.random.default_rng(0)
    assert planner.plan(None, SimpleNamespace(role="assistant"), rng).actions == ["propose"]
    assert planner.plan(None, SimpleNamespace(role="user"), rng) == Intent()
    assert planner.final_proposal(None, SimpleNamespace(role="assistant")) == "best"
    with pytest.raises(ValueError, match="'user' planner makes no proposals"):
        planner.final_proposal(None, SimpleNamespace(role="user"))


def test_an_unknown_role_or_no_roles_is_a_clear_error():
    with pytest.raises(ValueError, match="at least one role"):
        RolePlanner({})
    planner = RolePlanner({"user": NullPlanner()}, role_of=lambda obs: obs.role.split("-")[0])
    assert planner.plan(None, SimpleNamespace(role="user-1"), np.random.default_rng(0)) == Intent()
    with pytest.raises(ValueError, match="no planner for the role 'referee'; roles: user"):
        planner.plan(None, SimpleNamespace(role="referee"), np.random.default_rng(0))
