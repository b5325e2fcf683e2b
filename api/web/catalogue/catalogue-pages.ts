import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { categoriesPage, categoryPage } from './category-pages.js';
import { homePage } from './home-page.js';
import { leaderboardPage, leaderboardsPage } from './leaderboard-pages.js';
import { listingPage } from './listing-page.js';
import { awardsPage, launchesPage, launchWeekPage } from './launch-pages.js';
import { founderPage, foundersPage } from './founder-pages.js';
import { blogPage, blogPostPage } from './blog-pages.js';
import { alternativesPage, badgesPage, comparePage } from './listing-extras-pages.js';
import { robots, sitemap } from './sitemap.js';
import { voteLedgerPage } from './vote-ledger-pages.js';
import { htmlErrors } from '../shared/error-pages.js';

/**
 * The public web pages of the catalogue, each rendering the read operation REST answers with: home,
 * listings (profile, alternatives, badges, compare), categories, launches, leaderboards, awards,
 * founders and the blog; plus the sitemap and robots.txt that list them.
 */
export function cataloguePagesRouter(deps: AppDeps): Router {
  const router = new Router();
  router.use(htmlErrors(deps, { href: '/', label: 'Back to the home page' }));
  router.get('/', homePage(deps));
  // The session only changes the listing page's buttons, which reads it with them: no other page
  // reads it (a round trip each).
  router.get('/listings/:slug', listingPage(deps));
  router.get('/categories', categoriesPage(deps));
  router.get('/categories/:slug', categoryPage(deps));
  router.get('/leaderboards', leaderboardsPage(deps));
  router.get('/leaderboards/:board', leaderboardPage(deps));
  router.get('/launches', launchesPage(deps));
  router.get('/launches/weeks/:week', launchWeekPage(deps));
  router.get('/awards', awardsPage(deps));
  router.get('/founders', foundersPage(deps));
  router.get('/founders/:slug', founderPage(deps));
  router.get('/blog', blogPage(deps));
  router.get('/blog/:slug', blogPostPage(deps));
  router.get('/compare', comparePage(deps));
  router.get('/listings/:slug/alternatives', alternativesPage(deps));
  router.get('/listings/:slug/badges', badgesPage(deps));
  router.get('/listings/:slug/votes', voteLedgerPage(deps));
  router.get('/sitemap.xml', sitemap(deps));
  router.get('/robots.txt', robots(deps));
  return router;
}
