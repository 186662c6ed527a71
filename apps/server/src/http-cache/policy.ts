/** How long browsers and shared caches may keep an answer that is the same for everyone. */
export interface PublicCachePolicy {
  /** fresh for this long; also how long an instance keeps its own copy */
  maxAgeSeconds: number;
  /** then served stale for up to this long while it is fetched again in the background */
  staleWhileRevalidateSeconds: number;
}

/**
 * Characters, the gallery, bundles, plans: they change when someone edits the catalog, not while
 * a visitor browses. A minute fresh bounds how long an edit takes to reach everyone.
 */
export const CATALOG_CACHE: PublicCachePolicy = { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 600 };

export function cacheControlOf(policy: PublicCachePolicy): string {
  return `public, max-age=${policy.maxAgeSeconds}, stale-while-revalidate=${policy.staleWhileRevalidateSeconds}`;
}
