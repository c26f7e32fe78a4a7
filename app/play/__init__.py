"""The only bridge between the web and the rules: registry, runner, websocket hub, patches."""
