"""A live or replayed session: the journal, recording, replay and the interpreters."""
