import { z } from 'zod';
import {
  awardsPage as awardsPageOutput,
  categoryDetail as categoryDetailOutput,
  categoryTree as categoryTreeOutput,
  launchFeed as launchFeedOutput,
  launchWeek as launchWeekOutput,
  leaderboard as leaderboardOutput,
} from '../../src/catalogue/schemas.js';
import { launchSections, leaderboards, upcomingOrders } from '../../src/domain/catalogue-terms.js';
import * as awards from '../../src/catalogue/awards.js';
import * as categories from '../../src/catalogue/categories.js';
import * as launches from '../../src/catalogue/launches.js';
import * as boards from '../../src/catalogue/leaderboards.js';
import { pagination, publicRead, queryBoolean, slug } from './common.js';
import { defineOperation } from './registry.js';

export const listCategories = defineOperation({
  ...publicRead,
  id: 'list_categories',
  method: 'GET',
  path: '/categories',
  tag: 'Categories',
  summary: 'The category tree',
  description:
    'Returns every category as a tree (subcategories nested) with its count of live listings, including those of its subcategories. include_empty=false leaves out categories without live listings. Free, public, read-only.',
  input: { query: z.object({ include_empty: queryBoolean.default(true).describe('true (default) or false.') }) },
  output: categoryTreeOutput,
  handler: ({ query: q }, { em, site }) => categories.listCategories(em, site.id, q.include_empty),
});

export const getCategory = defineOperation({
  ...publicRead,
  id: 'get_category',
  method: 'GET',
  path: '/categories/{slug}',
  tag: 'Categories',
  summary: 'A category with its live listings',
  description:
    'Returns the category description, FAQs, parent and subcategories, and its live listings (including those of subcategories), most voted first, paginated. 404 when absent. Free, public, read-only.',
  input: { path: z.object({ slug }), query: z.object(pagination) },
  output: categoryDetailOutput,
  handler: ({ path, query: q }, { deps, em, site }) =>
    categories.getCategory(em, site.id, deps.config.publicUrl, path.slug, q.page, q.per_page),
});

export const getLaunchWeek = defineOperation({
  ...publicRead,
  id: 'get_launch_week',
  method: 'GET',
  path: '/launches/weeks/{week}',
  tag: 'Launches',
  summary: 'The launches of one week',
  description:
    'week is this, next, last, or a date YYYY-MM-DD snapped to its Monday; weeks run Monday to Sunday (UTC). A past or the current week ranks its live launches by community votes; a future week lists the launches scheduled for it, not ranked: by order, interest (default: most people asking to be notified at launch, their followers, first) or name. The current and future weeks give open_slots: the launch places left for the free and the paid plan (a paid launch needs a paid place in its week). Paginated. 404 when the week cannot be read. Free, public, read-only.',
  input: {
    path: z.object({ week: z.string().max(10).describe('this, next, last or YYYY-MM-DD.') }),
    query: z.object({
      order: z.enum(upcomingOrders).default('interest').describe('An upcoming week only: interest (default) or name.'),
      ...pagination,
    }),
  },
  output: launchWeekOutput,
  handler: ({ path, query: q }, { deps, em, site }) =>
    launches.getLaunchWeek(em, site.id, deps.config.publicUrl, path.week, q, new Date(), {
      free: deps.config.launches.freeSlotsPerWeek,
      paid: deps.config.launches.paidSlotsPerWeek,
    }),
});

export const listLaunches = defineOperation({
  ...publicRead,
  id: 'list_launches',
  method: 'GET',
  path: '/launches',
  tag: 'Launches',
  summary: 'Launch feeds',
  description:
    'One feed of launches by section: today, this-week (default), trending, most-voted, recent, most-viewed, most-followed (live listings), or upcoming (scheduled for a future week). Paginated summaries. Free, public, read-only.',
  input: { query: z.object({ section: z.enum(launchSections).default('this-week'), ...pagination }) },
  output: launchFeedOutput,
  handler: ({ query: q }, { deps, em, site }) =>
    launches.listLaunches(em, site.id, deps.config.publicUrl, q.section, q.page, q.per_page, new Date()),
});

export const getLeaderboard = defineOperation({
  ...publicRead,
  id: 'get_leaderboard',
  method: 'GET',
  path: '/leaderboards/{board}',
  tag: 'Leaderboards',
  summary: 'A leaderboard',
  description:
    'Boards: community-weekly (votes cast in a week; week = this, last or a date, community-weekly only), community-all-time (votes), billboard (a PAID ranking by money contributed; the board and every item say so), domain-rating (a third-party metric) and revenue. The systems never mix. Each item has rank, listing and metric. 404 for an unknown board. Free, public, read-only.',
  input: {
    path: z.object({ board: slug.describe(leaderboards.join(', ')) }),
    query: z.object({
      week: z.string().max(10).optional().describe('community-weekly only: this (default), last or YYYY-MM-DD.'),
      ...pagination,
    }),
  },
  output: leaderboardOutput,
  handler: ({ path, query: q }, { deps, em, site }) =>
    boards.getLeaderboard(em, site.id, deps.config.publicUrl, {
      board: path.board,
      week: q.week,
      page: q.page,
      perPage: q.per_page,
    }),
});

export const listAwards = defineOperation({
  ...publicRead,
  id: 'list_awards',
  method: 'GET',
  path: '/awards',
  tag: 'Awards',
  summary: 'Launch of the Week awards',
  description:
    'Launch of the Week #1, #2 and #3 of each week, decided by community votes only; newest week first, with the winning listing. listing narrows to one listing (404 when absent). Paginated. Free, public, read-only.',
  refusals: { 404: 'listing names no listing' },
  input: { query: z.object({ listing: slug.optional().describe('Listing slug.'), ...pagination }) },
  output: awardsPageOutput,
  handler: ({ query: q }, { deps, em, site }) =>
    awards.listAwards(em, site.id, deps.config.publicUrl, q.listing, q.page, q.per_page),
});

export const launchOperations = [listCategories, getCategory, getLaunchWeek, listLaunches, getLeaderboard, listAwards];
