"""`accord dialop rescore` (the recorded human games re-score exactly), DialOp self-play and `accord dialop psp`."""

import json

from typer.testing import CliRunner

from agent.cli import app

runner = CliRunner()


def test_rescore_reproduces_every_recorded_game(tmp_path):
    out = tmp_path / "rescore.json"
    result = runner.invoke(app, ["dialop", "rescore", "--json", str(out)])
    assert result.exit_code == 0, result.stderr
    report = json.loads(out.read_text())
    assert {task: (r["games"], r["reproduced"]) for task, r in report.items()} == {
        "optimization": (134, 134),
        "planning": (113, 113),
        "mediation": (162, 162),
    }
    for task, paper in (("optimization", 0.921), ("planning", 0.886), ("mediation", 0.970)):
        assert round(report[task]["mean_norm"], 3) == paper
    assert "reproduced" in result.stdout


def test_rescore_one_task_and_an_unknown_one():
    result = runner.invoke(app, ["dialop", "rescore", "--task", "mediation", "--json", "-"])
    assert result.exit_code == 0 and list(json.loads(result.stdout)) == ["mediation"]
    result = runner.invoke(app, ["dialop", "rescore", "--task", "chess"])
    assert result.exit_code == 2 and "unknown DialOp task 'chess'" in result.stderr


def test_selfplay_reports_the_normalized_score_words_and_messages(tmp_path):
    out = tmp_path / "selfplay.json"
    result = runner.invoke(app, ["selfplay", "--game", "dialop_optimization", "--games", "3", "--json", str(out)])
    assert result.exit_code == 0, result.stderr
    assert "normalized score" in result.stdout
    report = json.loads(out.read_text())
    metrics = report["metrics"]
    score = metrics["normalized_score"]
    assert report["preset"] == "solver" and score["n"] == 3
    assert score["mean"] > 0.9 and metrics["agreed"]["mean"] == 1.0
    assert score["low"] <= score["mean"] <= score["high"]
    assert 0 < metrics["words"]["mean"] < 177 and metrics["messages"]["mean"] > 0
    words = [g["words"] for g in report["games"]]
    assert metrics["words"]["mean"] == sum(map(sum, words)) / 3  # the total over the seats, per game
    assert len(report["games"]) == 3


def test_psp_runs_the_conditions_and_draws_figure_5(tmp_path):
    out, png = tmp_path / "psp.json", tmp_path / "psp.png"
    args = ["dialop", "psp", "--game", "dialop_mediation", "--games", "2", "--prefix", "0.5,proposal"]
    result = runner.invoke(app, [*args, "--json", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.stderr
    report = json.loads(out.read_text())
    assert list(report["summary"]["mediation"]) == ["0.5", "proposal"]
    proposal = report["summary"]["mediation"]["proposal"]
    assert proposal["forced"] == 1.0 and proposal["games"] == 2
    assert len(report["games"]) == 4 and png.stat().st_size > 10_000
    assert "Figure 5" in result.stdout


def test_psp_refuses_unknown_conditions_and_games_in_one_line():
    result = runner.invoke(app, ["dialop", "psp", "--prefix", "0.9"])
    assert result.exit_code == 2 and "unknown prefix '0.9'" in result.stderr
    result = runner.invoke(app, ["dialop", "psp", "--game", "gnomes_at_night"])
    assert result.exit_code == 2 and "needs a DialOp game" in result.stderr


def test_psp_takes_slot_options_for_the_noisy_renderer(tmp_path):
    def messages(level: str) -> list[str]:
        out = tmp_path / f"t{level}.jsonl"
        args = ["dialop", "psp", "--game", "dialop_planning", "--games", "1", "--prefix", "0.5", "--agent", "noisy"]
        result = runner.invoke(app, [*args, "--option", f"renderer.level={level}", "--transcripts", str(out)])
        assert result.exit_code == 0, result.stderr
        return [t["message"] for t in json.loads(out.read_text().splitlines()[0])["transcript"] if t.get("message")]

    assert messages("0") != messages("3")  # level 0 says the templates unchanged
    args = ["dialop", "psp", "--game", "dialop_planning", "--games", "1", "--agent", "noisy"]
    result = runner.invoke(app, [*args, "--option", "renderer.lvl=2"])
    assert result.exit_code == 2 and "takes no option 'lvl'" in result.stderr


def test_parse_reads_a_message_in_the_names_of_a_generated_game():
    result = runner.invoke(app, ["parse", "--game", "dialop_optimization", "Ava on BLEU is 80."])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == [{"act": "opt_cell", "reviewer": 0, "paper": 0, "value": 80}]
    result = runner.invoke(app, ["parse", "--game", "dialop_mediation", "My Thursday 2pm meeting is very important"])
    assert json.loads(result.stdout) == [{"act": "med_event", "day": 1, "start": "14:00", "importance": 9}]
    result = runner.invoke(app, ["parse", "--game", "dialop_planning", "--reader", "7", "hello"])
    assert result.exit_code == 2 and "reader must be a seat of dialop_planning_v0: 0..1" in result.stderr


def test_parse_reads_a_message_in_the_dialogue_state_of_a_recorded_game() -> None:
    from agent.kits.dialop.recorded import recorded_context
    from agent.registry import default_registry
    from games.dialop.base import Propose
    from games.dialop.data import recorded_game
    from games.dialop.replay import recorded_turns

    registry = default_registry()
    agent = registry.build_agent(registry.preset("dialop_planning", "solver"))
    turns = recorded_turns("planning", recorded_game("planning", 99))
    k = next(i for i, (_, t) in enumerate(turns) if any(isinstance(a, Propose) for a in t.actions)) + 1
    proposal = next(a for a in turns[k - 1][1].actions if isinstance(a, Propose)).proposal
    context, message = recorded_context("planning", agent, {"recorded": "99", "turn": str(k)})
    assert context.last_proposal == tuple(proposal.slots) and message == turns[k][1].message
    before, _ = recorded_context("planning", agent, {"recorded": "99", "turn": "0"})
    assert before.last_proposal is None
    result = runner.invoke(
        app,
        [
            "parse",
            "--game",
            "dialop_mediation",
            "--recorded",
            "12",
            "--turn",
            "3",
            "Thursday at 10am is very important",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)[0]["act"] == "med_event"
    result = runner.invoke(app, ["parse", "--game", "dialop_planning", "--recorded", "113", "x"])
    assert result.exit_code == 2 and "recorded must be between 0 and 112" in result.stderr
    result = runner.invoke(app, ["parse", "--game", "dialop_planning", "--recorded", "1", "--turn", "999", "x"])
    assert result.exit_code == 2 and "turn must be between 0 and" in result.stderr
    result = runner.invoke(app, ["parse", "--game", "dialop_planning", "--turn", "2", "x"])
    assert result.exit_code == 2 and "turn needs recorded" in result.stderr
