"""The end-to-end tests: the built site in a real Chromium (Playwright)."""
