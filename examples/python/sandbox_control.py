"""A small client of the Developer Sandbox and its control API, on Python's standard library only."""
import json
import os
import urllib.error
import urllib.request

SANDBOX_URL = os.environ.get("SANDBOX_URL", "http://127.0.0.1:4010")
ADMIN_TOKEN = os.environ.get("SANDBOX_ADMIN_TOKEN", "")
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
