"""Recording card payments, and the payments whose outcome is not settled."""
