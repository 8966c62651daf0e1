"""Probe scripts of ``accord bench hot`` that name no game (see :class:`agent.kits.base.BenchProbe`)."""
