"""How the app looks, speaks and sits on the screen: the style sheet and icons, translations and
the values it knows in the person's language, where each window opens and how big."""
