import { siteCounts } from '../../src/catalogue/site-info.js';
import { siteInfo as siteInfoOutput } from '../../src/catalogue/schemas.js';
import { publicRead } from './common.js';
import { defineOperation } from './registry.js';

export const getSiteInfo = defineOperation({
  id: 'get_site_info',
  method: 'GET',
  path: '/site',
  tag: 'Site',
  summary: 'What this directory is and where its API, docs and MCP server are',
  description:
    'Returns the site name and purpose, its public addresses (site, REST base, docs, OpenAPI 3.1 file, MCP server) and live counts of listings and categories. Free, public, read-only; call it first to orient yourself.',
  ...publicRead,
  input: {},
  output: siteInfoOutput,
  async handler(_input, { deps, em, site }) {
    const { publicUrl, apiBasePath } = deps.config;
    return {
      name: site.name,
      purpose: deps.config.site.purpose,
      site_url: publicUrl,
      api_url: `${publicUrl}${apiBasePath}`,
      docs_url: `${publicUrl}/docs`,
      openapi_url: `${publicUrl}${apiBasePath}/openapi.json`,
      mcp_url: `${publicUrl}/mcp`,
      counts: await siteCounts(em, site.id),
    };
  },
});

export const siteOperations = [getSiteInfo];
