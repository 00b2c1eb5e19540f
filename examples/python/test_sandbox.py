"""Tests of an app's sandbox use, driven through the control API: python3 -m unittest (DEVELOPER_SANDBOX_URL, DEVELOPER_SANDBOX_ADMIN_TOKEN)."""
import os
import time
import unittest
from unittest import mock

from sandbox_control import api, control, setting

HALF_A_YEAR_MS = 181 * 24 * 3600 * 1000


def status_with_retry(key, attempts=3):
    """What an app should do on 503: retry, a little later."""
    for _ in range(attempts):
        status, body = api(key, "/status")
        if status != 503:
            return status, body
        time.sleep(0.05)
    return status, body


class SandboxTest(unittest.TestCase):
    def setUp(self):
        control("POST", "/reset")
        self.key = control("POST", "/keys", {"scopes": ["status.read"], "label": "python"})["key"]

    def test_key_expires_after_a_clock_jump(self):
        self.assertEqual(api(self.key, "/status")[0], 200)
        control("PUT", "/clock", {"advanceMs": HALF_A_YEAR_MS})
        status, problem = api(self.key, "/status")
        self.assertEqual(status, 401)
        self.assertEqual(problem["code"], "key_expired")

    def test_retries_after_an_injected_503(self):
        control("PUT", "/faults", {"authorizationUnavailable": True, "count": 1})
        status, body = status_with_retry(self.key)
        self.assertEqual(status, 200)
        statuses = [entry["status"] for entry in control("GET", "/requests")["requests"]]
        self.assertEqual(statuses, [200, 503])

    def test_latency_fault_slows_the_answer(self):
        control("PUT", "/faults", {"latencyMs": 300, "operations": ["getProjectStatus"]})
        started = time.monotonic()
        self.assertEqual(api(self.key, "/status")[0], 200)
        self.assertGreaterEqual(time.monotonic() - started, 0.3)

    def test_journal_records_what_the_app_sent(self):
        api(self.key, "/status")
        journal = control("GET", "/requests?operation=getProjectStatus&status=200")
        self.assertEqual(journal["total"], 1)
        entry = journal["requests"][0]
        self.assertEqual(entry["path"], "/api/developer/v1/status")
        self.assertEqual(entry["keyLabel"], "python")
        self.assertEqual(entry["request"]["headers"]["authorization"], "[redacted]")
        self.assertNotIn(self.key, str(journal))


class SettingTest(unittest.TestCase):
    def test_the_old_name_still_counts_with_a_warning(self):
        with mock.patch.dict(os.environ, {"SANDBOX_URL": "http://old.test"}, clear=True):
            with self.assertWarnsRegex(UserWarning, "rename it to DEVELOPER_SANDBOX_URL"):
                self.assertEqual(setting("DEVELOPER_SANDBOX_URL", "SANDBOX_URL", "x"), "http://old.test")

    def test_the_new_name_wins_silently(self):
        environment = {"SANDBOX_URL": "http://old.test", "DEVELOPER_SANDBOX_URL": "http://new.test"}
        with mock.patch.dict(os.environ, environment, clear=True):
            self.assertEqual(setting("DEVELOPER_SANDBOX_URL", "SANDBOX_URL", "x"), "http://new.test")


if __name__ == "__main__":
    unittest.main()
