/**
 * The most JavaScript (KiB, gzip) each route may load before it renders: the entry, the route's
 * own chunk and their static imports (route-javascript.ts). `npm test` fails when a route goes over.
 *
 * These are a ratchet, set at the figures of the first measured build plus 2 KiB: a change may
 * lower them, never raise them without saying why in the bench README. Issue 9's target for the
 * landing route is 120 KiB; the budgets come down as the entry is split.
 */
export const ROUTE_BUDGETS_KIB: Record<string, number> = {
  admin: 155,
  "auth-callback": 158,
  character: 169,
  "chat-list": 162,
  "chat-room": 176,
  checkout: 157,
  "create-ai": 157,
  "gallery-item": 164,
  gallery: 167,
  "generate-image": 157,
  landing: 166,
  login: 178,
  "my-ai": 157,
  "my-ais": 157,
  "not-found": 156,
  onboarding: 157,
  paywall: 157,
  plans: 157,
  "privacy-policy": 158,
  register: 177,
  reset: 172,
  restore: 173,
  settings: 176,
  subscribe: 157,
  terms: 159,
};
