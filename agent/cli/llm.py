"""``accord llm serve``: an OpenAI-compatible server on 127.0.0.1 for ``--llm-base-url`` (a local
GGUF model, or the scripted model)."""

from __future__ import annotations

import typer

from agent.cli.common import UserError, _guard, console
from agent.terminal import say


def llm_serve_command(
    model: str | None = typer.Argument(
        None, help="a .gguf file, or a packaged model: smollm2-135m | gemma3-270m (the [local] extra)"
    ),
    port: int = typer.Option(8080, min=0, max=65535, help="port on 127.0.0.1 (0 = any free port)"),
    scripted: bool = typer.Option(
        False, "--scripted", help="serve Accord's scripted model instead (rule parser and templates; for plumbing)"
    ),
    chat_format: str | None = typer.Option(None, help="llama.cpp chat format (default: the packaged model's)"),
    n_ctx: int = typer.Option(8192, min=512, help="context window in tokens"),
    threads: int | None = typer.Option(None, min=1, help="CPU threads for llama.cpp"),
) -> None:
    """Start an OpenAI-compatible server on 127.0.0.1 for --llm-base-url: a local GGUF model through
    llama-cpp-python, or (--scripted) the scripted model. Runs until interrupted."""

    def run() -> None:
        import subprocess

        if scripted:
            from agent.registry import default_registry
            from language.scripted_server import ScriptedLLMServer

            server = ScriptedLLMServer(port=port, responder=default_registry().oracle())
            say(
                console,
                f"scripted model at {server.url} (use --llm-base-url {server.url} --llm-model scripted); Ctrl-C stops",
            )
            server.serve_forever()
            return
        from language.local_models import resolve_model, server_command

        if model is None:
            raise UserError("give a .gguf file or a packaged model name (smollm2-135m, gemma3-270m), or --scripted")
        gguf, alias, default_format = resolve_model(model)
        command = server_command(gguf, alias, port, chat_format or default_format, n_ctx, threads)
        say(
            console,
            f"serving {gguf.name} as {alias!r} at http://127.0.0.1:{port}/v1 "
            f"(use --llm-base-url http://127.0.0.1:{port}/v1 --llm-model {alias} --llm-mode llamacpp); Ctrl-C stops",
        )
        raise typer.Exit(code=subprocess.call(command))

    _guard(run)
