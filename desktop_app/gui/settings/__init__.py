"""Every setting declared once, IT's file checked, the Settings dialog, the connection check."""
