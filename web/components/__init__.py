"""Renderers shared by the game, the rules pages and the demos: a catalog and values in, a
node out, nothing read from a controller."""
