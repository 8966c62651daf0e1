"""Play in the browser: ``accord serve`` (FastAPI + WebSockets under uvicorn, the ``[web]`` extra).

:mod:`.sessions` holds the games and checks every input, :mod:`.app` serves the pages, the JSON API
and the WebSockets, :mod:`.store` logs every event to an append-only SQLite store, :mod:`.resume`
rebuilds the unfinished sessions of that log when the server starts again, :mod:`.study` and
:mod:`.study_routes` run a study, and :mod:`.log_results` reads the log for ``accord results``. Nothing here
names a game: a seat's view is its kit's ``observation_view`` and the page's widgets come from the
kit's ``web`` folder.
"""
