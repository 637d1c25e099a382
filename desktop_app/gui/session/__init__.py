"""The session on screen: sign-in, the countdown, the idle lock, sign-out."""
