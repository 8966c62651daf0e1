"""The belief store: partner model, agreement tracking (with backtracking) and its null twins."""

from beliefs.traveling_adventurers import AgreementTracker, HistoryTracker, NullPartnerModel, PartnerModel, edge_key
from language.acts import Agree, Ask, End, Inform, Reject, Suggest


def test_partner_model_records_partner_coins_and_what_we_told():
    model = PartnerModel()
    model.update([Inform(edge=("L", "E"), coins=6), Ask(edge=("L", "B"))], mine=False)
    model.update([Inform(edge=("B", "L"), coins=3), Ask(edge=("E", "K"))], mine=True)
    assert model.known("E", "L") == 6 and model.known("L", "B") is None
    assert edge_key("L", "B") in model.told and model.open_questions == []
    assert edge_key("K", "E") in model.asked


def test_null_partner_model_hears_no_coins():
    model = NullPartnerModel()
    model.update([Inform(edge=("L", "E"), coins=6), Ask(about="best_next")], mine=False)
    assert model.known("L", "E") is None and model.partner_coins == {}
    assert model.open_questions == [Ask(about="best_next")]


def test_agreement_needs_both_sides():
    t = AgreementTracker(start="L")
    t.update([Suggest(path=["L", "E"])], mine=True)
    assert t.visited == ["L"]
    t.update([Agree()], mine=False)
    assert t.visited == ["L", "E"]
    t.update([Suggest(path=["E", "K", "A"])], mine=False)
    assert t.partner_pending.path == ["E", "K", "A"]
    t.update([Agree(path=["E", "K", "A"])], mine=True)
    assert t.visited == ["L", "E", "K", "A"] and t.partner_pending is None


def test_rejection_is_remembered_per_prefix_and_counter_proposal_replaces_ours():
    t = AgreementTracker(start="L")
    t.update([Suggest(path=["L", "E"])], mine=True)
    t.update([Reject(), Suggest(path=["L", "C"])], mine=False)
    assert t.rejected_at(["L"]) == {"E"} and t.own_pending is None
    assert t.partner_pending.path == ["L", "C"]
    t.update([Reject(path=["L", "C"])], mine=True)
    assert t.rejected_at(["L"]) == {"E", "C"} and t.partner_pending is None


def test_full_path_suggestion_is_located_after_the_agreed_prefix():
    t = AgreementTracker(start="L", agreed=["L", "E"])
    t.update([Suggest(path=["L", "E", "A", "B"])], mine=False)
    assert t.partner_pending.path == ["E", "A", "B"] and t.partner_pending.base == 1


def test_partner_backtrack_revises_the_agreed_prefix_once_agreed():
    t = AgreementTracker(start="L", agreed=["L", "E", "A", "B"])
    t.update([Reject(path=["A", "B"]), Suggest(path=["E", "K"])], mine=False)
    assert t.partner_pending.base == 1
    assert t.visited == ["L", "E", "A", "B"]  # nothing changes before we agree
    t.update([Agree(path=["E", "K"])], mine=True)
    assert t.visited == ["L", "E", "K"]


def test_repeating_the_agreed_path_is_not_a_new_suggestion():
    t = AgreementTracker(start="L", agreed=["L", "E", "A"])
    t.update([Suggest(path=["L", "E"])], mine=False)
    assert t.partner_pending is None


def test_partner_final_path_and_our_rejection_of_it():
    t = AgreementTracker(start="L")
    tour = ["L", "E", "A", "B", "K", "C", "L"]
    t.update([End(path=tour)], mine=False)
    assert t.partner_final == tour
    t.update([Reject(path=tour)], mine=True)
    assert t.partner_final is None


def test_history_tracker_takes_suggestions_as_moves_and_forgets_old_rooms():
    t = HistoryTracker(start="L", memory=2)
    for path in (["L", "E"], ["E", "A"], ["A", "B"], ["B", "K"]):
        t.update([Suggest(path=path)], mine=True)
    assert t.path == ["L", "E", "A", "B", "K"]
    assert "E" not in t.visited and t.visited[-1] == "K" and "L" in t.visited
    t.update([Suggest(path=["C", "L"])], mine=False)  # not from where the walk stands: ignored
    assert t.path[-1] == "K"


def test_a_message_is_read_with_its_readers_pending_suggestion():
    """Issue 17: an agreement with nothing pending is no act, so our own message is read with the
    partner's pending suggestion (which it may accept), the partner's with ours."""
    from types import SimpleNamespace

    from beliefs.base import Utterance
    from beliefs.traveling_adventurers import TravelingAdventurersBeliefs

    beliefs = TravelingAdventurersBeliefs(NullPartnerModel(), AgreementTracker(start="L"), seat=0)
    observation = SimpleNamespace(
        rooms={"L": "living room", "E": "empty room", "K": "kitchen"},
        start="L",
        coin_kind="light",
        partner_coin_kind="ghost",
    )
    beliefs.update(Utterance(seat=1, acts=(Suggest(path=["L", "K"]),)))
    assert beliefs.context(observation, 0).last_suggestion == ["L", "K"]  # our reply may accept it
    assert beliefs.context(observation, 1).last_suggestion is None
    beliefs.update(Utterance(seat=0, acts=(Reject(), Suggest(path=["L", "E"]))))
    assert beliefs.context(observation, 1).last_suggestion == ["L", "E"]
    assert beliefs.context(observation, 0).last_suggestion is None
