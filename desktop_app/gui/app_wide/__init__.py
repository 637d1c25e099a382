"""Services every window gets without asking: the card guard, the window watch, window
placement, saving to files."""
