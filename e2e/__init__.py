"""End-to-end tests: the built site in headless Chromium (see conftest.py)."""
