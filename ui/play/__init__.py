"""The game as the page sees it: the session, seats, the new-game form's data, notes and help. Pure."""
