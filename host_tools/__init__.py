"""Host-side tools of the cribbage board: one `crib` command (see host_tools.cli)."""
