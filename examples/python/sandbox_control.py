"""A small client of the Developer Sandbox and its control API, on Python's standard library only."""
import json
import os
import urllib.error
import urllib.request
import warnings


def setting(name, old_name, default):
    """An environment variable by its name; the name it had before still counts, with a warning."""
    if os.environ.get(name):
        return os.environ[name]
    if os.environ.get(old_name):
        warnings.warn(f"{old_name} is read as {name}: rename it to {name}.", stacklevel=2)
        return os.environ[old_name]
    return default


SANDBOX_URL = setting("DEVELOPER_SANDBOX_URL", "SANDBOX_URL", "http://127.0.0.1:4010")
ADMIN_TOKEN = setting("DEVELOPER_SANDBOX_ADMIN_TOKEN", "SANDBOX_ADMIN_TOKEN", "")
API = SANDBOX_URL + "/api/developer/v1"
CONTROL = SANDBOX_URL + "/_developer-sandbox"


def request(method, url, body=None, token=None):
    """Sends one request; returns (status, parsed JSON body). HTTP errors are answers, not exceptions."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Accept": "application/json"}
    if data is not None:
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def control(method, path, body=None):
    """Calls the control API with the admin token; fails loudly on a refusal."""
    status, answer = request(method, CONTROL + path, body, ADMIN_TOKEN)
    if status >= 400:
        raise AssertionError("control %s %s answered %s: %s" % (method, path, status, answer))
    return answer


def api(key, path):
    return request("GET", API + path, token=key)
