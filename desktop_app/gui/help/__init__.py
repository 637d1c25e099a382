"""Help: keyboard shortcuts, About, diagnostics."""
