"""What people touch: the ``tableref`` command line and the Qt windows."""
