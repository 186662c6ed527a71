import { OAuthCallback } from "@/features/auth/components/oauth-callback";

/** /auth/callback — bare screen (no shell or overlays), see the route's handle. */
export default function AuthCallbackRoute() {
  return <OAuthCallback />;
}
