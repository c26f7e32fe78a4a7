"""The owner's page, /admin: live tables, finished games, ending and deleting tables, and the
banner every page shows. It exists only when ADMIN_TOKEN is set."""
