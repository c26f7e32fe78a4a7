FROM python:3.11-slim
WORKDIR /srv/tinkertable
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
COPY pyproject.toml README.md ./
COPY app ./app
RUN pip install --no-cache-dir .
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
# The package is installed, but templates, static files and migrations are read from here.
ENV HOST=0.0.0.0 PORT=8000
EXPOSE 8000
USER nobody
CMD ["sh", "-c", "cd /srv/tinkertable && python -m app.cli serve --host \"$HOST\" --port \"$PORT\""]
