"""Tests of the DialOp Optimization rule parser and template renderer."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dialop.base import Accept, Propose, Reject
from games.dialop.data import load_recorded
from games.dialop.optimization import Assignment
from games.dialop.optimization_game import paper_names, reviewer_names
from language.acts import Intent
from language.dialop_optimization import (
    OptAsk,
    OptCell,
    OptimizationContext,
    OptimizationParser,
    OptimizationRenderer,
    OptNoneAbove,
    OptRate,
    OptUnseen,
    requested_level,
    short_name,
)


def context(k: int = 8) -> OptimizationContext:
    return OptimizationContext(reviewers=tuple(reviewer_names(k)), papers=tuple(paper_names(k)))


PARSER = OptimizationParser()
CTX = context()


def cells(message: str, ctx: OptimizationContext = CTX) -> list[tuple[int, int, int]]:
    return [(a.reviewer, a.paper, a.value) for a in PARSER.parse(message, ctx) if isinstance(a, OptCell)]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Ava Li on BLEU: 61", [(0, 0, 61)]),
        ("I have 40 for Ava on BLEU", [(0, 0, 40)]),
        ("I have sofia patel at 700 fo glue. ava li also for glue at 686", [(2, 3, 700), (0, 3, 686)]),
        ("noah is green in BLEU at 672, LLaMA at 629", [(7, 0, 672), (7, 4, 629)]),
        ("Morgan/341/green/ llama / Joseph /238/swag", [(4, 4, 341), (5, 7, 238)]),
        ("Ehan Swag : 590 / Morgan Electra", [(6, 7, 590)]),
        ("daniel nguyen green for RoBERTs at 467", [(1, 5, 467)]),
        ("Joseph Santos looks like a great fit for GloVe / with a score of 365", [(5, 2, 365)]),
        ("BLEU: Ava 80, Noah 70.", [(0, 0, 80), (7, 0, 70)]),
    ],
)
def test_human_cell_reports(message: str, expected: list[tuple[int, int, int]]) -> None:
    assert cells(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "Noah is 9/10 / Daniel is 10/10",
        "We get 4-5 dark greens",
        "Ethan scored excellent for the 8th, SWAG.",
        "For those 3 papers, is Morgan a better fit on any of them?",
        "My #1 is Ethan SMith for LLAMA.",
        "I think Ethan is better than Noah on BLEU",
        "wow Ethan is also great at Roberta / like REALLY GOOD / at all 4",
        "I think thats 4 early locks with Ava on BLEU",
        "would you say 9 or 10 out of 10 on Sofia on BLEU?",
        "",
        "\x00\x01 ??? 12345678901234567890",
    ],
)
def test_numbers_that_are_not_values(message: str) -> None:
    assert cells(message) == []


def test_none_above_and_question() -> None:
    acts = PARSER.parse("Nothing else above 600. Do you see any options for swag?", CTX)
    assert acts == [OptNoneAbove(value=600), OptAsk(paper=7)]
    assert PARSER.parse("All my others are below 231.", CTX) == [OptNoneAbove(value=231)]
    assert PARSER.parse("What do you have for Ava on BLEU?", CTX) == [OptAsk(reviewer=0, paper=0)]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Ava is amazing at SWAG / Joseph is almost as amazing at GLUE", [(0, 7, "high"), (5, 3, "high")]),
        ("Oof, that leaves Ava on Swag which I can see is bad", [(0, 7, "low")]),
        ("Sofia is above average on Quac and Daniel is above average on swag", [(2, 6, "high"), (1, 7, "high")]),
        ("wow Ethan is also great at Electra Glove and Roberta", [(6, 1, "high"), (6, 2, "high"), (6, 5, "high")]),
        ("the only info I have for Glue is that Ethan is not so good at it", [(6, 3, "low")]),
        ("Noah is dark green on LLaMa and Morgan is dark green on GLEU", [(7, 4, "high")]),
        ("Ava, Daniel and Ethan are all red on BLEU", [(0, 0, "low"), (1, 0, "low"), (6, 0, "low")]),
        ("Joseph 6/10 on BLEU", []),
        ("Is Morgan good at BLEU?", []),
    ],
)
def test_human_ratings(message: str, expected: list[tuple[int, int, str]]) -> None:
    rates = [(a.reviewer, a.paper, a.level) for a in PARSER.parse(message, CTX) if isinstance(a, OptRate)]
    assert rates == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("No value for Andrei on GLUE.", [(3, 3)]),
        ("I don't see Ava on BLEU or Noah on SWAG", [(0, 0), (7, 7)]),
        ("I have no info on Ethan for Roberta", [(6, 5)]),
        ("Do you see Ava on BLEU?", []),
    ],
)
def test_unseen_cells(message: str, expected: list[tuple[int, int]]) -> None:
    got = [(a.reviewer, a.paper) for a in PARSER.parse(message, CTX) if isinstance(a, OptUnseen)]
    assert got == expected


def test_generic_names_beyond_eight() -> None:
    ctx = context(11)
    assert cells("Reviewer 9: Paper 10 55, Paper 11 60. Ava: Paper 9 3.", ctx) == [
        (8, 9, 55),
        (8, 10, 60),
        (0, 8, 3),
    ]


def test_never_raises_on_recorded_messages_and_reads_their_values() -> None:
    messages = [
        e["message"]["data"] for g in load_recorded("optimization") for e in g["action_log"] if e["type"] == "message"
    ]
    read = [m for m in messages if cells(m)]
    assert len(read) >= 7  # the numeric cell reports (most digits are ratings, ordinals or counts)
    for message in messages:
        PARSER.parse(message, CTX)


def test_short_names() -> None:
    assert short_name(CTX.reviewers, 0) == "Ava"
    assert short_name(reviewer_names(10), 9) == "Reviewer 10"


def test_renderer_cues_and_grouping() -> None:
    rng = np.random.default_rng(0)
    renderer = OptimizationRenderer()
    text = renderer.render(
        Intent(acts=[OptCell(reviewer=0, paper=0, value=80), OptCell(reviewer=0, paper=2, value=75)]), CTX, rng
    )
    assert text == "Ava: BLEU 80, GloVe 75."
    assert renderer.render(Intent(actions=[Accept()]), CTX, rng)
    assert renderer.render(Intent(actions=[Reject()]), CTX, rng)
    assert renderer.render(Intent(actions=[Propose(proposal=Assignment(tuple(range(8))))]), CTX, rng)
    assert renderer.render(Intent(), CTX, rng) == ""


@st.composite
def act_lists(draw: st.DrawFn) -> tuple[int, list]:
    k = draw(st.integers(1, 12))
    keys = draw(st.lists(st.tuples(st.integers(0, k - 1), st.integers(0, k - 1)), unique=True, max_size=10))
    acts: list = [OptCell(reviewer=r, paper=p, value=draw(st.integers(0, 1000))) for r, p in keys]
    rated = draw(st.lists(st.tuples(st.integers(0, k - 1), st.integers(0, k - 1)), unique=True, max_size=4))
    acts += [OptRate(reviewer=r, paper=p, level=draw(st.sampled_from(["high", "low"]))) for r, p in rated]
    unseen = draw(st.lists(st.tuples(st.integers(0, k - 1), st.integers(0, k - 1)), unique=True, max_size=2))
    acts += [OptUnseen(reviewer=r, paper=p) for r, p in unseen]
    if draw(st.booleans()):
        acts.append(OptNoneAbove(value=draw(st.integers(0, 1000))))
    if draw(st.booleans()):
        r = draw(st.one_of(st.none(), st.integers(0, k - 1)))
        p = draw(st.integers(0, k - 1)) if r is None else draw(st.one_of(st.none(), st.integers(0, k - 1)))
        acts.append(OptAsk(reviewer=r, paper=p))
    return k, acts


def _key(act: object) -> str:
    return repr(act)


@settings(max_examples=200, deadline=None)
@given(act_lists(), st.integers(0, 2**32 - 1))
def test_round_trip(data: tuple[int, list], seed: int) -> None:
    k, acts = data
    ctx = context(k)
    text = OptimizationRenderer().render(Intent(acts=acts), ctx, np.random.default_rng(seed))
    assert sorted(PARSER.parse(text, ctx), key=_key) == sorted(acts, key=_key)


# ---- issue 17: real human text (the category tests; each was written before the fix) ---------------


def facts(message: str, ctx: OptimizationContext = CTX) -> list[tuple]:
    """The acts of ``message`` as comparable tuples, in order."""
    out: list[tuple] = []
    for act in PARSER.parse(message, ctx):
        if isinstance(act, OptRate):
            out.append(("rate", act.reviewer, act.paper, act.level))
        elif isinstance(act, OptUnseen):
            out.append(("unseen", act.reviewer, act.paper))
        elif isinstance(act, OptAsk):
            out.append(("ask", act.reviewer, act.paper))
        elif isinstance(act, OptCell):
            out.append(("cell", act.reviewer, act.paper, act.value))
        else:
            out.append(("none_above", act.value))
    return out


def dialogue(**fields: object) -> OptimizationContext:
    """The default names with dialogue state (last names, last question, latest proposal)."""
    return OptimizationContext(reviewers=CTX.reviewers, papers=CTX.papers, **fields)  # type: ignore[arg-type]


EVERY = range(8)


@pytest.mark.parametrize(
    ("message", "ctx", "expected"),
    [
        ("He is blank for me there.", dialogue(last_reviewer=7, last_paper=6), [("unseen", 7, 6)]),
        ("I have him as dark green on it", dialogue(last_reviewer=7, last_paper=6), [("rate", 7, 6, "high")]),
        ("Sofia is terrible for that paper", dialogue(last_paper=1), [("rate", 2, 1, "low")]),
        ("Honestly she is really good there", dialogue(last_reviewer=2, last_paper=7), [("rate", 2, 7, "high")]),
        ("Ava is great on GloVe. Same for Ethan.", CTX, [("rate", 0, 2, "high"), ("rate", 6, 2, "high")]),
        ("Ava is unknown for me in this proposal", dialogue(proposal=(1, 0, 2, 3, 4, 5, 6, 7)), [("unseen", 0, 1)]),
        (
            "Noah is red for me in that proposal",
            dialogue(proposal=(1, 0, 2, 3, 4, 5, 6, 7)),
            [("rate", 7, 7, "low")],
        ),
        ("I believe Sofia would be a good fit.", dialogue(questions=(OptAsk(paper=1),)), [("rate", 2, 1, "high")]),
        ("He's dark green for me", dialogue(questions=(OptAsk(reviewer=1, paper=6),)), [("rate", 1, 6, "high")]),
    ],
)
def test_dialogue_context(message: str, ctx: OptimizationContext, expected: list[tuple]) -> None:
    assert facts(message, ctx) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Morgan on BLEU is blank for me", [("unseen", 4, 0)]),
        ("Ava on QuAC: unknown", [("unseen", 0, 6)]),
        ("zero information on Daniel", [("unseen", 1, p) for p in EVERY]),
        (
            "Joseph is bad at GLUE, no info on the rest",
            [("rate", 5, 3, "low")] + [("unseen", 5, p) for p in EVERY if p != 3],
        ),
        ("I don't have any info on LLaMA", [("unseen", r, 4) for r in EVERY]),
        (
            "I know nothing about Ethan except that he is great at BLEU",
            [("rate", 6, 0, "high")] + [("unseen", 6, p) for p in EVERY if p != 0],
        ),
        ("Noah is blank everywhere besides GLUE", [("unseen", 7, p) for p in EVERY if p != 3]),
    ],
)
def test_unseen_cells_and_their_scope(message: str, expected: list[tuple]) -> None:
    assert sorted(facts(message)) == sorted(expected)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("What do you have for Ava and Noah?", [("ask", 0, None), ("ask", 7, None)]),
        ("Any greens on GLUE or SWAG?", [("ask", None, 3), ("ask", None, 7)]),
        ("How do Ethan and Sofia look on RoBERTa?", [("ask", 6, 5), ("ask", 2, 5)]),
        (
            "what info do you have on Morgan, Joseph or Daniel",
            [("ask", 4, None), ("ask", 5, None), ("ask", 1, None)],
        ),
        ("How does Noah sound for QuAC?", [("ask", 7, 6)]),
        ("Who would you pick for the second row?", [("ask", None, 1)]),
    ],
)
def test_questions_over_several_names(message: str, expected: list[tuple]) -> None:
    assert facts(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "let's put Ava on BLEU",
        "Joseph for GloVe?",
        "I like Morgan for Electra",
        "Noah on QuAC works for me",
        "Can we lock Daniel into GLUE?",
        "How about Sofia for SWAG?",
        "are you okay with Ethan on LLaMA?",
        "I'm liking Andrei for RoBERTa",
        "Sounds good, Ava on GloVe then",
    ],
)
def test_proposals_are_not_ratings(message: str) -> None:
    assert facts(message) == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Ava would be good for SWAG", [("rate", 0, 7, "high")]),
        ("Andrei would be a great fit for QuAC", [("rate", 3, 6, "high")]),
        ("Ethan is slightly above average on BLEU", [("rate", 6, 0, "high")]),
        ("Noah CANNOT be on Electra", [("rate", 7, 1, "low")]),
        ("Joseph is pink on SWAG", [("rate", 5, 7, "low")]),
        ("Morgan has LLaMA on lock", [("rate", 4, 4, "high")]),
        ("Sofia is 8/10 on GLUE", [("rate", 2, 3, "high")]),
        ("Morgan is average on GloVe", []),
        ("Daniel is mid at LLaMA", []),
        ("Sofia could handle Electra", []),
        ("Ethan is better at GloVe than LLaMA", []),
        ("Ava is decent but not great on QuAC", []),
        ("Ava is good at BLEU, but not good at GLUE", [("rate", 0, 0, "high"), ("rate", 0, 3, "low")]),
        ("Dan is great on BiLEU", [("rate", 1, 0, "high")]),
        ("Jo is bad at GioVe", [("rate", 5, 2, "low")]),
        ("Santos is solid on Roverta", [("rate", 5, 5, "high")]),
        ("Blue: Noah is dark green", [("rate", 7, 0, "high")]),
        (
            "Andrei Petrov would be good for BLEU. Ethan Smith Electra.",
            [("rate", 3, 0, "high"), ("rate", 6, 1, "high")],
        ),
    ],
)
def test_rating_conventions(message: str, expected: list[tuple]) -> None:
    assert facts(message) == expected


@pytest.mark.parametrize(
    ("message", "ctx", "expected"),
    [
        # a pronoun takes the last reviewer it fits ("he" is not Ava)
        (
            "Ava is great at GLUE, Ethan too. She is red on BLEU",
            CTX,
            [("rate", 0, 3, "high"), ("rate", 6, 3, "high"), ("rate", 0, 0, "low")],
        ),
        ("Ava is great at GLUE. He is red there", CTX, [("rate", 0, 3, "high")]),
        # "both" and "they" take the reviewers of the clause before
        (
            "Morgan is better than Sofia at BLEU, both are green though",
            CTX,
            [("rate", 4, 0, "high"), ("rate", 2, 0, "high")],
        ),
        # a short answer is about the cell the other side asked about
        ("Nope, red", dialogue(questions=(OptAsk(reviewer=1, paper=5),)), [("rate", 1, 5, "low")]),
        ("blank on my end", dialogue(questions=(OptAsk(reviewer=1, paper=5),)), [("unseen", 1, 5)]),
        ("Good on SWAG though", dialogue(questions=(OptAsk(reviewer=3),)), [("rate", 3, 7, "high")]),
        # "You?" asks back what we were asked
        (
            "Dark green for me. You?",
            dialogue(questions=(OptAsk(reviewer=2, paper=2),)),
            [("rate", 2, 2, "high"), ("ask", 2, 2)],
        ),
        # a correction replaces what the message said about the cell
        ("Noah is unknown on GLUE. Wait no, he is bad at GLUE", CTX, [("rate", 7, 3, "low")]),
        # conditions and lukewarm praise state nothing
        ("If you think Ethan is good for BLEU, go ahead", CTX, []),
        ("Joseph is decent at BLEU but not great", CTX, []),
        # a row rated at once
        ("Andrei is red for everything", CTX, [("rate", 3, p, "low") for p in EVERY]),
    ],
)
def test_references_answers_and_corrections(message: str, ctx: OptimizationContext, expected: list[tuple]) -> None:
    assert facts(message, ctx) == expected


@pytest.mark.parametrize(
    ("message", "ctx", "expected"),
    [
        ("do you see Andrei's BLEU", CTX, [("ask", 3, 0)]),
        ("BLEU (Noah) Electra (Joseph) are my greens", CTX, [("rate", 7, 0, "high"), ("rate", 5, 1, "high")]),
        (
            "I have Ava dark green on GLUE, Noah on SWAG, not sure about QuAC",
            CTX,
            [("rate", 0, 3, "high"), ("rate", 7, 7, "high")],
        ),
        ("I have no info in these areas", dialogue(last_reviewer=3, last_paper=2), []),
        ("I don't have any information on him there", dialogue(last_reviewer=3, last_paper=2), [("unseen", 3, 2)]),
        ("Where do you think Ava would excel?", dialogue(last_paper=2), [("ask", 0, None)]),
        ("How do you feel about swapping Daniel and Joseph?", CTX, []),
        ("I can't see Ethan handling GLUE", CTX, []),
        ("Morgan is mid tier on GloVe", CTX, []),
        ("Noah might not be a good fit for Electra. Sorry, I meant BLEU.", CTX, [("rate", 7, 0, "low")]),
        (
            "Sofia is green on LLaMA. Let's put Morgan on RoBERTa! She has a great score there.",
            CTX,
            [("rate", 2, 4, "high"), ("rate", 4, 5, "high")],
        ),
    ],
)
def test_lists_possessives_and_opinions(message: str, ctx: OptimizationContext, expected: list[tuple]) -> None:
    assert facts(message, ctx) == expected


# ---- issue 17, round 2: text nobody tuned for (written before the fix) ---------------------------------


@pytest.mark.parametrize(
    ("message", "ctx", "expected"),
    [
        # a paper with a weak "nothing for" is no column of blanks ("no good option for it")
        ("I've got nothing for GLUE either.", CTX, []),
        ("Honestly nothing for SWAG on my side", CTX, []),
        # "no idea" is vague: where to put someone, not which cells are blank
        ("I have no idea for Noah", CTX, []),
        ("no idea about Andrei tbh", CTX, []),
        # vague shades of blank give nothing
        ("Ava and Daniel are both pretty unknown for me on GLUE", CTX, []),
        ("Ethan is mostly blank on BLEU and GloVe", CTX, []),
        ("Sofia is kinda empty for SWAG", CTX, []),
        # an unresolved "both" / "they" is nobody's cell and no column
        ("and both blank for bleu", dialogue(last_reviewer=2), []),
        ("They are unknown on GloVe too", CTX, []),
        # explicit claims still count
        ("Morgan is blank for GLUE", CTX, [("unseen", 4, 3)]),
        ("I don't have any info on QuAC", CTX, [("unseen", r, 6) for r in EVERY]),
        ("Daniel is completely blank for me", CTX, [("unseen", 1, p) for p in EVERY]),
    ],
)
def test_unseen_only_explicit_claims(message: str, ctx: OptimizationContext, expected: list[tuple]) -> None:
    assert sorted(facts(message, ctx)) == sorted(expected)


@pytest.mark.parametrize(
    ("message", "ctx", "expected"),
    [
        # a retraction drops the statement before it
        ("Ethan bad at Quac / oh wait / ignore that", CTX, []),
        ("Noah is great at BLEU. Never mind, scratch that.", CTX, []),
        ("Ava is red on GLUE. Disregard that. Sofia is green on GLUE", CTX, [("rate", 2, 3, "high")]),
        # suggestions and top picks are proposals
        ("My best suggestion is Andrei for LLaMA and Joseph for RoBERTa", CTX, []),
        ("I'd recommend Morgan for SWAG", CTX, []),
        # comparisons of quantity rate nothing
        ("Wilson has more expertise with quac than swag", CTX, []),
        ("Sofia has less experience on GloVe than Ava", CTX, []),
        # answers to "how good is X's Y" without names
        (
            "Really good, only a tiny bit off of 100%",
            dialogue(questions=(OptAsk(reviewer=0, paper=2),)),
            [("rate", 0, 2, "high")],
        ),
        # ... and the question itself, with a possessive missing its apostrophe
        ("oh snap how good is Avas glove", CTX, [("ask", 0, 2)]),
        ("how strong is Noahs BLEU?", CTX, [("ask", 7, 0)]),
        ("so how strong is Noahs BLEU", CTX, [("ask", 7, 0)]),
        # kept: ratings next to these cues
        ("Ethan would be our best bet for QuAC", CTX, [("rate", 6, 6, "high")]),
        ("Andreis blue is slightly above average", CTX, [("rate", 3, 0, "high")]),
    ],
)
def test_retractions_suggestions_comparisons(message: str, ctx: OptimizationContext, expected: list[tuple]) -> None:
    assert facts(message, ctx) == expected


@pytest.mark.parametrize(
    ("message", "ctx", "expected"),
    [
        # "all good" inside a statement is a rating, not "it's all good"
        (
            "Sofia, Ava, and Morgan are all good picks for GLUE.",
            CTX,
            [("rate", 2, 3, "high"), ("rate", 0, 3, "high"), ("rate", 4, 3, "high")],
        ),
        ("it's all good, send it", CTX, []),
        # a pronoun after a question about one reviewer is that reviewer
        (
            "Noah is blank for me on BLEU. How about Daniel? He is dark green on SWAG.",
            CTX,
            [("unseen", 7, 0), ("ask", 1, None), ("rate", 1, 7, "high")],
        ),
        # a column seen but for some reviewers
        (
            "I can see everybody on GLUE except Ethan and Sofia",
            CTX,
            [("unseen", 6, 3), ("unseen", 2, 3)],
        ),
    ],
)
def test_round2_lists_pronouns_columns(message: str, ctx: OptimizationContext, expected: list[tuple]) -> None:
    assert facts(message, ctx) == expected


AFTER_ANDREI = dialogue(last_reviewer=3, last_paper=4)


@pytest.mark.parametrize(
    ("message", "ctx", "expected"),
    [
        # "all green but X": X is the exception, and the "all" is nobody named
        ("I have all green but Joseph", CTX, []),
        ("i have all green but noah and ethan", CTX, []),
        (
            "Andrei is red for everything but Ethan is great at BLEU",
            CTX,
            [("rate", 3, p, "low") for p in EVERY] + [("rate", 6, 0, "high")],
        ),
        ("they're all red except Sofia and Ava", CTX, []),
        ("Andrei is red for everything", CTX, [("rate", 3, p, "low") for p in EVERY]),
        # "nothing good" is no blank
        ("I dont have anything good at them", AFTER_ANDREI, []),
        # "main blanks" is vague
        ("so my main blanks are BLEU and RoBERTa", dialogue(questions=(OptAsk(reviewer=6, paper=4),)), []),
    ],
)
def test_round2_exceptions_and_weak_blanks(message: str, ctx: OptimizationContext, expected: list[tuple]) -> None:
    assert facts(message, ctx) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Sure. Noah, BLEU. Sofia Electra.", [("rate", 7, 0, "high"), ("rate", 2, 1, "high")]),
        ("Andrei-GLUE", [("rate", 3, 3, "high")]),
    ],
)
def test_bare_list_answers_a_request_for_greens(message: str, expected: list[tuple]) -> None:
    assert facts(message, dialogue(requested="high")) == expected
    assert facts(message) == []  # with nothing requested, a bare pair is a proposal


def test_requested_level_of_a_message() -> None:
    assert requested_level("Please share your dark green squares") == "high"
    assert requested_level("which ones are red for you?") == "low"
    assert requested_level("Is Ava green on BLEU?") is None
