"""Window-free screen logic: what each screen shows, as plain values built from a game state."""
