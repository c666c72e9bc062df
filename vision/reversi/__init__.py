"""The Reversi board camera: ``reader`` (the board found as the green quadrilateral in view,
each square read as black, white or empty), ``readers`` (the reader table the family registry
offers), ``observe`` (a board that stays the same over a few frames becomes a ``board_seen``
fact)."""
