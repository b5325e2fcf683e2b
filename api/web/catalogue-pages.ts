import Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import { categoriesPage, categoryPage } from './category-pages.js';
import { homePage } from './home-page.js';
import { leaderboardPage, leaderboardsPage } from './leaderboard-pages.js';
import { listingPage } from './listing-page.js';
import { htmlErrors, webSession } from './session.js';

/** The public web pages of the catalogue: home, listing profiles, categories and leaderboards. */
export function cataloguePagesRouter(deps: AppDeps): Router {
  const router = new Router();
  // The session only changes the listing page's buttons; reading it costs nothing without a cookie.
  router.use(htmlErrors(deps, { href: '/', label: 'Back to the home page' }), webSession());
  router.get('/', homePage(deps));
  router.get('/listings/:slug', listingPage(deps));
  router.get('/categories', categoriesPage(deps));
  router.get('/categories/:slug', categoryPage(deps));
  router.get('/leaderboards', leaderboardsPage(deps));
  router.get('/leaderboards/:board', leaderboardPage(deps));
  return router;
}
