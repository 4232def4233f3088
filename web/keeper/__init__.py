"""The score keeper page (keeper/): a real table's game kept deal by deal."""
