/** Builds the category tree from flat rows (parents before or after children, any order). */

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  slug: string;
  name: string;
  description: string;
  live_listings: number;
}

export interface CategoryNode {
  slug: string;
  name: string;
  description: string;
  live_listings: number;
  subcategories: CategoryNode[];
}

export function categoryTree(rows: readonly CategoryRow[], includeEmpty: boolean): CategoryNode[] {
  const kept = rows.filter((r) => includeEmpty || r.live_listings > 0);
  const nodes = new Map(
    kept.map((r) => [
      r.id,
      {
        slug: r.slug,
        name: r.name,
        description: r.description,
        live_listings: r.live_listings,
        subcategories: [] as CategoryNode[],
      },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const r of kept) {
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    (parent ? parent.subcategories : roots).push(nodes.get(r.id)!);
  }
  return roots;
}

/** Ids of the category `rootId` and of every category below it (the category filter's reach). */
export function withDescendants(rows: readonly Pick<CategoryRow, 'id' | 'parent_id'>[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) {
    for (const r of rows) if (r.parent_id === ids[i] && !ids.includes(r.id)) ids.push(r.id);
  }
  return ids;
}
