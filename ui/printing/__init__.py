"""Printable pages laid out as players keep them on paper: one game's score sheet and a whole
night's report, as PDF documents made without Qt (fpdf2), so the command line and the phone
page's downloads print the same pages the replay viewer shows."""
