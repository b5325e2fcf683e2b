import { allScopes, connect, eras, startMcpTestApp, type McpTestApp } from '../mcp/support.js';
import { insertListing, ownerWithKey } from '../listings/support.js';

let mcp: McpTestApp;

beforeAll(async () => {
  mcp = await startMcpTestApp();
});
afterAll(() => mcp.close());

describe.each(eras)('order tools over MCP %s', (era) => {
  it('lists the four order tools; create_checkout tells the agent to hand over the link and never ask for card details', async () => {
    const client = await connect(mcp.mcp, era, allScopes);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['quote_order', 'create_checkout', 'list_my_orders', 'get_order']) expect(byName.has(name)).toBe(true);
    const description = byName.get('create_checkout')!.description!;
    expect(description).toContain('Give the checkout_url to the person');
    expect(description).toContain('pay THEMSELVES');
    expect(description).toContain('Never ask the person for card or payment details');
    expect(byName.get('quote_order')!.annotations).toMatchObject({ readOnlyHint: true });
    await client.close();
  });

  it('quotes through the tool with the same JSON as REST', async () => {
    // The MCP test app signs every call in as owner@example.test; REST calls use that person's API key.
    const owner = await ownerWithKey(mcp.app, 'owner@example.test');
    const listingId = await insertListing(mcp.app.deps.orm.em.fork(), mcp.app.deps.site.id, {
      slug: `mcp-${era.slice(0, 4)}`,
      ownerId: owner.id,
    });
    const body = { items: [{ product: 'unlock-sections', listing_id: listingId }], billing_country: 'NL' };
    const rest = await owner.call('POST', '/orders/quote', body);
    expect(rest.status).toBe(200);
    const client = await connect(mcp.mcp, era, allScopes);
    const result = await client.callTool({ name: 'quote_order', arguments: body });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(rest.body);
    expect(rest.body.vat).toMatchObject({ scheme: 'standard', rate: 21, country: 'NL' });
    await client.close();
  });
});
