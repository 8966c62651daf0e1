"""Issue 17, round 3: failure shapes of the DialOp Optimization parser found on fresh batches of the
recorded human games (``tests/language/data/optimization_dev_s*.jsonl``, first reads in
``optimization_dev.md``). Each test writes the shape in its own words; the dev sets hold the originals."""

from __future__ import annotations

import pytest

from games.dialop.optimization_game import paper_names, reviewer_names
from language.dialop_optimization import OptAct, OptAsk, OptimizationContext, OptimizationParser, OptRate, OptUnseen

PARSER = OptimizationParser()
NAMES = {"reviewers": tuple(reviewer_names(8)), "papers": tuple(paper_names(8))}
AVA, DANIEL, SOFIA, ANDREI, MORGAN, JOSEPH, ETHAN, NOAH = range(8)
BLEU, ELECTRA, GLOVE, GLUE, LLAMA, ROBERTA, QUAC, SWAG = range(8)


def ctx(**dialogue: object) -> OptimizationContext:
    return OptimizationContext(**NAMES, **dialogue)  # type: ignore[arg-type]


def facts(message: str, context: OptimizationContext | None = None) -> set[tuple[object, ...]]:
    return fact_set(PARSER.parse(message, context or ctx()))


def fact_set(acts: list[OptAct]) -> set[tuple[object, ...]]:
    """The acts as comparable facts (rate, unseen and ask cells; other acts by their kind)."""
    out: set[tuple[object, ...]] = set()
    for act in acts:
        if isinstance(act, OptRate):
            out.add(("rate", act.reviewer, act.paper, act.level))
        elif isinstance(act, OptUnseen):
            out.add(("unseen", act.reviewer, act.paper))
        elif isinstance(act, OptAsk):
            out.add(("ask", act.reviewer, act.paper))
        else:
            out.add((act.act,))
    return out


def row(reviewer: int, level: str, but: tuple[int, ...]) -> set[tuple[object, ...]]:
    return {("rate", reviewer, p, level) for p in range(8) if p not in but}


# ---- "under average" is below average ----------------------------------------------------------
@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Sofia is slightly under average on Llama", {("rate", SOFIA, LLAMA, "low")}),
        ("Ethan's a bit under average for GLUE", {("rate", ETHAN, GLUE, "low")}),
        ("Noah sits under the average on RoBERTa", {("rate", NOAH, ROBERTA, "low")}),
    ],
)
def test_under_average_is_low(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


# ---- a reviewer said to be "also" good takes the paper under discussion ----------------------------
@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "I think Daniel might also be a good fit, but Morgan might be a better choice",
            {("rate", DANIEL, ELECTRA, "high")},
        ),
        ("Joseph would be strong there too", {("rate", JOSEPH, ELECTRA, "high")}),
        ("Ava is also great", {("rate", AVA, ELECTRA, "high")}),
        ("Andrei would be a good fit as well", {("rate", ANDREI, ELECTRA, "high")}),
    ],
)
def test_also_takes_the_dialogue_paper(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message, ctx(last_reviewer=MORGAN, last_paper=ELECTRA)) == expected


def test_also_without_a_paper_under_discussion_rates_nothing() -> None:
    assert facts("Daniel might also be a good fit") == set()


def test_the_speaker_also_having_a_green_takes_no_paper() -> None:
    context = ctx(last_reviewer=ETHAN, last_paper=GLOVE)
    assert facts("I also have ava as a bright green. Morgan Bleu bright green", context) == {
        ("rate", MORGAN, BLEU, "high")
    }


# ---- "everything else" / "the rest" after a named cell rates the rest of the row -------------------
@pytest.mark.parametrize(
    ("message", "context", "expected"),
    [
        (
            "grey on glue, everything else red",
            ctx(questions=(OptAsk(reviewer=MORGAN),), last_reviewer=MORGAN),
            {("unseen", MORGAN, GLUE)} | row(MORGAN, "low", (GLUE,)),
        ),
        (
            "Ava is green on BLEU, everything else is red",
            ctx(),
            {("rate", AVA, BLEU, "high")} | row(AVA, "low", (BLEU,)),
        ),
        (
            "Noah is bad at SWAG and GLUE but good at all the rest",
            ctx(),
            {("rate", NOAH, SWAG, "low"), ("rate", NOAH, GLUE, "low")} | row(NOAH, "high", (SWAG, GLUE)),
        ),
    ],
)
def test_everything_else_rates_the_rest_of_the_row(
    message: str, context: OptimizationContext, expected: set[tuple[object, ...]]
) -> None:
    assert facts(message, context) == expected


def test_everything_else_of_two_reviewers_rates_nothing_more() -> None:
    assert facts("Ava and Noah are green on BLEU, everything else red") == {
        ("rate", AVA, BLEU, "high"),
        ("rate", NOAH, BLEU, "high"),
    }


# ---- a shade of other squares is no rating -------------------------------------------------------
@pytest.mark.parametrize(
    "message",
    [
        "He is in between two green squares tho so maybe could be a good sign",
        "he has 3 green squares next to it",
        "There are a few red cells around him",
    ],
)
def test_counted_squares_rate_nothing(message: str) -> None:
    said = f"Although, he is blank for me there / {message}"
    assert facts(said, ctx(last_reviewer=ANDREI, last_paper=ELECTRA)) == {("unseen", ANDREI, ELECTRA)}


# ---- "I don't have many ..." counts, it rates no cell --------------------------------------------
@pytest.mark.parametrize(
    "message",
    [
        ("I don't have that many indicating high expertise"),
        ("I dont have very many strong ones"),
        "I do not have many good options",
    ],
)
def test_few_of_something_rates_nothing(message: str) -> None:
    context = ctx(last_reviewer=AVA, last_paper=QUAC, questions=(OptAsk(reviewer=AVA, paper=QUAC),))
    assert facts(message, context) == set()


# ---- where a reviewer is placed is no rating -----------------------------------------------------
@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Sofia is good for QuAC but we already have her on GLUE", {("rate", SOFIA, QUAC, "high")}),
        ("Ethan is great at Electra but we have him on BLEU right now", {("rate", ETHAN, ELECTRA, "high")}),
        ("Morgan is strong on SWAG, though she's already on LLaMA", {("rate", MORGAN, SWAG, "high")}),
    ],
)
def test_placement_is_no_rating(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


# ---- what a reviewer "doesn't want" is a low rating ----------------------------------------------
@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I only know that she doesnt want to be on glue.", {("rate", SOFIA, GLUE, "low")}),
        ("Noah doesn't want to review SWAG", {("rate", NOAH, SWAG, "low")}),
        ("Joseph does not want to do BLEU at all", {("rate", JOSEPH, BLEU, "low")}),
    ],
)
def test_a_reviewer_not_wanting_a_paper_is_low(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message, ctx(last_reviewer=SOFIA)) == expected


def test_the_speaker_not_wanting_a_placement_proposes() -> None:
    assert facts("I don't want Noah on SWAG") == set()


# ---- batch 1212 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    ["Like a half step below his glue / so really good", "a bit lower than his GLUE. but still great"],
)
def test_a_level_answers_the_question_after_a_comparison(message: str) -> None:
    context = ctx(questions=(OptAsk(reviewer=ANDREI, paper=ROBERTA),), last_reviewer=ANDREI, last_paper=ROBERTA)
    assert facts(message, context) == {("rate", ANDREI, ROBERTA, "high")}


@pytest.mark.parametrize(
    "message", ["sounds good / can Ethan Llama?", "could Noah take SWAG?", "can Ava do BLEU then?"]
)
def test_can_a_reviewer_take_a_paper_proposes(message: str) -> None:
    assert facts(message) == set()


def test_can_a_reviewer_be_good_still_asks() -> None:
    assert facts("could Ethan be good on LLaMA?") == {("ask", ETHAN, LLAMA)}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "GLUE: Ethan CANNOT do Glue / LLAMA: nobody good at this but Daniel and Joseph CANNOT do this",
            {("rate", ETHAN, GLUE, "low"), ("rate", DANIEL, LLAMA, "low"), ("rate", JOSEPH, LLAMA, "low")},
        ),
    ],
)
def test_this_at_the_end_is_the_paper_just_named(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Andrei is blank on GLUE for me, what do you have there?", {("unseen", ANDREI, GLUE), ("ask", ANDREI, GLUE)}),
        ("Noah is red on QuAC. What do you see for that one?", {("rate", NOAH, QUAC, "low"), ("ask", NOAH, QUAC)}),
    ],
)
def test_a_question_about_there_asks_the_statement_cell(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "Daniel on SWAG? its red but not terrible",
        "Ethan is pink for GLUE, but not that bad",
        "Ava is low on BLEU but not the worst",
    ],
)
def test_red_but_not_terrible_rates_nothing(message: str) -> None:
    assert {f for f in facts(message) if f[0] == "rate"} == set()


@pytest.mark.parametrize(
    "message",
    [
        "I think Daniel might be as good or better at glove",
    ],
)
def test_as_good_or_better_compares(message: str) -> None:
    assert facts(message) == set()


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "I know Daniel shouldn't be assigned BLEU and Morgan shouldn't be assigned GloVe",
            {("rate", DANIEL, BLEU, "low"), ("rate", MORGAN, GLOVE, "low")},
        ),
        ("Sofia should not be on QuAC", {("rate", SOFIA, QUAC, "low")}),
    ],
)
def test_should_not_be_assigned_is_low(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


def test_we_should_not_put_proposes() -> None:
    assert facts("we shouldn't put Sofia on QuAC") == set()


@pytest.mark.parametrize(
    "message",
    ["My best swag is Santos --- no info on Daniel or Ethan", "My best swag is Santos -- no info on Daniel or Ethan"],
)
def test_long_dashes_cut_sentences(message: str) -> None:
    assert facts(message) == {("rate", JOSEPH, SWAG, "high"), ("unseen", DANIEL, SWAG), ("unseen", ETHAN, SWAG)}


@pytest.mark.parametrize(
    "message",
    [
        "Ava seems to have average expertise in the field of LLaMa.",
    ],
)
def test_average_expertise_rates_nothing(message: str) -> None:
    assert facts(message) == set()


def test_might_be_best_for_now_rates() -> None:
    assert facts("Daniel might be best handling GloVe for now.") == {("rate", DANIEL, GLOVE, "high")}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Sofia is great at BLEU. For SWAG, Noah would be bad at this",
            {("rate", SOFIA, BLEU, "high"), ("rate", NOAH, SWAG, "low")},
        ),
        ("Morgan is as strong if not stronger on SWAG", set()),
        ("Ethan is just as good as Noah on BLEU", set()),
        ("Noah has a medium level of experience with GLUE", set()),
        ("Noah is nearly all blank for me", set()),
        ("As for GLUE, is anyone good?", {("ask", None, GLUE)}),
        ("do you think we could put Noah on GLUE?", set()),
        ("Ethan is not great, but not bad on GLUE", set()),
        ("did I say that I have no info on Andrei", {("unseen", ANDREI, p) for p in range(8)}),
    ],
)
def test_names_and_comparisons_already_read(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


def test_an_opinion_about_that_asks_nothing() -> None:
    message = "I think Joseph would be a great fit for SWAG. What are you thoughts on that?"
    assert facts(message) == {("rate", JOSEPH, SWAG, "high")}


# ---- batch 1313 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "I don't have any recommendations for BLEU but was thinking of Morgan for SWAG",
        "I dont have any suggestions for GLUE, maybe Ethan on SWAG",
        "do you have any decent options for Andrei Daniel or Morgan / I dont have anything like that for them",
        "we don't have any objections to Ava on GLUE",
    ],
)
def test_having_no_advice_is_no_blank(message: str) -> None:
    assert {f for f in facts(message, ctx(last_paper=ROBERTA)) if f[0] == "unseen"} == set()


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I don't have anything for daniel for that paper / electra", {("unseen", DANIEL, ELECTRA)}),
        ("he is red on that one / GloVe", {("rate", DANIEL, GLOVE, "low")}),
    ],
)
def test_a_bare_paper_after_a_reference_names_it(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message, ctx(last_reviewer=DANIEL, last_paper=ROBERTA)) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Ava is bad at GLUE is Joseph unknown?", {("rate", AVA, GLUE, "low"), ("ask", JOSEPH, GLUE)}),
        ("Noah is great on SWAG how is Ethan?", {("rate", NOAH, SWAG, "high"), ("ask", ETHAN, None)}),
    ],
)
def test_a_question_run_on_after_a_statement(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "might put andrei there?",
        "maybe move Ethan there?",
    ],
)
def test_placement_questions_ask_nothing(message: str) -> None:
    assert {f for f in facts(message, ctx(last_paper=ELECTRA)) if f[0] == "ask"} == set()


def test_what_do_you_think_about_a_reviewer_asks() -> None:
    assert facts("what do you think about Joseph?") == {("ask", JOSEPH, None)}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("How do you feel about Noah being in GLUE?", {("ask", NOAH, GLUE)}),
        ("what do you think about Sofia on QuAC?", {("ask", SOFIA, QUAC)}),
    ],
)
def test_how_do_you_feel_about_a_pair_asks_it(message: str, expected: set[tuple[object, ...]]) -> None:
    # the development sets' convention (opt707-034, optdev-157): the other side is asked about the cell
    assert facts(message) == expected


def test_highest_but_not_high_and_any_good_ones() -> None:
    message = (
        "Morgan Reed has the highest score I see for GloVe, but it is not extremely high  - do you have any good ones"
    )
    assert facts(message) == {("ask", None, GLOVE)}


@pytest.mark.parametrize(
    "message", ["No green for Sofia, I have her best as Bleu", "no greens for Noah, his highest is GLUE"]
)
def test_best_after_no_green_rates_nothing(message: str) -> None:
    assert {f for f in facts(message) if f[0] == "rate"} == set()


def test_darker_after_a_green_is_green() -> None:
    assert facts("I have Daniel light green on BLEU and darker on Electra") == {
        ("rate", DANIEL, BLEU, "high"),
        ("rate", DANIEL, ELECTRA, "high"),
    }


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Noah is a really good option for SWAG as well", {("rate", NOAH, SWAG, "high")}),
        ("he's a good candidate for LLaMA if there isn't someone better", {("rate", NOAH, LLAMA, "high")}),
    ],
)
def test_a_good_option_rates_and_a_trailing_condition_keeps_it(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message, ctx(last_reviewer=NOAH)) == expected


@pytest.mark.parametrize(
    "message", ["if you think Ethan is good for BLEU", "Wow, a lot of good options for multiple papers."]
)
def test_conditions_and_options_still_rate_nothing(message: str) -> None:
    assert facts(message) == set()


# ---- batch 1414 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "I have no info on Glue for any unselected person",
        "no info on BLEU for the remaining reviewers",
        "I don't have anything for LLaMA.",
        "I dont see really anything for Joseph though",
        "I don't have anything on Noah",
    ],
)
def test_unseen_over_some_or_nothing_good_is_no_row_or_column(message: str) -> None:
    assert {f for f in facts(message) if f[0] == "unseen"} == set()


def test_no_info_on_a_reviewer_is_still_a_row() -> None:
    assert facts("I have actually zero info on Jo, so ill put him on Swag") == {("unseen", JOSEPH, p) for p in range(8)}


@pytest.mark.parametrize(
    "message",
    [
        "Ava is blank on almost all my spaces, so I don't have a clear answer on that one.",
    ],
)
def test_almost_all_blank_and_no_clear_answer_claim_nothing(message: str) -> None:
    assert facts(message, ctx(last_paper=QUAC)) == set()


@pytest.mark.parametrize(
    "message", ["My bes Blue is Andrei, but not a high score", "My best GLUE is Ethan but not a very high one"]
)
def test_best_but_not_a_high_score_rates_nothing(message: str) -> None:
    assert facts(message) == set()


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Daniel for Quac? He is green. / Andrei for Roberta? Green.",
            {("rate", DANIEL, QUAC, "high"), ("rate", ANDREI, ROBERTA, "high")},
        ),
        ("Noah on BLEU? red", {("rate", NOAH, BLEU, "low")}),
    ],
)
def test_a_bare_level_after_a_pair_rates_it(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Hes not so good at bleu, electra, glove, and llama",
            {("rate", ETHAN, p, "low") for p in (BLEU, ELECTRA, GLOVE, LLAMA)},
        ),
        ("hes great at SWAG", {("rate", ETHAN, SWAG, "high")}),
    ],
)
def test_pronouns_without_apostrophe(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message, ctx(last_reviewer=ETHAN)) == expected


@pytest.mark.parametrize("message", ["Petrove, can he go on GLOVE or SWAG?", "could she take BLEU?"])
def test_can_he_go_on_proposes(message: str) -> None:
    assert facts(message, ctx(last_reviewer=SOFIA)) == set()


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Is Sofia better than Morgan on Llama", {("ask", SOFIA, LLAMA), ("ask", MORGAN, LLAMA)}),
        ("is Noah good at BLEU", {("ask", NOAH, BLEU)}),
    ],
)
def test_a_yes_no_question_about_a_reviewer_without_a_mark(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Morgan avoids Bleu Glove Glue  / Does really well at Quac",
            {("rate", MORGAN, p, "low") for p in (BLEU, GLOVE, GLUE)} | {("rate", MORGAN, QUAC, "high")},
        ),
        ("Noah avoids SWAG", {("rate", NOAH, SWAG, "low")}),
    ],
)
def test_a_reviewer_avoiding_a_paper_is_low(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


def test_we_avoid_proposes() -> None:
    assert facts("Let's avoid Noah on SWAG") == set()


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Regarding SWAG, is there someone other than Morgan that would be a good choice?",
            {("ask", None, SWAG)},
        ),
    ],
)
def test_a_paper_topic_before_a_who_question(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


def test_a_sentence_opening_on_so_keeps_its_relative_clause() -> None:
    assert facts("So that leaves Andrei, who I can see is bad at Swag and Bleu.") == {
        ("rate", ANDREI, SWAG, "low"),
        ("rate", ANDREI, BLEU, "low"),
    }


def test_can_they_be_on_still_asks() -> None:
    context = ctx(last_reviewer=MORGAN)
    assert facts("can she be on LLama or ROberta to help you out at all?", context) == {
        ("ask", MORGAN, LLAMA),
        ("ask", MORGAN, ROBERTA),
    }


# ---- batch 1515 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Im fine with Ethan being assigned with GLUE, however, Noah fits well in Glove, Joseph in Bleu, and Andrei in Roberta.",
            {("rate", NOAH, GLOVE, "high"), ("rate", JOSEPH, BLEU, "high"), ("rate", ANDREI, ROBERTA, "high")},
        ),
        ("Sofia fits really well on SWAG", {("rate", SOFIA, SWAG, "high")}),
    ],
)
def test_fits_well_is_high(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "Is there a possibility we can go with Sofia for BLEU?",
    ],
)
def test_we_can_go_with_inside_a_question_proposes(message: str) -> None:
    assert facts(message) == set()


@pytest.mark.parametrize(
    "message", ["Did i mention I have no data on Andrei?", "did I tell you I have zero info on Andrei?"]
)
def test_did_i_mention_states(message: str) -> None:
    assert facts(message) == {("unseen", ANDREI, p) for p in range(8)}


@pytest.mark.parametrize(
    "message",
    [
        "Daniel is above average swag but not that amazing",
        "Morgan is okay at Quac. Not great but also not a terrible down pair.",
    ],
)
def test_not_great_not_terrible_rates_nothing(message: str) -> None:
    assert {f for f in facts(message) if f[0] == "rate"} == set()


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Anywhere we can place Andrei?", {("ask", ANDREI, None)}),
        ("Is there something else we can assign Sofia?", {("ask", SOFIA, None)}),
    ],
)
def test_where_we_can_place_a_reviewer_asks_about_him(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


def test_a_long_question_ending_on_that_asks_nothing() -> None:
    message = "Daniel is light green on swag. I can tell you what color and what boxes in each, I don't know if I'm allowed to do that?"
    assert facts(message) == {("rate", DANIEL, SWAG, "high")}


# ---- batch 1616 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "I'd say Sofia isn't the best choice for RoBERTa but she isn't a bad one per se.",
        "Ethan wasn't the best on GLUE, but not a bad one",
    ],
)
def test_not_the_best_but_not_bad_rates_nothing(message: str) -> None:
    assert facts(message) == set()


@pytest.mark.parametrize(
    "message",
    [
        "Morgan only has 1 score for me and it's really low on SWAG",
        "the only score I see for Morgan is SWAG, really low",
    ],
)
def test_only_one_score_blanks_the_rest_of_the_row(message: str) -> None:
    assert facts(message) == {("rate", MORGAN, SWAG, "low")} | {("unseen", MORGAN, p) for p in range(7)}


@pytest.mark.parametrize(
    "message",
    [
        "I have: Daniel Nguyen for LLamA, Joseph Santos for SWAG, and Ethan Smith for GloVe / All 3 are green.",
        "Daniel for LLaMA, Joseph for SWAG, Ethan for GloVe. They are all green.",
    ],
)
def test_all_are_green_after_a_list_rates_it(message: str) -> None:
    assert facts(message) == {
        ("rate", DANIEL, LLAMA, "high"),
        ("rate", JOSEPH, SWAG, "high"),
        ("rate", ETHAN, GLOVE, "high"),
    }


@pytest.mark.parametrize(
    "message", ["Ava Li / And how about Joseph Santos for third?", "and how about Noah for fourth?"]
)
def test_how_about_a_reviewer_for_a_slot_proposes(message: str) -> None:
    assert {f for f in facts(message) if f[0] == "ask"} == set()


@pytest.mark.parametrize(
    "message",
    [
        "Daniel is bad at Glove / Joseph I see negatives / Sofia I see negatives...",
        "Daniel is great at GLUE / Noah I see reds",
    ],
)
def test_plural_levels_take_no_paper_from_the_message(message: str) -> None:
    assert {f for f in facts(message) if f[1] != DANIEL} == set()


def test_the_exception_list_after_besides_is_left_out() -> None:
    message = "My unknowns for him are everything besides glove and glue"
    assert facts(message, ctx(last_reviewer=JOSEPH)) == {
        ("unseen", JOSEPH, p) for p in range(8) if p not in (GLOVE, GLUE)
    }


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("How do you feel about Daniel being placed / in GLUE?", {("ask", DANIEL, GLUE)}),
        ("is Ava good / at Quac or Electra", {("ask", AVA, QUAC), ("ask", AVA, ELECTRA)}),
    ],
)
def test_a_question_continued_on_the_next_line(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


def test_a_leading_condition_keeps_the_main_clause() -> None:
    message = "If that falls through for some reason, he'd also be a good option for Blue or Llama."
    assert facts(message, ctx(last_reviewer=NOAH)) == {("rate", NOAH, BLEU, "high"), ("rate", NOAH, LLAMA, "high")}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Morgan or Andrei, any greens?", {("ask", MORGAN, None), ("ask", ANDREI, None)}),
        ("Sofia, anything good?", {("ask", SOFIA, None)}),
    ],
)
def test_names_before_a_short_question_are_its_subject(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


def test_two_reviewers_listed_for_the_same_paper() -> None:
    message = "I have: Daniel for LLaMA, Sofia for LLaMA, and Joseph for SWAG / All 3 are green."
    assert facts(message) == {
        ("rate", DANIEL, LLAMA, "high"),
        ("rate", SOFIA, LLAMA, "high"),
        ("rate", JOSEPH, SWAG, "high"),
    }


# ---- batch 1717 --------------------------------------------------------------------------------


@pytest.mark.parametrize("message", ["Ava Li in QuAC at 265 / prob the best i have", "Ava on QuAC is 265. really good"])
def test_a_level_after_a_cell_rates_it(message: str) -> None:
    assert facts(message) == {("opt_cell",), ("rate", AVA, QUAC, "high")}


def test_an_aside_like_someone_names_nobody() -> None:
    message = "Andrei - He's a good choice for Electra but, like Sofia, might be more experienced elsewhere."
    assert facts(message) == {("rate", ANDREI, ELECTRA, "high")}


@pytest.mark.parametrize(
    "message",
    [
        "Ava scored great for ROBERTA. / I don't have any good scores for QUAC.",
        "Ava is great at RoBERTa. I dont have any good ones for QuAC",
    ],
)
def test_the_speaker_having_nothing_good_rates_no_cell(message: str) -> None:
    assert facts(message) == {("rate", AVA, ROBERTA, "high")}


def test_a_paper_on_the_next_line_narrows_the_statement() -> None:
    assert facts("For the 3 sections we have left I have no info for Ethan / for Roberta") == {
        ("unseen", ETHAN, ROBERTA)
    }


@pytest.mark.parametrize(
    "message",
    [
        "Noah is top tier at bleu, but he isnt far behind on Roberta either.",
        "Noah is great at BLEU and just behind on RoBERTa",
    ],
)
def test_behind_is_a_comparison(message: str) -> None:
    assert facts(message) == {("rate", NOAH, BLEU, "high")}


def test_a_reviewer_rated_without_a_paper_stays_the_subject() -> None:
    message = "Morgan has some pretty bad options, but is a solid choice for Roberta."
    assert facts(message) == {("rate", MORGAN, ROBERTA, "high")}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Literally the only info I have for Glue is that Ethan is not so good at it",
            {("rate", ETHAN, GLUE, "low")} | {("unseen", r, GLUE) for r in range(8) if r != ETHAN},
        ),
        (
            "the only thing I know about Ava is that she is good at Llama",
            {("rate", AVA, LLAMA, "high")} | {("unseen", AVA, p) for p in range(8) if p != LLAMA},
        ),
    ],
)
def test_the_only_info_blanks_the_rest(message: str, expected: set[tuple[object, ...]]) -> None:
    assert facts(message) == expected


def test_a_placement_on_my_proposal_is_no_rating() -> None:
    message = "Ethan is my only light green for quad but I have him on my proposal to you for electra"
    assert facts(message) == {("rate", ETHAN, QUAC, "high")}


@pytest.mark.parametrize("message", ["you pick, he's weak for me everywhere.", "he is red pretty much everywhere"])
def test_a_pronoun_rated_everywhere_rates_the_row(message: str) -> None:
    assert facts(message, ctx(last_reviewer=ETHAN)) == {("rate", ETHAN, p, "low") for p in range(8)}


def test_reviewers_before_papers_take_every_paper() -> None:
    message = "Daneil and Noah are both unknowns for me in Quac and swag"
    assert facts(message) == {("unseen", r, p) for r in (DANIEL, NOAH) for p in (QUAC, SWAG)}


# ---- batch 1818 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "Ethan is good for GLUE / All the rest of mine are red scores",
        "Ethan is good for GLUE. Everything else on my board is red",
    ],
)
def test_the_rest_of_my_board_is_no_row(message: str) -> None:
    assert facts(message) == {("rate", ETHAN, GLUE, "high")}


def test_i_wouldnt_say_bad_and_dont_know_how_she_would_do() -> None:
    message = "I wouldn't say Ava is a bad choice for SWAG but it's certainly not her area of expertise. I really don't know how she'd do with RoBERTa."
    assert facts(message) == {("unseen", AVA, ROBERTA)}


@pytest.mark.parametrize(
    "message", ["Is Morgan good outside of Bleu anywhere on your end?", "does Morgan have anything green besides BLEU?"]
)
def test_a_paper_excepted_in_a_question_is_not_asked(message: str) -> None:
    assert facts(message) == {("ask", MORGAN, None)}


def test_dont_have_good_is_no_blank() -> None:
    message = "I already said Morgan: blue, it's a dark green / i don't have good andrei so i asked you"
    assert facts(message) == {("rate", MORGAN, BLEU, "high")}


def test_nevermind_a_plan_keeps_the_ratings() -> None:
    message = "only thing is / Ethan is very good at Glove / Actually nevermind, I cant do the swap I was thinking of"
    assert facts(message) == {("rate", ETHAN, GLOVE, "high")}


def test_nevermind_alone_still_retracts() -> None:
    assert facts("Ethan is very good at Glove / nevermind") == set()


def test_a_bare_pair_in_the_next_sentence_after_a_level_proposes() -> None:
    message = "I have only low scores showing for joesepth santos and norah / Andrei for Glove"
    assert facts(message, ctx(questions=(OptAsk(paper=GLOVE),))) == {
        ("rate", JOSEPH, GLOVE, "low"),
        ("rate", NOAH, GLOVE, "low"),
    }


def test_a_statement_before_a_tag_question_is_kept() -> None:
    assert facts("Ethan is very good at Glove, you said joseph was unknown at glove right?") == {
        ("rate", ETHAN, GLOVE, "high")
    }


def test_and_x_for_y_after_a_rating_repeats_it() -> None:
    message = "Okay. I have Daniel being good for Swag. And Andrei for LLamA"
    assert facts(message) == {("rate", DANIEL, SWAG, "high"), ("rate", ANDREI, LLAMA, "high")}


# ---- batch 1919 --------------------------------------------------------------------------------


def test_nothing_on_a_paper_at_all_and_the_rest_of_a_row() -> None:
    message = "I've got nothing on Llama at all, and all of Ethan's other stuff's junk, so I'm good with that"
    assert facts(message) == {("unseen", r, LLAMA) for r in range(8)} | {
        ("rate", ETHAN, p, "low") for p in range(8) if p != LLAMA
    }


@pytest.mark.parametrize("message", ["Actually, Ethan scored well for GLUE.", "Ethan scored very well on GLUE"])
def test_scored_well_is_high(message: str) -> None:
    assert facts(message) == {("rate", ETHAN, GLUE, "high")}


def test_the_only_information_i_have_about_her() -> None:
    message = (
        "The only information I have is she is capable in GLUE and Electra, but also could fit in LLaMa if necessary."
    )
    expected = {("rate", MORGAN, GLUE, "high"), ("rate", MORGAN, ELECTRA, "high")}
    assert facts(message, ctx(last_reviewer=MORGAN)) == expected | {
        ("unseen", MORGAN, p) for p in (BLEU, GLOVE, ROBERTA, QUAC, SWAG)
    }


def test_a_dark_green_for_that_paper_asks_the_paper() -> None:
    message = "for example on Bleu I have a dark green for Joseph / Do you have a dark green for that paper?"
    assert facts(message) == {("rate", JOSEPH, BLEU, "high"), ("ask", None, BLEU)}


def test_a_rating_after_a_question_and_a_comma() -> None:
    message = "How does Noah sound for SWAG, he seem highly competent in that area."
    assert facts(message) == {("ask", NOAH, SWAG), ("rate", NOAH, SWAG, "high")}


# ---- batch 2020 --------------------------------------------------------------------------------


def test_nothing_goes_with_anything_good_and_were_you_good_with() -> None:
    message = "That's a blank for me, and nothing of his goes with anything good here, so that's done! / Were you good with Morgan on GLUE?"
    assert facts(message, ctx(last_reviewer=ETHAN, last_paper=QUAC)) == {("unseen", ETHAN, QUAC)}


@pytest.mark.parametrize("message", ["Quac I have no info / we can put Ethan on Bleu", "GLUE: no data"])
def test_a_paper_then_no_info_is_a_column(message: str) -> None:
    paper = QUAC if "Quac" in message else GLUE
    assert facts(message) == {("unseen", r, paper) for r in range(8)}


def test_a_listed_reviewer_takes_every_paper_up_to_the_next() -> None:
    message = "Joseph Santos on Bleu, Noah wilson on Quac and swag, morgan reed on llama"
    expected = {
        ("rate", JOSEPH, BLEU, "high"),
        ("rate", NOAH, QUAC, "high"),
        ("rate", NOAH, SWAG, "high"),
        ("rate", MORGAN, LLAMA, "high"),
    }
    assert facts(message, ctx(requested="high")) == expected
