/** Addresses of the owner area, written once. */
export function draftPath(id: string): string {
  return `/me/drafts/${encodeURIComponent(id)}`;
}

export function myListingPath(id: number): string {
  return `/me/listings/${String(id)}`;
}

export function myListingStatsPath(id: number): string {
  return `${myListingPath(id)}/stats`;
}

export function myOrderPath(number: string): string {
  return `/me/orders/${encodeURIComponent(number)}`;
}

export function myClaimPath(id: number): string {
  return `/me/claims/${String(id)}`;
}
