"""``accord serve``: the JSONL export of a session log, one-line errors, and the missing extra."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.web.store import SessionStore

runner = CliRunner()


def test_serve_exports_the_log_as_json_lines(tmp_path: Path) -> None:
    db = tmp_path / "sessions.sqlite"
    store = SessionStore(db)
    store.create_session("s", "g", 0, {}, [])
    store.log("s", "created", {})
    store.close()
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["serve", "--db", str(db), "--export", str(out)])
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["record"] for line in out.read_text().splitlines()] == ["session", "event"]


def test_serve_without_a_log_to_export_is_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["serve", "--db", str(tmp_path / "none.sqlite"), "--export", "-"])
    assert result.exit_code == 2
    assert "no session log at" in result.output and len(result.output.strip().splitlines()) == 1


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    result = runner.invoke(app, ["serve"])
    assert result.exit_code == 2
    assert "pip install 'accord[web]'" in result.output


@pytest.mark.parametrize("db", ["", "{tmp}"])
def test_a_log_that_cannot_be_opened_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db: str) -> None:
    """Found by the CLI fuzz: an empty --db or a folder was an internal error before it was refused."""
    monkeypatch.setattr("uvicorn.run", lambda app, **options: pytest.fail("served"))
    result = runner.invoke(app, ["serve", "--db", db.format(tmp=tmp_path)])
    assert result.exit_code == 2, result.output
    assert "cannot open the session log" in result.output and len(result.output.strip().splitlines()) == 1


def test_a_bad_study_file_is_one_line_naming_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("uvicorn.run", lambda app, **options: pytest.fail("served"))
    bad = tmp_path / "study.toml"
    example = Path(__file__).resolve().parents[3] / "studies" / "partners.toml"
    bad.write_text(example.read_text().replace('partner = "baseline"', 'partner = "nobody"'))
    result = runner.invoke(app, ["serve", "--db", str(tmp_path / "s.sqlite"), "--study", str(bad)])
    assert result.exit_code == 2, result.output
    assert "conditions[1].partner:" in result.output and len(result.output.strip().splitlines()) == 1
