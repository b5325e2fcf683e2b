export const pageBounds = { page: { min: 1, max: 1000, default: 1 }, perPage: { min: 1, max: 100, default: 20 } } as const;

export interface Page<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

export function pageOf<T>(items: T[], total: number, page: number, perPage: number): Page<T> {
  return { items, page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
}
