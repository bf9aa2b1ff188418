"""What ``explorer.exercises`` needs to know of each game: the position and the question in plain words,
read from views (``games``). Nothing here decides a rule: legality, trick winners and points are the
engine's, read from its states."""
