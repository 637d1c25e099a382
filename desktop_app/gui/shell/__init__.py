"""The app's shell and process: start-up, the main window that assembles the parts, the event
loop's fixes, stop signals, memory handed back."""
