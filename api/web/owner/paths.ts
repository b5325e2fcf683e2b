/** Addresses of the owner area, written once. */
export function draftPath(id: string): string {
  return `/me/drafts/${encodeURIComponent(id)}`;
}
