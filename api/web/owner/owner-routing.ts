import type { Context, Middleware } from 'koa';
import type { UserRow } from '../../../src/accounts/users.js';
import type { page } from '../shared/layout.js';

/** What every owner route is built from: its middleware, the page render, and who is asking. */
export interface OwnerRouting {
  pages: Middleware[];
  posts: Middleware[];
  render: (ctx: Context, title: string, body: Parameters<typeof page>[1]) => void;
  /** The signed-in person, or undefined after sending a visitor to sign in and come back. */
  owner: (ctx: Context, returnTo: string) => UserRow | undefined;
  /** A form post of a signed-in person: the CSRF token first, whoever sends it. */
  formOwner: (ctx: Context, returnTo: string) => UserRow | undefined;
}

export function paramOf(ctx: Context, name: string): string {
  return String((ctx.params as Record<string, string>)[name]);
}

/** A posted control: a repeated one (checkboxes) as its values separated by spaces. */
export function postedValue(ctx: Context, key: string): string | undefined {
  const value = (ctx.request.body as Record<string, unknown> | undefined)?.[key];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').join(' ');
  return typeof value === 'string' ? value : undefined;
}
