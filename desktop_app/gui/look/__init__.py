"""How the app looks and speaks: the style sheet, icons, translations, and the values it knows
in the person's language."""
