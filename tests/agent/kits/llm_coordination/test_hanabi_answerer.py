"""The neurosymbolic Hanabi answerer of CoordinationQA (issue 15): every Hanabi scenario becomes a
position as its text states it, the answerer never reads the key, its move answers are legal moves,
its report adds up, and on hand-written positions (not from the benchmark) it gives the answers
derived by hand from the rules and the conventions."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.kits.llm_coordination import qa
from agent.kits.llm_coordination.hanabi_answerer import answer_question, question_sentence
from agent.kits.llm_coordination.hanabi_position import option_moves, read_position
from agent.kits.llm_coordination.symbolic_qa import answer_all, mover, score_answers, symbolic_report
from beliefs.hanabi import HanabiBeliefs
from games.hanabi import COLOR_NAMES, Discard, Play, RevealColor, RevealRank
from planners.random_moves import UniformMovePlanner
from tests.beliefs.hanabi_positions import selfplay

BENCH = qa.load_benchmark()
HANABI = [q for q in BENCH.questions if q.game == "Hanabi"]


def test_there_are_84_hanabi_questions():
    assert len(HANABI) == 84 and {q.category for q in HANABI} == {"EC", "ToM", "JP"}


@pytest.mark.parametrize("question", HANABI, ids=[q.id for q in HANABI])
def test_every_scenario_is_a_position_as_its_text_states(question):
    text = question.question
    pos = read_position(text)
    obs = pos.observation
    mine = re.findall(r"^\s*Card \d+ could be", text, re.MULTILINE)
    seen = re.findall(r"\[Card \d+:", text)
    assert len(obs.hands[0].knowledge) == len(mine) and obs.hands[0].cards is None
    assert obs.hands[1].cards is not None and len(obs.hands[1].cards) == len(seen)
    assert len(obs.hands[1].knowledge) == len(seen) == len(pos.beliefs.slots[1])
    assert obs.information_tokens == int(re.search(r"Reveal Tokens:\s*(\d+)", text).group(1))
    assert obs.life_tokens == int(re.search(r"Lives:\s*(\d+)", text).group(1))
    assert obs.deck_size == int(re.search(r"Deck Size:\s*(\d+)", text).group(1)) == pos.beliefs.deck_size
    stacks = text.split("Current Stacks:")[1].split("My cards")[0]
    for color, height in re.findall(r"(Red|Yellow|Green|White|Blue)\s*-\s*\D*(\d)", stacks):
        assert obs.fireworks[COLOR_NAMES.index(color.lower())] == int(height)
    assert pos.beliefs.fireworks == list(obs.fireworks)
    assert sum(pos.beliefs.discarded) == len(obs.discards)
    # the stated knowledge is what the belief store starts from: a seen card is in its holder's knowledge
    for card, slot in zip(pos.partner_cards, pos.beliefs.slots[1], strict=True):
        assert slot.known >> card & 1


def test_the_answerer_never_reads_the_key(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("the answerer read the key")

    monkeypatch.setattr(qa.AnswerKey, "__getitem__", forbidden)
    monkeypatch.setattr(qa, "load_benchmark", forbidden)
    monkeypatch.setattr(qa, "score", forbidden)
    answers = answer_all(HANABI)
    assert len(answers) == len(HANABI)


@pytest.mark.parametrize("agent", ["convention", "search"])
def test_move_answers_are_legal_moves_of_the_position(agent):
    chooser = mover(agent)
    for question in HANABI:
        if question.category != "JP" and agent == "search":
            continue  # the search planner only names moves: the JP questions show it
        answer = answer_question(question, chooser)
        if answer.template != "move" or answer.letter is None:
            continue
        obs = read_position(question.question).observation
        assert option_moves(question.options, obs)[answer.letter] in obs.legal_moves(), question.id


def test_an_unknown_agent_is_one_line():
    result = CliRunner().invoke(app, ["qa", "symbolic", "--agent", "oracle"])
    assert result.exit_code == 2 and "unknown agent 'oracle'" in result.output


def test_every_jp_option_names_a_move():
    for question in (q for q in HANABI if q.category == "JP"):
        obs = read_position(question.question).observation
        assert set(option_moves(question.options, obs)) == {o.letter for o in question.options}, question.id


def test_options_are_read_as_moves_however_they_are_worded():
    obs = read_position(STATE.format(tokens=3)).observation
    worded = ["Play my Card 2.", "I should Discard Card 0", "Reveal Bob's Red cards", "Reveal partner's Rank 5 Cards."]
    options = [qa.Option(letter=chr(ord("A") + i), text=t) for i, t in enumerate([*worded, "Wait."])]
    assert option_moves(options, obs) == {
        "A": Play(card=2),
        "B": Discard(card=0),
        "C": RevealColor(target=1, color="red"),
        "D": RevealRank(target=1, rank=5),
    }


def test_the_report_adds_up():
    report = symbolic_report(BENCH.select(["hanabi"]))
    summary = report["summary"]
    assert sum(summary[c]["questions"] for c in ("EC", "ToM", "JP")) == summary["all"]["questions"] == 84
    for entry in summary.values():
        assert entry["right"] <= entry["answered"] <= entry["questions"]
        assert entry["accuracy"] == pytest.approx(entry["right"] / entry["questions"])
        assert entry["coverage"] == pytest.approx(entry["answered"] / entry["questions"])
        if entry["answered"]:
            assert entry["accuracy_answered"] == pytest.approx(entry["right"] / entry["answered"])
    assert summary["all"]["random"] == pytest.approx(qa.random_baseline(HANABI, BENCH.key))
    assert sum(t["questions"] for t in report["templates"].values()) == 84
    assert sum(t["right"] for t in report["templates"].values()) == summary["all"]["right"]
    rows = report["answers"]
    assert [r["id"] for r in rows] == [q.id for q in HANABI]
    assert sum(r["letter"] is not None for r in rows) == summary["all"]["answered"]
    assert all(r["correct"] == qa.score(r["id"], r["letter"], BENCH.key) for r in rows)


def test_an_abstention_is_wrong_and_not_answered():
    question = HANABI[0]
    garbled = question.model_copy(update={"question": "What now?\nAvailable Answers:\nA. Yes.\nB. No."})
    answer = answer_question(garbled)
    assert answer.letter is None
    scored = score_answers([garbled], [answer], BENCH.key)["summary"]["all"]
    assert (scored["answered"], scored["right"], scored["accuracy_answered"]) == (0, 0, None)


def test_a_text_the_rules_cannot_have_is_not_a_position():
    text = STATE.format(tokens=3).replace("Yellow 1]", "Yellow 7]")
    with pytest.raises(ValueError, match="Yellow 7|yellow 7"):
        read_position(text)
    with pytest.raises(ValueError, match="tokens"):
        read_position(STATE.format(tokens=9))


def test_the_command_reports_per_category(tmp_path):
    out = tmp_path / "symbolic.json"
    result = CliRunner().invoke(app, ["qa", "symbolic", "--games", "hanabi", "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert set(data["summary"]) == {"EC", "ToM", "JP", "Hanabi", "Hanabi/EC", "Hanabi/ToM", "Hanabi/JP", "all"}
    assert len(data["answers"]) == 84


# ---- hand-written positions (not from the benchmark), answers derived by hand ----------------------

STATE = """It is currently My (Alice) turn. Current Stacks: Red - Red 2, Yellow - Yellow 0, Green - Green 1, White - White 0, Blue - Blue 5
My cards based on my knowledge:
Card 0 could be: [Red] [3]
Card 1 could be: [Yellow, Green, White] [1]
Card 2 could be: [Blue] [1, 2, 3, 4, 5]
Card 3 could be: [Red, Yellow, Green, White, Blue] [1, 2, 3, 4, 5]
Card 4 could be: [Red, Yellow, Green, White, Blue] [1, 2, 3, 4, 5]
I can see Bob's Cards are:
[Card 0: Yellow 1]
[Card 1: White 5]
[Card 2: Green 3]
[Card 3: Red 1]
[Card 4: Green 2]
Bob's Knowledge about his cards:
Bob believes his Card 0 could be: [Red, Yellow, Green, White, Blue] [1, 2, 3, 4, 5]
Bob believes his Card 1 could be: [White] [5]
Bob believes his Card 2 could be: [Red, Yellow, Green, White, Blue] [1, 2, 3, 4, 5]
Bob believes his Card 3 could be: [Red, Yellow, Green, White, Blue] [1, 2, 3, 4, 5]
Bob believes his Card 4 could be: [Red, Yellow, Green, White, Blue] [1, 2, 3, 4, 5]
Remaining Reveal Tokens: {tokens}
Remaining Lives: 2
Deck Size: 20
The discard pile is: [Green 3, Red 4]
My Action History: []

"""
CLUES = [
    "Reveal Bob's Yellow color cards.",
    "Reveal Bob's White color cards.",
    "Reveal Bob's Green color cards.",
    "Reveal Bob's Red color cards.",
    "Reveal Bob's rank 1 cards.",
    "Reveal Bob's rank 2 cards.",
    "Reveal Bob's rank 3 cards.",
    "Reveal Bob's rank 5 cards.",
]
OWN = [f"{kind} Card {i}." for kind in ("Play", "Discard") for i in range(5)]


def ask(sentence: str, options: list[str], category: str = "EC", tokens: int = 3) -> str | None:
    """The letter the answerer picks for a hand-written question, and the text of that option."""
    header = "Available Actions:" if category == "JP" else "Available Answers:"
    lines = [f"{chr(ord('A') + i)}. {o}" for i, o in enumerate(options)]
    text = STATE.format(tokens=tokens) + sentence + "\n" + header + "\n" + "\n".join(lines)
    question = qa.Question(
        id="hand-00-x",
        scenario=0,
        game="Hanabi",
        category=category,
        game_description="",
        directive="",
        question=text,
        options=qa.parse_options(text),
    )
    assert question_sentence(text) == sentence
    letter = answer_question(question).letter
    return None if letter is None else options[ord(letter) - ord("A")]


COUNTS = ["0", "1", "2", "3", "4", "5"]


def test_hand_written_facts():
    # Bob's Y1 and G2 extend their stacks; R1 never can (red is at 2)
    assert ask("How many of Bob's cards are immediately playable?", COUNTS) == "2"
    assert ask("Does Bob have any cards that can never be played?", ["Yes.", "No."]) == "Yes."
    # G3 has one copy left (the other is discarded) and W5 is a five: two last copies
    assert ask("Which of Bob's cards are the last of their kind?", ["Only his Card 1", "His Card 1 and Card 2"]) == (
        "His Card 1 and Card 2"
    )
    # my Card 0 is the red 3 (red is at 2); my Card 2 is blue, and blue is complete
    assert ask("Based on my knowledge, how many of my cards are playable for sure?", COUNTS) == "1"
    assert ask("How many of my cards can never be played in the future?", COUNTS) == "1"
    assert ask("How many points have we scored so far?", ["0 points.", "5 points.", "More than 5 points."]) == (
        "More than 5 points."
    )
    assert ask("How many stacks require a rank 1 card to be played?", COUNTS) == "2"
    assert ask("Are any of the stacks completed?", ["Yes.", "No."]) == "Yes."
    assert ask("Is Bob's Card 4 immediately playable?", ["Yes.", "No."]) == "Yes."
    assert ask("Is Bob's Card 3 playable?", ["Yes.", "No."]) == "No."
    assert ask("How many lives do we have left?", COUNTS) == "2"
    assert ask("How many cards are left in the deck?", ["10", "20", "30"]) == "20"
    move_types = ["All move types are currently possible.", "Revealing information is currently not possible."]
    assert ask("Which move type is currently not possible?", move_types) == move_types[0]
    assert ask("Which move type is currently not possible?", move_types, tokens=0) == move_types[1]
    assert (
        ask("Is it possible for me to reveal information to Bob about his cards this turn?", ["Yes.", "No."], tokens=0)
        == "No."
    )
    assert (
        ask("If I give a clue this turn, will Bob be able to give me any clues on his turn?", ["Yes.", "No."], tokens=1)
        == "No."
    )


def test_hand_written_clues():
    # rank 2 touches only the green 2 and, as a play clue, names it; green also touches the green 3
    assert ask("What information should I reveal so that he knows to play his Card 4 on the next turn?", CLUES) == (
        "Reveal Bob's rank 2 cards."
    )
    # the unclued last copy is the green 3; rank 3 touches it alone (W5 is already known)
    assert ask("What information should I reveal so that he does not discard his unique cards?", CLUES) == (
        "Reveal Bob's rank 3 cards."
    )
    # Card 2 (green 3) is not playable: nothing to compute, so no answer
    assert ask("What should I reveal so that he knows to play his Card 2 on the next turn?", CLUES) is None
    assert ask("What should I reveal so that he knows to play his Card 7 on the next turn?", CLUES) is None


def test_hand_written_moves():
    # without a token no clue is possible: play the card known to be the red 3
    assert ask("What action should I take next?", OWN, "JP", tokens=0) == "Play Card 0."
    assert ask(
        "What can I infer from my partner's previous action?", [f"I should {o}" for o in OWN], "ToM", tokens=0
    ) == ("I should Play Card 0.")


def test_from_position_matches_a_replayed_store_on_what_the_text_carries():
    """A store seeded from a position (no history) has the replayed store's stacks, discards, deck
    and clue knowledge, every clued card marked clued, and no convention reading."""

    def check(state, store, obs, intent):
        seeded = HanabiBeliefs.from_position(obs)
        assert seeded.fireworks == store.fireworks and seeded.discarded == store.discarded
        assert seeded.deck_size == store.deck_size and seeded.hands == store.hands
        for mine, theirs in zip(seeded.slots, store.slots, strict=True):
            assert [a.known for a in mine] == [b.known for b in theirs]
            assert all(a.clued for a, b in zip(mine, theirs, strict=True) if b.clued)
            assert all(a.mask == seeded.tables.full for a in mine)

    for seed in range(3):
        selfplay(2, seed, UniformMovePlanner(), check)
