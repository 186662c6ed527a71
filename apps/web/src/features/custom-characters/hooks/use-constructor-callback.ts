import { useEffect } from "react";
import { useSession } from "@/lib/auth";
import { storage } from "@/lib/storage";
import { constructorCallback } from "../utils/after-creation";

/**
 * On the constructor screen (/create_ai): stores the spec's `callback` "paywall" for a free-plan
 * user, so their new character opens on /my_ai?callback=paywall with the Premium offer, and removes
 * it for a premium user (decision 34). Creating spends it.
 */
export function useConstructorCallback(): void {
  const { user } = useSession();
  const callback = user ? constructorCallback(user.plan) : undefined;
  useEffect(() => {
    if (callback === undefined) return;
    if (callback) storage.set("callback", callback);
    else storage.remove("callback");
  }, [callback]);
}
