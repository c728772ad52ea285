"""Drawing the board: cell geometry to pixels, board art, colours, the canvas painter. Pure."""
