"""DialOp: the three decision-oriented dialogue games (Lin et al., TACL 2024)."""
