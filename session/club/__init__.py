"""A club of many tables: each table publishes its journal to an MQTT broker, and a club board
rebuilds every table from those messages (the journal stays the source of truth)."""
