"""Playing cards on the table: deck profiles, card faces, finding card corners, reading their
indices (a template matcher and a small learned classifier), the Durak layout and its facts."""
