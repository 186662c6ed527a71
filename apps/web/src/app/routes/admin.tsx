import { RedirectNotFound } from "@/app/guards";

/**
 * There are no roles yet, so nobody is an admin: until the admin tools arrive, /admin is as unknown
 * as any other path.
 */
export default function AdminRoute() {
  return <RedirectNotFound />;
}
