import { operations } from '../../api/operations/index.js';
import { prompts, toolsNamed } from '../../api/mcp/prompts.js';
import { toolsetsOf } from '../../api/mcp/toolsets.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { connect, eras } from './support.js';

/** The journeys as MCP prompts: each names tools that exist, in the toolsets it names. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: false });
});
afterAll(() => app.close());

const operationIds = new Set(operations.map((op) => op.id));
/** Arguments that give each prompt every branch it has. */
const argumentSets: Record<string, Array<Record<string, string>>> = {
  launch_a_product: [
    { website: 'https://acme.test/' },
    { website: 'https://acme.test/', plan: 'free' },
    { website: 'https://acme.test/', plan: 'paid' },
  ],
  claim_a_listing: [{ slug: 'acme' }, { slug: 'acme', method: 'meta' }],
  report_launch_results: [{ listing_id: '7' }],
};

describe.each(eras)('prompts over %s', (era) => {
  it('lists every journey, and each prompt names existing tools of its own toolsets, in order', async () => {
    const client = await connect(`${app.url}/mcp`, era);
    try {
      const listed = await client.listPrompts();
      expect(listed.prompts.map((p) => p.name).sort()).toEqual(prompts.map((p) => p.name).sort());
      for (const prompt of prompts) {
        expect(Object.keys(argumentSets)).toContain(prompt.name);
        for (const args of argumentSets[prompt.name]) {
          const got = await client.getPrompt({ name: prompt.name, arguments: args });
          const text = got.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');
          const named = toolsNamed(prompt, args);
          expect(text).toContain(`Use these tools, in this order: ${named.join(', ')}.`);
          // Every operation id in the text is one the prompt declares, and none is outside its toolsets.
          const mentioned = [...new Set(text.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [])].filter((word) => operationIds.has(word));
          expect(mentioned.sort()).toEqual([...named].sort());
          for (const tool of named) {
            const op = operations.find((o) => o.id === tool)!;
            expect({ tool, inSets: toolsetsOf(op).some((set) => prompt.toolsets.includes(set)) }).toEqual({ tool, inSets: true });
          }
          for (const value of Object.values(args)) expect(text).toContain(value);
        }
      }
    } finally {
      await client.close();
    }
  });
});

it('refuses a prompt without its required argument', async () => {
  const client = await connect(`${app.url}/mcp`, '2026-07-28');
  try {
    await expect(client.getPrompt({ name: 'launch_a_product', arguments: {} })).rejects.toThrow(/website/);
  } finally {
    await client.close();
  }
});
