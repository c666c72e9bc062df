"""A hold'em table's own camera parts: the burn spot (:mod:`vision.holdem.burns`)."""
