"""Process-wide tuning for a desk that runs all week: the garbage collector paused while large
lists are built, and the C heap's freed memory handed back. Qt-free; imports nothing of the
app."""
