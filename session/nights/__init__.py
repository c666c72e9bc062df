"""A dice night: several games in a row with the same group, kept as one folder of journals,
and the standings across them (each game's own ranking, points where games share a scale, the
G1 settlement).  Everything here reads the journals; nothing but a journal is the record."""
