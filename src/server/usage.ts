/** Help texts and the one-line refusal for a bad command line. */

export const MAIN_HELP = `Usage: developer-sandbox <command> [options]

The Developer Sandbox API as a local HTTP server, for any client in any language.

Commands:
  serve                 Start the server (state survives restarts)
  keys issue            Issue a key (shown once)
  keys list             List keys (never a secret)
  keys revoke <id>      Revoke a key for good
  workspaces ...        List, create and delete a team sandbox's workspaces
  control ...           Reset, move the clock, inject faults, read the request journal

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
  --allowed-hosts <list>  Host names to answer besides localhost, *.localhost, IP addresses
                        and --host (comma-separated; .example.test allows it and its
                        subdomains; true allows any). Others get 403 host_not_allowed,
                        which keeps DNS-rebinding web pages out
  --clock <ISO date>    Start the sandbox clock at this instant (it then runs in real time)
  --faults <list>       Misbehave on purpose: authorization-unavailable (every request 503), latency=<ms>
  --journal <n>         Requests the control API's journal keeps (default 1000; 0: none)
  --open                Open the playground (served at /) in the browser, signed in once

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
  --quiet, -q           Print only the new key (issue), the key ids (list) or
                        nothing (revoke), for scripts: KEY=$(… keys issue … -q)
  --help, -h            Show this help

Scopes: status.read, profile.read, sessions.read, usage.read, webhooks.read,
        tools.read, tools.validate, tools.preview, webhooks.test
`

export const CONTROL_HELP = `Usage: developer-sandbox control <command> [options]

Drives a running sandbox through its control API (/_developer-sandbox).

  control reset [--keep-keys]
  control clock                      Show the sandbox clock
  control clock set <ISO instant>    Jump to that instant
  control clock advance <ms>         Move by that much (negative: back)
  control clock real                 Back to real time
  control faults                     Show the faults
  control faults set [--authorization-unavailable] [--latency <ms>] [--operations <id,...>] [--count <n>]
  control faults clear
  control requests [--operation <id>] [--status <n>] [--key-id <id>] [--since <ISO>] [--limit <n>]
  control requests clear

Options:
  --url <origin>        The sandbox, e.g. http://127.0.0.1:4010 (default: DEVELOPER_SANDBOX_URL,
                        else the server running on --state)
  --token <token>       The admin token (default: DEVELOPER_SANDBOX_ADMIN_TOKEN, else that server's)
  --state <file>        State database whose server to find (default .developer-sandbox/state.db)
  --json                Print JSON instead of text
  --help, -h            Show this help
`

export const WORKSPACES_HELP = `Usage: developer-sandbox workspaces <list|create|delete> [options]

Manages the named workspaces of a team sandbox (Cloudflare Workers, or
npm run team:dev), each at <origin>/workspaces/<name>.

  workspaces list
  workspaces create <name> [--expires-in-days <n>]   Or, on an existing one, set a new expiry
  workspaces delete <name>                           Its keys are refused at once, its storage deleted

Options:
  --url <origin>        The team sandbox, e.g. https://sandbox.example.workers.dev (or DEVELOPER_SANDBOX_URL)
  --token <token>       Its admin token (or DEVELOPER_SANDBOX_ADMIN_TOKEN)
  --expires-in-days <n> Delete the workspace n days from now (1-365)
  --json                Print JSON instead of text
  --quiet, -q           Print only the workspace URL (create), the names (list) or nothing (delete)
  --help, -h            Show this help
`

/** A command line that cannot run; printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}
