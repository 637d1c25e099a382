"""Setting up this desk: File ▸ Settings, the connection check (also `--check-connection`),
and what in IT's file for every desk cannot be used."""
