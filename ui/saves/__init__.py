"""Saves and sharing: storage, the save format, named saves, export/import, share links, embeds,
and the panel that shows them."""
