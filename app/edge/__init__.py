"""The edge: what every request meets before the site's own code, and how errors leave it."""
