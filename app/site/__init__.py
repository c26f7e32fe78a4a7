"""The site's HTML pages and the words they show."""
