/**
 * Run by `tests/server/journalGarbage.test.ts` in a Node process of its own,
 * started the way `serve` starts, so no test runner's heap or earlier test
 * decides what V8 promotes: imports a large state into the built server's
 * persistent sandbox with the request journal `serve` keeps, then prints the
 * old generation's intake per request of GET /status as JSON.
 *
 *   node tests/server/support/journalIntake.ts <dist-lib folder> <state folder>
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { numberedKeys, statusIntakePerRequest } from '../../support/oldGenerationIntake.ts'

const [library = '', folder = ''] = process.argv.slice(2)
const load = (path: string) => import(pathToFileURL(join(library, path)).href)
const { snapshotFromFixture } = await load('api/core.js')
const { RequestJournal } = await load('api/pipeline/requestJournal.js')
const { openPersistentSandbox } = await load('server/persistentSandbox.js')

const secrets = numberedKeys(20_000)
const exported = JSON.stringify(snapshotFromFixture({ keys: secrets.map((key) => ({ key, scopes: ['status.read'] })) }))
const journal = new RequestJournal()
const sandbox = await openPersistentSandbox({ statePath: join(folder, 'state.db'), journal })
try {
  await sandbox.importExport(JSON.parse(exported), 'workspace.json')
  const intake = await statusIntakePerRequest((request) => sandbox.answer(request), secrets, 20_000)
  process.stdout.write(`${JSON.stringify({ ...intake, journalled: journal.size })}\n`)
} finally {
  await sandbox.close()
}
