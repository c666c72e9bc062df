"""Reading dice from a camera image.  Two stages: find the dice (``finder``), then read each
face, by counting pips (``classical``), with a small patch classifier (``learned``), or both
(``combined``); or one stage: a small detector that finds and reads every die at once
(``detector``, the default: the most accurate, the classical reader is the fastest).
``readers`` names them for the command line, the harness and the session."""
