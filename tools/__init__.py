"""Build, serve, test and benchmark tooling for the site (see README.md)."""
