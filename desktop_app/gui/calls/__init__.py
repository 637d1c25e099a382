"""The one call policy every network call runs through, and the one table of error words."""
