"""What the three DialOp kits (Lin et al., seed 004) add beyond their slots and presets
(:mod:`agent.kits.dialop_family`): their commands and the work behind them.

| module | what |
| --- | --- |
| :mod:`.commands` | ``accord dialop rescore`` and ``accord dialop psp`` (:data:`.commands.COMMANDS`) |
| :mod:`.psp` | prompted self-play: agents finish the recorded human dialogues (Figure 5) |
| :mod:`.plots` | the Figure 5 bar chart |

Every DialOp kit declares the same commands; the command line mounts them once.
"""
