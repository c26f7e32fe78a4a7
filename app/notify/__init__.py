"""'Your turn' for people who are not looking: Web Push and email (issue 19, point 3).

- `keys`: the server's VAPID key pair, made once and kept in the database.
- `push`: sending one encrypted message to a browser's push service (pywebpush).
- `mail`: sending one email through the host's SMTP server (aiosmtplib), when `SMTP_URL` is set.
- `presence`: which seats have an open connection on any server process.
- `alerts`: the hook the referee calls after it records an action: whom the game turned to,
  and what they are sent.
- `router`: the table page's calls to switch notifications on and off.
"""
