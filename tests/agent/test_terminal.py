"""Terminal play helpers: literal one-line output (issue 12); the /submit check is tested with the game."""

import io

from rich.console import Console

from agent.terminal import LiteralTable, one_line, say


def test_one_line_escapes_controls_and_cuts_long_text():
    """Issue 12 #2: line breaks, escapes and undecodable bytes are shown escaped; huge text is cut."""
    assert one_line("a\nb\x1b[31m\udcff") == "a\\nb\\x1b[31m\\udcff"
    cut = one_line("x" * 5000, limit=100)
    assert cut.startswith("x" * 100) and "4,900 more characters" in cut and "\n" not in cut


def test_say_and_literal_tables_print_markup_as_text():
    """Issue 12 #2: bracketed text is printed as typed, never read as rich markup."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=200, color_system=None)
    say(console, ("error:", "bold red"), " unknown game '[/]' [bold]x[/bold] [embed]")
    table = LiteralTable(title="[/i] title", caption="[bootstrap 95%]", min_width=60)
    table.add_column("[b]")
    table.add_row("[/]")
    console.print(table)
    text = buffer.getvalue()
    assert "error: unknown game '[/]' [bold]x[/bold] [embed]" in text
    for shown in ("[/i] title", "[bootstrap 95%]", "[b]", "[/]"):
        assert shown in text
