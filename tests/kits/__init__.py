"""Game kits that live only under tests/ (the proof that a game needs no edit to shared code)."""
