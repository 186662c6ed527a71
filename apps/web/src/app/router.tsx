import { type ComponentType, useEffect } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { LoadingScreen } from "@/components/layout/loading-screen";
import { setAnalyticsUser } from "@/lib/analytics";
import { useSession } from "@/lib/auth";
import type { RouteHandle } from "@/lib/route-handle";
import { useStorageValue } from "@/lib/storage";
import { RootErrorBoundary, RouteErrorBoundary } from "./errors";
import { RedirectHome, RedirectNotFound, RedirectToLogin } from "./guards";
import { RootLayout } from "./root-layout";

type RouteModule = { default: ComponentType };

/** A lazily loaded screen (its code is split into its own chunk). */
function screen(
  path: string | undefined,
  load: () => Promise<RouteModule>,
  handle?: RouteHandle,
): RouteObject {
  const lazy = async () => ({ Component: (await load()).default });
  return path === undefined ? { index: true, lazy, handle } : { path, lazy, handle };
}

const EXPLORE: RouteHandle = { section: "explore", interestSelection: true };
const CHAT: RouteHandle = { section: "chat", interestSelection: true };
const CHAT_ROOM: RouteHandle = { ...CHAT, immersive: true };
const GALLERY: RouteHandle = { section: "gallery", interestSelection: true };
const LEGAL: RouteHandle = { skipAgeGate: true };
const ACCOUNT: RouteHandle = { section: "account" };
const BARE: RouteHandle = { bare: true, skipAgeGate: true };

const landing = () => import("./routes/landing");

/** Screens everybody can open, signed in or not. */
const publicScreens: RouteObject[] = [
  screen(undefined, landing, EXPLORE),
  screen("explore", landing, EXPLORE),
  screen("gallery", () => import("./routes/gallery"), GALLERY),
  screen("gallery/:id", () => import("./routes/gallery-item"), GALLERY),
  screen("chat", () => import("./routes/chat-list"), CHAT),
  screen("terms", () => import("./routes/terms"), LEGAL),
  screen("privacy_policy", () => import("./routes/privacy-policy"), LEGAL),
  screen("not-found", () => import("./routes/not-found")),
  // The OAuth popup's last stop; in both sets, since the popup may finish after the opener signed in.
  screen("auth/callback", () => import("./routes/auth-callback"), BARE),
];

/** A chat as visitors see it: the character page with "Sign up to chat". */
const visitorChatScreens: RouteObject[] = [screen("chat/:id", () => import("./routes/character"), CHAT)];

/** The signed-in user's own chat with a character. */
const memberChatScreens: RouteObject[] = [screen("chat/:id", () => import("./routes/chat-room"), CHAT_ROOM)];

/** Sign-in screens: only for signed-out visitors. */
const authScreens: RouteObject[] = [
  screen("login", () => import("./routes/login"), ACCOUNT),
  screen("register", () => import("./routes/register"), ACCOUNT),
  screen("restore", () => import("./routes/restore"), ACCOUNT),
  screen("reset", () => import("./routes/reset"), ACCOUNT),
];

/** Screens that need an account. */
const accountScreens: RouteObject[] = [
  screen("subscribe", () => import("./routes/subscribe"), { interestSelection: true }),
  screen("plans", () => import("./routes/plans")),
  screen("create_ai", () => import("./routes/create-ai")),
  screen("my_ai", () => import("./routes/my-ai")),
  screen("my_ais", () => import("./routes/my-ais")),
  screen("my_ais/:id", () => import("./routes/my-ai")),
  screen("generate_image", () => import("./routes/generate-image"), { interestSelection: true }),
  screen("settings", () => import("./routes/settings"), ACCOUNT),
  screen("checkout", () => import("./routes/checkout")),
  screen("paywall", () => import("./routes/paywall")),
  screen("onboarding", () => import("./routes/onboarding")),
  screen("admin", () => import("./routes/admin")),
];

/** Paths of the account screens; while signed out they are explicit redirects to /login. */
export const ACCOUNT_PATHS = accountScreens.map((route) => route.path as string);

/** The ad landing `/:id` ranks below every static path, then `*` sends the rest to /not-found. */
const tail: RouteObject[] = [screen(":id", landing, EXPLORE), { path: "*", element: <RedirectNotFound /> }];

export function buildRoutes(signedIn: boolean): RouteObject[] {
  const children = signedIn
    ? [
        ...publicScreens,
        ...memberChatScreens,
        ...authScreens.map((route) => ({ path: route.path, element: <RedirectHome /> })),
        ...accountScreens,
        ...tail,
      ]
    : [
        ...publicScreens,
        ...visitorChatScreens,
        ...authScreens,
        ...ACCOUNT_PATHS.map((path) => ({ path, element: <RedirectToLogin /> })),
        ...tail,
      ];

  return [
    {
      id: "root",
      element: <RootLayout />,
      HydrateFallback: LoadingScreen,
      ErrorBoundary: RootErrorBoundary,
      children: [{ ErrorBoundary: RouteErrorBoundary, children }],
    },
  ];
}

let realtimeModule: Promise<typeof import("@/lib/realtime")> | null = null;

/**
 * Connects the messages socket with this token (null disconnects). Its code loads with the first
 * session, not with the first screen of a visitor.
 */
function setSocketToken(token: string | null): void {
  if (!token && !realtimeModule) return;
  realtimeModule ??= import("@/lib/realtime");
  realtimeModule
    .then(({ realtime }) => realtime.setToken(token))
    .catch((error: unknown) => {
      realtimeModule = null;
      console.error("Couldn't load the messages socket.", error);
    });
}

let current: { signedIn: boolean; router: ReturnType<typeof createBrowserRouter> } | null = null;

/** One router per session state; switching state disposes the previous router. */
function getRouter(signedIn: boolean) {
  if (current?.signedIn !== signedIn) {
    current?.router.dispose();
    current = { signedIn, router: createBrowserRouter(buildRoutes(signedIn)) };
  }
  return current.router;
}

/** Signed in builds the full route set; signed out only the public, sign-in and redirect routes. */
export function AppRouter() {
  const session = useSession();
  const userId = session.user?.id ?? null;
  const token = useStorageValue("accessToken");
  useEffect(() => setAnalyticsUser(userId), [userId]);
  // The messages socket lives as long as the session, whatever screen is open.
  useEffect(() => setSocketToken(userId ? token : null), [userId, token]);
  if (session.status === "loading") return <LoadingScreen />;
  const signedIn = session.status === "signed-in";
  // Keyed: a new router needs a fresh provider, or the old one's state (the sign-in screen) renders
  // for a moment in the new route set and its redirects fire.
  return <RouterProvider key={signedIn ? "signed-in" : "signed-out"} router={getRouter(signedIn)} />;
}
