import { fileURLToPath } from 'node:url';

/** Names of the variables global setup hands to test files. */
export const testEnv = {
  databaseServerUrl: 'TEST_DATABASE_SERVER_URL',
  temporalAddress: 'TEST_TEMPORAL_ADDRESS',
  workflowBundle: 'TEST_WORKFLOW_BUNDLE',
  timeSkippingServer: 'TEST_TIME_SKIPPING_SERVER',
} as const;

export const templateDatabase = 'launch_directory_template';

/** The test workflow bundle's entry: the production workflows and the test-only ones. */
export const testWorkflowsPath = fileURLToPath(new URL('./workflows/index.ts', import.meta.url));
