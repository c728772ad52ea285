"""The built-in opponent: MCTS with a solver and tactical checks, plus baseline players.

Works only through the game protocol (pygame_core.game), so every registered game is playable;
per-game choices are declared by each game (GameSpec.search, GameSpec.playout) and read
by `tuning`. Entry points: `player.make_player`, `player.MctsPlayer`,
`player.TurnSearch` (sliced search for the browser worker), `levels.LEVELS`, `budget.resolve`
(a level's settings for one game and worker count: the page's workers and the specs play it).

Nothing is imported here on purpose: the page imports `levels` at boot, and loading the search
code with it cost a few hundred milliseconds of start-up in the browser.
"""
