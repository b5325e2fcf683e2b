import type { Client } from '@modelcontextprotocol/client';
import { operations } from '../../api/operations/index.js';
import type { Operation, Reach } from '../../api/operations/registry.js';
import type { TemporalHandle } from '../../src/temporal.js';
import type { Mailer } from '../../src/mail/mailer.js';
import { toolExamples } from './examples.js';
import { adminScopes, connect, startMcpTestApp, type McpTestApp } from './support.js';

/** What each lifecycle's activities reach outside the service, by the prefix of its workflow id. */
const lifecycleReaches: [prefix: string, reaches: Reach[]][] = [
  ['draft-', ['web', 'ai']], // crawlDraftSite, draftFields
  ['listing-launch-', ['web', 'mail']], // checkLaunchGates reads the homepage; goLive, moveLaunchWeek mail
  ['listing-update-', ['mail']],
  ['claim-', ['web', 'dns', 'mail']], // meta, file and dns proofs; the email link; the previous owner told
  ['order-', ['mail']],
  ['moderation-', ['mail']], // the operator's reminders, the statement of reasons
];

let app: McpTestApp;
let client: Client;
/** What the running tool call set in motion outside the service. */
let reached = new Set<Reach>();

beforeAll(async () => {
  app = await startMcpTestApp();
  watch(app.app.deps.temporal, app.app.deps.mailer);
  // On the site team: every tool, the admin toolset included, is listed and reachable.
  client = await connect(app.mcp, '2026-07-28', adminScopes);
});
afterAll(async () => {
  await client.close();
  await app.close();
});

/** Records the lifecycles a call starts, signals or updates, and the mail it sends. */
function watch(temporal: TemporalHandle, mailer: Mailer): void {
  const lifecycle = (workflowId: string) => {
    const known = lifecycleReaches.find(([prefix]) => workflowId.startsWith(prefix));
    if (!known) throw new Error(`No reaches known for workflow ${workflowId}`);
    for (const reach of known[1]) reached.add(reach);
  };
  const workflow = temporal.client.workflow;
  const start = workflow.start.bind(workflow);
  workflow.start = ((type, options) => (lifecycle(options.workflowId), start(type, options))) as typeof workflow.start;
  const signalWithStart = workflow.signalWithStart.bind(workflow);
  workflow.signalWithStart = ((type, options) => (
    lifecycle(options.workflowId),
    signalWithStart(type, options)
  )) as typeof workflow.signalWithStart;
  const updateWithStart = workflow.executeUpdateWithStart.bind(workflow);
  workflow.executeUpdateWithStart = (update, options) => (
    lifecycle(options.startWorkflowOperation.options.workflowId),
    updateWithStart(update, options)
  );
  const getHandle = workflow.getHandle.bind(workflow);
  workflow.getHandle = ((workflowId, ...rest) => (
    lifecycle(workflowId),
    getHandle(workflowId, ...rest)
  )) as typeof workflow.getHandle;
  const send = mailer.send.bind(mailer);
  mailer.send = (message, options) => (reached.add('mail'), send(message, options));
}

/** MCP's annotations as the method and the declaration imply them, written out independently of hintsOf. */
function expectedAnnotations(op: Operation) {
  const readOnly = op.method === 'GET' || op.changesNothing === true;
  return {
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && op.method !== 'POST',
    idempotentHint: readOnly || op.method === 'PUT' || op.method === 'DELETE',
    openWorldHint: (op.reaches ?? []).length > 0,
  };
}

it('derives every tool annotation from its operation: method, changesNothing and what it reaches', async () => {
  const { tools } = await client.listTools();
  for (const op of operations) {
    expect({ tool: op.id, annotations: tools.find((tool) => tool.name === op.id)?.annotations }).toEqual({
      tool: op.id,
      annotations: expectedAnnotations(op),
    });
  }
});

it('marks the tools that crawl, look up DNS, mail or lead to a payment as open-world', async () => {
  const { tools } = await client.listTools();
  const openWorld = tools.filter((tool) => tool.annotations?.openWorldHint).map((tool) => tool.name);
  expect(openWorld).toEqual(
    expect.arrayContaining([
      'submit_listing',
      'choose_free_listing',
      'claim_listing',
      'verify_claim',
      'create_checkout',
      'quote_order',
    ]),
  );
  expect(tools.filter((tool) => tool.annotations?.readOnlyHint && tool.annotations.destructiveHint)).toEqual([]);
});

// Runs one after another: each call's recording must hold only what that call did.
/** verify_claim's example meets a claim no longer pending, which checks nothing: this one is pending. */
async function pendingClaim(): Promise<Record<string, unknown>> {
  const opened = await client.callTool({ name: 'claim_listing', arguments: await toolExamples.claim_listing(app) });
  return { claim_id: (opened.structuredContent as { id: number }).id };
}

it.each(operations.map((op) => [op.id, op] as const))('%s reaches what it declares, and nothing else', async (_id, op) => {
  const args = op.id === 'verify_claim' ? await pendingClaim() : await (toolExamples[op.id] ?? (() => ({})))(app);
  reached = new Set();
  const result = await client.callTool({ name: op.id, arguments: args });
  expect(result.isError ?? false).toBe(false);
  const declared = op.reaches ?? [];
  expect([...reached].filter((reach) => !declared.includes(reach))).toEqual([]);
  // The payment provider, VIES and the AI endpoint are reached later or only with some arguments.
  expect(declared.filter((reach) => ['web', 'dns', 'mail'].includes(reach) && !reached.has(reach))).toEqual([]);
});
