"""Rich renderables for the commands.  Nothing here prints: only the CLI
owns a Console."""
