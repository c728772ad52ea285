"""The play page's DOM: the modules that touch the browser's document (with ui/main.py)."""
