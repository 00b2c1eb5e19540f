import type { OperationId } from '../contract/operations.ts'
import type { RandomBytes } from '../crypto/random.ts'
import { createWebhookTest } from './createWebhookTest.ts'
import { getDeveloperProfile } from './getDeveloperProfile.ts'
import { getProjectStatus } from './getProjectStatus.ts'
import { getProjectUsage } from './getProjectUsage.ts'
import { listDeveloperSessions } from './listDeveloperSessions.ts'
import { listTools } from './listTools.ts'
import { listWebhookEndpoints } from './listWebhookEndpoints.ts'
import { previewTool } from './previewTool.ts'
import type { Operation } from './types.ts'
import { validateTool } from './validateTool.ts'

// The pipeline only hands an operation input that passed that operation's
// body schema, so erasing the input type at this one seam is sound.
function erase<Input, Prepared>(operation: Operation<Input, Prepared>): Operation {
  return operation as unknown as Operation
}

/** One implementation per operationId. */
export function createOperations(randomBytes: RandomBytes): Record<OperationId, Operation> {
  return {
    getProjectStatus,
    getDeveloperProfile,
    listDeveloperSessions,
    getProjectUsage,
    listWebhookEndpoints,
    listTools,
    validateTool: erase(validateTool),
    previewTool: erase(previewTool),
    createWebhookTest: erase(createWebhookTest(randomBytes)),
  }
}
