"""The statistics: the game page's entry when a session ends, and the statistics page."""
