"""The ``twentyeight`` command."""
