"""The process and the machine under it: tuning for a desk that runs all week (the garbage
collector paused while large lists are built, large blocks given pages of their own) and the
files a person or IT names, read only when they are files (``files``). Qt-free; imports
nothing of the app, so the window's first paint may use it."""
