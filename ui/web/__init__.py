"""The score on players' phones: a live page served on the local network from the live
session's events (Starlette under uvicorn), a history page per session with its sheet and
downloads, and the operator's confirm and undo behind a PIN.  The journal stays the record:
the page only reads it, and an operator's tap is posted to the session like a button press."""
