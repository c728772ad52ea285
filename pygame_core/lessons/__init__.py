"""Lessons: each game's tutorials (one rule taught by a tiny position) and guided replays, as
data in the game's own package (`GameSpec.lessons`), read on first use and checked by the rules
(`check`). docs/lessons.md describes the format and how to add a lesson."""
