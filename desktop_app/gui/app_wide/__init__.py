"""Services every window gets without asking: the card guard on every field, the window watch it
and the idle clock rely on, saving to files."""
