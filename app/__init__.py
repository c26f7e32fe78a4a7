"""Tinkertable: play board games with friends in the browser, refereed by this server."""
