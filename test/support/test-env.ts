/** Names of the variables global setup hands to test files. */
export const testEnv = {
  databaseServerUrl: 'TEST_DATABASE_SERVER_URL',
  temporalAddress: 'TEST_TEMPORAL_ADDRESS',
  workflowBundle: 'TEST_WORKFLOW_BUNDLE',
} as const;

export const templateDatabase = 'launch_directory_template';
