"""`reasoner serve`: the law, a case and its argument in a browser (docs/SERVE.md).

The only package that imports the web stack (Starlette, uvicorn), installed by the `web` extra.
app.py builds the Starlette application; adapter.py is the one place that calls the answering
pipeline (the same public functions the command line calls); safety.py holds the rules every
request passes (Host, CSRF, body size, paths inside FOLDER). Pages are Jinja2 templates with
autoescaping on, usable without JavaScript."""
