import type { RouteHandle } from "@/lib/route-handle";

/**
 * The app's address space as plain data: which screen module (`src/app/routes/<screen>.tsx`) each
 * path shows, in which route set. The router builds its routes from it (app/router.tsx), and the
 * build reads it to write the JavaScript each path needs into dist/.vite/route-preloads.json, which
 * the server turns into `<link rel="modulepreload">` tags of the index.html it serves (decision 0018).
 * So it must stay free of runtime imports: the Vite config loads it.
 */
export interface ScreenRoute {
  /** React Router's path, relative to the root; none for the index route (`/`) */
  path?: string;
  /** the module under src/app/routes/ */
  screen: string;
  handle?: RouteHandle;
  /**
   * false: the server announces none of its JavaScript in the page (decision 0018). The landing's
   * first visit paints the age gate, which is in the entry: fetching the screen's chunks and the
   * contract alongside would only slow the entry, the stylesheet and the fonts down.
   */
  preload?: false;
}

const EXPLORE: RouteHandle = { section: "explore", interestSelection: true };
const CHAT: RouteHandle = { section: "chat", interestSelection: true };
const CHAT_ROOM: RouteHandle = { ...CHAT, immersive: true };
const GALLERY: RouteHandle = { section: "gallery", interestSelection: true };
const LEGAL: RouteHandle = { skipAgeGate: true };
const ACCOUNT: RouteHandle = { section: "account" };
const CREATE: RouteHandle = { section: "create" };
const BARE: RouteHandle = { bare: true, skipAgeGate: true };

/** Screens everybody can open, signed in or not. */
export const PUBLIC_SCREENS: ScreenRoute[] = [
  { screen: "landing", handle: EXPLORE, preload: false },
  { path: "explore", screen: "landing", handle: EXPLORE, preload: false },
  { path: "gallery", screen: "gallery", handle: GALLERY },
  { path: "gallery/:id", screen: "gallery-item", handle: GALLERY },
  { path: "chat", screen: "chat-list", handle: CHAT },
  { path: "terms", screen: "terms", handle: LEGAL },
  { path: "privacy_policy", screen: "privacy-policy", handle: LEGAL },
  { path: "not-found", screen: "not-found" },
  // The OAuth popup's last stop; in both sets, since the popup may finish after the opener signed in.
  { path: "auth/callback", screen: "auth-callback", handle: BARE },
  // The emailed confirmation link: opened in any browser, signed in or not; no content behind it.
  { path: "verify-email", screen: "verify-email", handle: { section: "account", skipAgeGate: true } },
];

/** A chat as visitors see it: the character page with "Sign up to chat". */
export const VISITOR_CHAT_SCREENS: ScreenRoute[] = [{ path: "chat/:id", screen: "character", handle: CHAT }];

/** The signed-in user's own chat with a character. */
export const MEMBER_CHAT_SCREENS: ScreenRoute[] = [
  { path: "chat/:id", screen: "chat-room", handle: CHAT_ROOM },
];

/** Sign-in screens: only for signed-out visitors (signed in, they redirect home). */
export const AUTH_SCREENS: ScreenRoute[] = [
  { path: "login", screen: "login", handle: ACCOUNT },
  { path: "register", screen: "register", handle: ACCOUNT },
  { path: "restore", screen: "restore", handle: ACCOUNT },
  { path: "reset", screen: "reset", handle: ACCOUNT },
];

/** Screens that need an account (signed out, they redirect to /login). */
export const ACCOUNT_SCREENS: ScreenRoute[] = [
  { path: "subscribe", screen: "subscribe", handle: { interestSelection: true } },
  { path: "plans", screen: "plans" },
  { path: "create_ai", screen: "create-ai", handle: CREATE },
  { path: "my_ai", screen: "my-ai", handle: CREATE },
  { path: "my_ais", screen: "my-ais", handle: CREATE },
  { path: "my_ais/:id", screen: "my-ai", handle: CREATE },
  { path: "generate_image", screen: "generate-image", handle: { interestSelection: true } },
  { path: "settings", screen: "settings", handle: ACCOUNT },
  { path: "checkout", screen: "checkout" },
  { path: "paywall", screen: "paywall" },
  // The built-in test checkout's payment page: alone, like a provider's hosted page, for the order's owner.
  { path: "pay/:orderId", screen: "test-checkout", handle: BARE },
  { path: "onboarding", screen: "onboarding" },
  // the admin console (decision 29): each section its own screen; non-staff see the not-found screen
  { path: "admin", screen: "admin-dashboard" },
  { path: "admin/users", screen: "admin-users" },
  { path: "admin/users/:id", screen: "admin-user" },
  { path: "admin/characters", screen: "admin-characters" },
  { path: "admin/characters/:id", screen: "admin-character" },
  { path: "admin/moderation", screen: "admin-moderation" },
  { path: "admin/payments", screen: "admin-payments" },
  { path: "admin/system", screen: "admin-system" },
  { path: "admin/audit", screen: "admin-audit" },
];

/** The ad landing `/:id`: ranks below every static path (then `*` sends the rest to /not-found). */
export const AD_LANDING_SCREENS: ScreenRoute[] = [
  { path: ":id", screen: "landing", handle: EXPLORE, preload: false },
];

/**
 * Every path with the screens it may show, whichever the route set (a chat is the character page
 * for visitors and the chat room for members): what the server preloads for a page load. A path
 * with no screens to announce gets no preloads at all (not even the contract).
 */
export function screensByPath(): { path: string; screens: string[] }[] {
  const byPath = new Map<string, string[]>();
  const unannounced = new Set<string>();
  for (const route of [
    ...PUBLIC_SCREENS,
    ...MEMBER_CHAT_SCREENS,
    ...VISITOR_CHAT_SCREENS,
    ...AUTH_SCREENS,
    ...ACCOUNT_SCREENS,
    ...AD_LANDING_SCREENS,
  ]) {
    const path = `/${route.path ?? ""}`;
    if (route.preload === false) unannounced.add(path);
    const screens = byPath.get(path) ?? [];
    if (!screens.includes(route.screen)) screens.push(route.screen);
    byPath.set(path, screens);
  }
  return [...byPath].map(([path, screens]) => ({ path, screens: unannounced.has(path) ? [] : screens }));
}
