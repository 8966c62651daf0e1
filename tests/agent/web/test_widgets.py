"""Every built-in kit ships a browser widget: its ``web`` folder holds ``widget.js`` exporting
``render`` and any stylesheet it names; the shared page shell names no game."""

from __future__ import annotations

import re
from pathlib import Path

from agent.registry import default_registry

STATIC = Path(__file__).resolve().parents[3] / "agent" / "web" / "static"


def test_every_built_in_kit_declares_a_widget_that_exports_render() -> None:
    for kit in default_registry().kits.values():
        assert kit.web is not None, f"{kit.name} has no web folder"
        source = (Path(kit.web) / "widget.js").read_text()
        assert re.search(r"^export function render\(root, frame, api\)", source, re.M), kit.name
        sheet = re.search(r'^export const stylesheet = "([^"]+)"', source, re.M)
        assert sheet is None or (Path(kit.web) / sheet.group(1)).is_file(), kit.name


def test_the_page_shell_names_no_game() -> None:
    names = set()
    for kit in default_registry().kits.values():
        names.add(kit.name)
        names.update(part for part in kit.name.split("_") if len(part) > 3)
    for path in STATIC.iterdir():
        text = path.read_text().lower()
        found = sorted(name for name in names if name.lower() in text)
        assert not found, f"{path.name} names {found}"
