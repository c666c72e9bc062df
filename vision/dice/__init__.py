"""Reading dice from a camera image: find the dice (``finder``), then read each face, by
counting pips (``classical``) or with a small learned classifier (``learned``).  ``readers``
names them for the command line, the harness and the session."""
