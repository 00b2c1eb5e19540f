/** Help texts and the one-line refusal for a bad command line. */

export const MAIN_HELP = `Usage: developer-sandbox <command> [options]

The Developer Sandbox API as a local HTTP server, for any client in any language.

Commands:
  serve                 Start the server (state survives restarts)
  keys issue            Issue a key (shown once)
  keys list             List keys (never a secret)
  keys revoke <id>      Revoke a key for good

Run "developer-sandbox <command> --help" for its options.
  --help, -h            Show this help
  --version, -v         Show the version
`

export const SERVE_HELP = `Usage: developer-sandbox serve [options]

Starts the sandbox API at http://<host>:<port>/api/developer/v1, with its
OpenAPI document at /openapi.json. When the state holds no active key, one
key with every scope is issued and shown once.

Options:
  --port <n>            Port to listen on (default 4010; 0 picks a free one)
  --host <address>      Address to bind (default 127.0.0.1; anything else is reachable from other machines)
  --state <file>        State database (default .developer-sandbox/state.db in this folder)
  --import <file>       Start from a workspace export (the playground's Export), into a new or empty state
  --cors <origins>      Comma-separated browser origins allowed to call
                        (default: any http://localhost:* and http://127.0.0.1:* origin)
  --clock <ISO date>    Start the sandbox clock at this instant (it then runs in real time)
  --faults <list>       Misbehave on purpose: authorization-unavailable (every request 503), latency=<ms>
  --journal <n>         Requests the control API's journal keeps (default 1000)

The control API (reset, clock, faults, the request journal) answers at
/_developer-sandbox to this machine, with the admin token from
DEVELOPER_SANDBOX_ADMIN_TOKEN when set, else a fresh one in the lock file.
  --help, -h            Show this help
`

export const KEYS_HELP = `Usage: developer-sandbox keys <issue|list|revoke> [options]

Works with a running server on the same state file (the change applies at
once) and without one (the state file is changed directly); with --url, on a
remote sandbox (a team sandbox on Cloudflare Workers, or a serve you reach).

  keys issue --scopes <a,b,...> [--app <name>] [--environment <name>] [--label <text>]
  keys list
  keys revoke <key id>

Options:
  --state <file>        State database (default .developer-sandbox/state.db in this folder)
  --url <origin>        A remote sandbox, e.g. https://sandbox.example.workers.dev or
                        its /workspaces/<name> (or DEVELOPER_SANDBOX_URL)
  --token <token>       Its admin token (or DEVELOPER_SANDBOX_ADMIN_TOKEN)
  --json                Print JSON instead of text
  --help, -h            Show this help

Scopes: status.read, profile.read, sessions.read, usage.read, webhooks.read,
        tools.read, tools.validate, tools.preview, webhooks.test
`

/** A command line that cannot run; printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}
