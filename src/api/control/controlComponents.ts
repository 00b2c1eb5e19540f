/**
 * The schemas of the control API's document, by the names its operations
 * refer to: the very schemas the handler validates with, and the problem
 * shape it answers with.
 */
import { journalEntrySchema } from '../contract/journalSchema.ts'
import { stripDraft } from '../contract/schemaParts.ts'
import { violationSchema } from '../contract/violation.ts'
import { CONTROL_PROBLEM_CODES, CONTROL_PROBLEMS } from './controlError.ts'
import { ref } from './controlOperation.ts'
import * as schemas from './controlSchemas.ts'

/** Built when a document is, not when a host loads. */
export function controlSchemas() {
  return {
    ClockState: schemas.clockStateSchema,
    ClockChange: stripDraft(schemas.clockChangeSchema),
    FaultsState: schemas.faultsStateSchema,
    FaultsChange: stripDraft(schemas.faultsChangeSchema),
    JournalEntry: journalEntrySchema,
    Journal: {
      ...schemas.journalSchema,
      properties: { ...schemas.journalSchema.properties, requests: { type: 'array', items: ref('JournalEntry') } },
    },
    Reset: stripDraft(schemas.resetSchema),
    ResetResult: schemas.resetResultSchema,
    StateResult: schemas.stateResultSchema,
    Snapshot: schemas.snapshotSchema,
    IssueKey: stripDraft(schemas.issueKeySchema),
    KeySummary: schemas.keySummarySchema,
    KeyList: { type: 'array', items: ref('KeySummary') },
    IssuedKey: schemas.issuedKeySchema,
    CreateWorkspace: stripDraft(schemas.createWorkspaceSchema),
    WorkspaceSummary: schemas.workspaceSummarySchema,
    WorkspaceList: { type: 'array', items: ref('WorkspaceSummary') },
    CreatedWorkspace: schemas.createdWorkspaceSchema,
    ControlProblem: {
      type: 'object',
      description: 'RFC 9457 problem details. Branch on `code`.',
      required: ['type', 'title', 'status', 'detail', 'code', 'requestId'],
      additionalProperties: false,
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer', enum: [...new Set(CONTROL_PROBLEM_CODES.map((code) => CONTROL_PROBLEMS[code].status))] },
        detail: { type: 'string' },
        code: { enum: CONTROL_PROBLEM_CODES },
        requestId: { type: 'string' },
        errors: { type: 'array', items: violationSchema },
      },
    },
  }
}
