import type Router from '@koa/router';
import { notFound } from '../../../src/errors.js';
import type { AppDeps } from '../../deps.js';
import { getOrder, listMyOrders } from '../../operations/orders.js';
import { orderBody, ordersBody, orderTitle } from './order-pages.js';
import { paramOf, type OwnerRouting } from './owner-routing.js';
import { myOrderPath } from './paths.js';
import { runAsOwner } from './run-operation.js';

const orderNumber = /^LD-\d{4}-\d{6}$/;

/** My orders: list_my_orders and get_order. */
export function registerOrderRoutes(router: Router, deps: AppDeps, { pages, render, owner }: OwnerRouting): void {
  router.get('/me/orders', ...pages, async (ctx) => {
    const user = owner(ctx, '/me/orders');
    if (!user) return;
    const query = typeof ctx.query.page === 'string' ? { page: ctx.query.page } : {};
    const orders = await runAsOwner(ctx, deps, user, listMyOrders, { query });
    render(ctx, 'Your orders', ordersBody(orders.items));
  });

  router.get('/me/orders/:number', ...pages, async (ctx) => {
    const number = paramOf(ctx, 'number');
    if (!orderNumber.test(number)) throw notFound('The order');
    const user = owner(ctx, myOrderPath(number));
    if (!user) return;
    const order = await runAsOwner(ctx, deps, user, getOrder, { path: { number } });
    render(ctx, orderTitle(order), orderBody(order));
  });
}
