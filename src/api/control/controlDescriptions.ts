/** What each operation does beyond its summary: a linter (and a reader of the reference) asks for it. */
export const DESCRIPTIONS: Record<string, string> = {
  getClock: 'What the sandbox clock shows now and how far it is from real time. Key expiry, rate windows and usage days follow this clock.',
  setClock: 'Jumps the clock to `now`, or moves it by `advanceMs`; it runs on from there. Jump 181 days ahead to watch a key expire.',
  resetClock: 'Puts the sandbox clock back on real time (offset 0).',
  getFaults: 'The faults in force: how the sandbox misbehaves, for which operations, and for how many more requests.',
  setFaults:
    'Replaces every fault at once: authorisation failing (503), added latency, for some or every operation, for a count of requests or until cleared.',
  clearFaults: 'Removes every fault; the sandbox answers normally again.',
  listRequests: 'The requests the sandbox answered, newest first, narrowed by the query parameters.',
  clearRequests: 'Empties the request journal.',
  resetSandbox:
    'Starts the sandbox afresh: usage, rate windows, the journal, faults and the clock go, and keys too unless `keepKeys` is true. On a team workspace whose saved state does not load (a record damaged by hand), this is the one call it still takes: with `keepKeys` it keeps every key, project and webhook endpoint that passes its check and lists the others in `dropped`, or answers 409 and changes nothing when a good key would be lost with them.',
  exportState:
    'The whole workspace in the format of the playground export, to import later or elsewhere. Keys are in it as their hashes, never as plaintext.',
  importState:
    'Replaces the workspace with an export, all or nothing: a snapshot that is malformed or inconsistent answers 400 and changes nothing.',
  listKeys: 'Every key with its scopes and state, newest first; never a secret.',
  issueKey: 'Issues a key with the scopes asked for, random or the fixed `key` given; the plaintext is in this answer only.',
  revokeKey: 'Revokes a key for good: from then on it answers 401 key_revoked.',
  listWorkspaces:
    'The team sandbox only: every named workspace with when it was made, when it was last used, its expiry and its key count. Listing wakes no workspace.',
  createWorkspace:
    'The team sandbox only: makes a named workspace, optionally expiring after `expiresInDays`; on one that exists, sets the new expiry and changes nothing else.',
  deleteWorkspace:
    "The team sandbox only: deletes the workspace's storage and its name; its keys are refused at once. The default workspace cannot be deleted.",
}
