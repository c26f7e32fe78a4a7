FROM python:3.11-slim
WORKDIR /srv/tinkertable
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    UV_PYTHON_DOWNLOADS=never UV_SYSTEM_CERTS=1 UV_COMPILE_BYTECODE=1 UV_LINK_MODE=copy
# uv (the version of scripts/setup-env.sh) installs exactly what uv.lock names, hashes checked:
# first the dependencies alone (a layer rebuilt only when the lock changes), then the project.
RUN pip install --no-cache-dir uv==0.13.9
COPY pyproject.toml uv.lock README.md ./
# The lock names the test extra's game from outside by its path: uv reads its pyproject.toml to
# check the lock (never installed here: the test extra alone installs it).
COPY tests/outside_game/pyproject.toml ./tests/outside_game/
RUN uv sync --locked --no-cache --no-install-project
COPY app ./app
RUN uv sync --locked --no-cache
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
# The project is installed in editable mode: templates, static files and migrations are read
# from here.
ENV PATH=/srv/tinkertable/.venv/bin:$PATH HOST=0.0.0.0 PORT=8000
EXPOSE 8000
USER nobody
CMD ["sh", "-c", "tinkertable serve --host \"$HOST\" --port \"$PORT\""]
