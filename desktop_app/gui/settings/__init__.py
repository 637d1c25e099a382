"""Every setting of the app, declared once, and the one reader and writer of them (QSettings
inside): the person's file and IT's for every desk."""
