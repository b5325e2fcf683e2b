import type { RouterMiddleware as Middleware } from '@koa/router';
import type { Leaderboard } from '../../../src/domain/catalogue-terms.js';
import { leaderboardSummaries } from '../../../src/catalogue/leaderboards.js';
import type { Leaderboard as LeaderboardPage } from '../../../src/catalogue/schemas.js';
import type { AppDeps } from '../../deps.js';
import { getLeaderboard } from '../../operations/launches.js';
import {
  canonicalUrl,
  dollars,
  listingLink,
  pager,
  pathSlug,
  plural,
  readOperation,
  sendPage,
  visitLink,
} from './catalogue-html.js';
import { html, joinHtml, type Html } from '../../../src/platform/html.js';
import { renderedOnce } from '../shared/rendered-once.js';

/** The column each ranking system shows: one metric per board, never mixed. */
const metricColumns: Record<Leaderboard, { heading: string; cell: (m: LeaderboardPage['items'][number]['metric']) => Html }> = {
  'community-weekly': { heading: 'Community votes this week', cell: (m) => html`${plural(Number(m.votes), 'vote')}` },
  'community-all-time': { heading: 'Community votes', cell: (m) => html`${plural(Number(m.votes), 'vote')}` },
  billboard: { heading: 'Money contributed (paid)', cell: (m) => html`${dollars(Number(m.amount_cents))}` },
  'domain-rating': {
    heading: 'Domain Rating (third-party metric)',
    cell: (m) =>
      html`${String(m.domain_rating)}${!!m.measured_on && html` <span class="muted">measured ${String(m.measured_on)}</span>`}`,
  },
  revenue: {
    heading: 'Monthly revenue (reported)',
    cell: (m) =>
      html`${dollars(Number(m.monthly_revenue_cents))}${!!m.month && html` <span class="muted">${String(m.month).slice(0, 7)}</span>`}`,
  },
};

const boardPath = (board: string) => `/leaderboards/${board}`;

/** Links to the five boards; the billboard is marked paid wherever it is listed. */
export function leaderboardLinks(): Html {
  const items = leaderboardSummaries.map(
    (b) =>
      html`<li><a href="${boardPath(b.board)}">${b.title}</a>${b.paid && html` <span class="tag paid">Paid</span>`} <span class="muted">ranked by ${b.ranked_by}</span></li>`,
  );
  return html`<ul>${joinHtml(items, '\n')}</ul>`;
}

export function leaderboardsPage(deps: AppDeps): Middleware {
  return (ctx) => {
    const body = html`<p>Separate ranking systems that never mix: community votes, the paid billboard, Domain Rating (a third-party metric) and reported revenue.</p>
${leaderboardLinks()}`;
    sendPage(ctx, deps, 'Leaderboards', body, {
      description: 'Community votes, the paid billboard, Domain Rating and revenue: separate leaderboards that never mix.',
      canonical: canonicalUrl(deps, '/leaderboards'),
    });
  };
}

/** A board's table, rendered once per answer (a page lists up to a hundred rows). */
const boardTable = renderedOnce((board: LeaderboardPage): Html => {
  const column = metricColumns[board.board];
  const rows = board.items.map((item) => {
    const visit = visitLink(item.listing, 'leaderboard');
    return html`<tr><td>${item.rank}</td><td>${listingLink(item.listing)}${item.listing.tagline && html`<br><span class="muted">${item.listing.tagline}</span>`}${visit && html`<br>${visit}`}</td>
<td>${column.cell(item.metric)}</td>${board.paid && html`<td><span class="tag paid">${item.label ?? 'Paid'}</span></td>`}</tr>`;
  });
  return rows.length
    ? html`<div class="scroll"><table><thead><tr><th>Rank</th><th>Listing</th><th>${column.heading}</th>${board.paid && html`<th>Placement</th>`}</tr></thead>
<tbody>${joinHtml(rows, '\n')}</tbody></table></div>`
    : html`<p class="muted">No listing on this board yet.</p>`;
});

export function leaderboardPage(deps: AppDeps): Middleware {
  return async (ctx) => {
    const board = await readOperation(ctx, deps, getLeaderboard, { board: pathSlug(ctx.params.board, 'Leaderboard') }, ctx.query);
    const week = typeof ctx.query.week === 'string' ? ctx.query.week : undefined;
    const body = html`${board.paid && html`<p class="note paid" id="paid-notice"><strong>PAID RANKING.</strong> ${board.notice ?? ''}</p>`}
<p>Ranked by ${board.ranked_by}.${board.board === 'domain-rating' && ' Domain Rating is a third-party metric of the website, not a community signal.'}</p>
${board.starts_on && html`<p>Week of ${board.starts_on} to ${board.ends_on ?? ''}: <a href="${boardPath(board.board)}">this week</a> · <a href="${boardPath(board.board)}?week=last">last week</a></p>`}
${boardTable(board)}
${pager(boardPath(board.board), { week }, board)}
<h2>Other leaderboards</h2>
${leaderboardLinks()}`;
    sendPage(ctx, deps, board.title, body, {
      description: `${board.title}: ranked by ${board.ranked_by}.`,
      canonical: canonicalUrl(deps, boardPath(board.board), board.page),
      noindex: week !== undefined,
    });
  };
}
