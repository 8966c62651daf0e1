"""Issue 17, round 3b: DialOp Optimization facts that depend on earlier turns. Each test plays a short
dialogue through the belief store (which builds the parse context from the turns so far) and reads
the last message in that context, so it checks the store and the parser together. The shapes come
from the context misses of the round-3 dev batches (``optimization_dev.md``); the wording is new."""

from __future__ import annotations

from beliefs.base import Utterance
from beliefs.dialop_optimization import OptimizationBeliefs
from games.dialop.optimization_game import OptimizationGame
from language.dialop_optimization import OptimizationParser
from tests.language.test_dialop_optimization_round3 import fact_set

PARSER = OptimizationParser()
AVA, DANIEL, SOFIA, ANDREI, MORGAN, JOSEPH, ETHAN, NOAH = range(8)
BLEU, ELECTRA, GLOVE, GLUE, LLAMA, ROBERTA, QUAC, SWAG = range(8)


def read_after(turns: list[tuple[str, str]], message: str) -> set[tuple[object, ...]]:
    """The facts of ``message`` (by "them") after ``turns`` (("me" | "them", text) in order), read in
    the context the reader's belief store builds from those turns."""
    observation = OptimizationGame().new_initial_state(0).observation(0)
    beliefs = OptimizationBeliefs(observation)
    me, them = beliefs.seat, 1 - beliefs.seat
    for who, text in turns:
        seat = me if who == "me" else them
        acts = tuple(PARSER.parse(text, beliefs.context(observation, seat)))
        beliefs.update(Utterance(seat, acts, text))
    return fact_set(PARSER.parse(message, beliefs.context(observation, them)))


# ---- a group named in an earlier turn: "those", "those papers", "those 3" -------------------------


def test_those_papers_from_an_earlier_turn() -> None:
    turns = [("me", "I can't see anything on GloVe or on SWAG"), ("them", "ok"), ("me", "hmm")]
    assert read_after(turns, "Do you have any scores for those papers?") == {("ask", None, GLOVE), ("ask", None, SWAG)}


def test_those_after_the_other_side_listed_papers() -> None:
    turns = [("me", "Where could Noah go? Maybe LLaMA, QuAC or BLEU?")]
    assert read_after(turns, "He is pretty bad on those.") == {
        ("rate", NOAH, LLAMA, "low"),
        ("rate", NOAH, QUAC, "low"),
        ("rate", NOAH, BLEU, "low"),
    }


def test_those_two_takes_the_last_two_named() -> None:
    turns = [("me", "Not GLUE and not Electra for Ethan. I'd rather try RoBERTa or SWAG.")]
    assert read_after(turns, "Sofia is blank for me on those 2") == {
        ("unseen", SOFIA, ROBERTA),
        ("unseen", SOFIA, SWAG),
    }


def test_those_reviewers_on_a_paper() -> None:
    turns = [("me", "For QuAC I was thinking Joseph, Ava or Daniel")]
    assert read_after(turns, "those are all red for me on QuAC") == {
        ("rate", JOSEPH, QUAC, "low"),
        ("rate", AVA, QUAC, "low"),
        ("rate", DANIEL, QUAC, "low"),
    }


def test_those_named_in_the_same_message_stay_in_it() -> None:
    turns = [("me", "What about GloVe or SWAG?")]
    assert read_after(turns, "Ethan and Noah are bad at BLEU and Electra, those are my reds") == {
        ("rate", ETHAN, BLEU, "low"),
        ("rate", ETHAN, ELECTRA, "low"),
        ("rate", NOAH, BLEU, "low"),
        ("rate", NOAH, ELECTRA, "low"),
    }


# ---- a yes / no answering the other side's question about a cell ----------------------------------


def test_yes_to_an_unknown_question() -> None:
    assert read_after([("me", "Is Ava unknown on GloVe for you?")], "Yes, sadly") == {("unseen", AVA, GLOVE)}


def test_correct_to_a_good_question() -> None:
    turns = [("me", "is Noah good at BLEU on your side?")]
    assert read_after(turns, "correct, that's what I see") == {("rate", NOAH, BLEU, "high")}


def test_no_to_a_good_question() -> None:
    assert read_after([("me", "Is Sofia strong at QuAC?")], "No unfortunately") == {("rate", SOFIA, QUAC, "low")}


def test_no_to_an_unknown_question_says_nothing() -> None:
    assert read_after([("me", "Is Ava unknown on GloVe for you?")], "nope, sorry") == set()


def test_yes_with_nothing_asked_says_nothing() -> None:
    assert read_after([("me", "Ava is great on GloVe")], "yes that works for me") == set()


# ---- "is it dark green?": the cell under discussion ------------------------------------------------


def test_is_it_asks_the_cell_under_discussion() -> None:
    turns = [("me", "For LLaMA I would go with Morgan Reed")]
    assert read_after(turns, "Is it a dark green?") == {("ask", MORGAN, LLAMA)}


# ---- "there" / "that area": the cell named after the question -------------------------------------


def test_there_is_the_paper_named_after_the_question() -> None:
    turns = [("me", "What about BLEU? / I think Ethan would be great for SWAG.")]
    assert read_after(turns, "Ethan is very green for me there too") == {("rate", ETHAN, SWAG, "high")}


def test_that_area_is_the_cell_named_after_the_question() -> None:
    turns = [("me", "How do you feel about Sofia on BLEU? / I think Joseph would be a good fit for GLUE.")]
    assert read_after(turns, "I am blank in that area, so I trust you") == {("unseen", JOSEPH, GLUE)}


def test_there_answers_the_question_when_nothing_follows_it() -> None:
    assert read_after([("me", "Who is good for SWAG?")], "Ethan is dark green there") == {("rate", ETHAN, SWAG, "high")}


# ---- "X on Y is good for me" answering a question about Y ------------------------------------------


def test_good_for_me_answering_who_is_best() -> None:
    turns = [("me", "Who looks best for RoBERTa on your board?")]
    assert read_after(turns, "Andrei on RoBERTa is good for me") == {("rate", ANDREI, ROBERTA, "high")}


def test_good_for_me_after_a_proposal_agrees() -> None:
    turns = [("me", "How about Andrei on RoBERTa?")]
    assert read_after(turns, "Andrei on RoBERTa is good for me") == set()


# ---- a pronoun does not pick a reviewer named as already placed ------------------------------------
def test_he_skips_the_reviewer_already_placed() -> None:
    message = "Noah would be good at GLUE, but since we already have Andrei there... I think the next best option is Electra. If that fails, he'd also be a good option for BLEU"
    assert read_after([], message) == {("rate", NOAH, GLUE, "high"), ("rate", NOAH, BLEU, "high")}


def test_he_skips_the_reviewer_already_on_it() -> None:
    message = "Ethan is strong on QuAC, but we already have Joseph on it. He would also be good for LLaMA"
    assert read_after([], message) == {("rate", ETHAN, QUAC, "high"), ("rate", ETHAN, LLAMA, "high")}
