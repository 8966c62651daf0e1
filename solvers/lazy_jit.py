"""Numba kernels compiled on first use, so that importing a module that defines them does not
import Numba (0.15-0.3 s): a command that only lists games or parses a message never pays for it.

:func:`njit_later` replaces ``numba.njit`` as a decorator. The first call of any kernel of a module
imports Numba and turns every kernel that module declared with :func:`njit_later` into a Numba
dispatcher (``numba.njit(**options)``, ``cache=True`` as given), and puts the dispatchers in the
module's namespace, where kernels that call one another find them when Numba compiles them. Later
calls go straight to the dispatcher (a name imported before that first call still works: it
forwards). Results are those of the same ``numba.njit`` kernels.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_DECLARED: dict[str, dict[str, tuple[Callable[..., Any], dict[str, Any]]]] = {}
_COMPILED: dict[str, dict[str, Any]] = {}
_LOCK = threading.Lock()


def njit_later(**options: Any) -> Callable[[F], F]:
    """``numba.njit(**options)``, made on the first call of any kernel of the decorated function's
    module (see the module docstring).

    Args:
        options: the options of ``numba.njit`` (``cache=True``, ``inline="always"`` ...).

    Returns:
        A decorator for a module-level function.
    """

    def declare(function: F) -> F:
        module, name = function.__module__, function.__name__
        _DECLARED.setdefault(module, {})[name] = (function, options)

        @functools.wraps(function)
        def first_call(*args: Any) -> Any:
            return dispatchers(module)[name](*args)

        return first_call  # type: ignore[return-value]

    return declare


def dispatchers(module: str) -> dict[str, Any]:
    """The Numba dispatchers of the kernels ``module`` declared with :func:`njit_later`, made once.

    Raises:
        KeyError: ``module`` declared no kernel.
    """
    made = _COMPILED.get(module)
    if made is not None:
        return made
    with _LOCK:
        made = _COMPILED.get(module)
        if made is None:
            from numba import njit

            made = {name: njit(**options)(function) for name, (function, options) in _DECLARED[module].items()}
            vars(sys.modules[module]).update(made)  # kernels call one another through module globals
            _COMPILED[module] = made
    return made
