"""The four languages: catalogs, plural rules and the sentences the game builds."""
