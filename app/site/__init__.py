"""The site's HTML pages, the words they show, and the banner the owner sets on them."""
