"""Reading domino tiles: the tile reader (finder + half classifier), the layout graph and the
tile_laid observer."""
