"""The game page: its controller, its one door to the engine, its save and settings."""
