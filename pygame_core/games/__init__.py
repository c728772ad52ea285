"""One module per game: state, legal actions, apply, outcome, notation, and its SPEC."""
