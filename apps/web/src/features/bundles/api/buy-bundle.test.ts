import type { User } from "@reverie/shared";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { userQueryOptions } from "@/lib/auth";
import { applyPurchase } from "./buy-bundle";
import { bundleItemsQueryOptions } from "./get-bundle-items";
import { bundlesQueryOptions } from "./get-bundles";
import { modelsBundlesQueryOptions } from "./get-models-bundles";

const USER_KEY = userQueryOptions("token").queryKey;

function clientWith(user: Partial<User> | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  if (user) queryClient.setQueryData(USER_KEY, user as User);
  const keys = {
    bundleItems: bundleItemsQueryOptions(7).queryKey,
    bundles: bundlesQueryOptions({ modelId: 3 }).queryKey,
    modelsBundles: modelsBundlesQueryOptions("female").queryKey,
    galleryPage: ["gallery", { gender: "female" }],
    galleryItem: ["gallery", "item", 12],
    model: ["models", "detail", 3],
    sessions: ["auth-sessions"],
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { any: "answer" });
  return { queryClient, keys };
}

describe("applyPurchase", () => {
  it("puts the balance left on the session user, keeping the rest", () => {
    const { queryClient } = clientWith({ id: "u1", email: "a@b.c", tokens: 900 });
    applyPurchase(queryClient, 400);
    expect(queryClient.getQueryData(USER_KEY)).toEqual({ id: "u1", email: "a@b.c", tokens: 400 });
  });

  it("leaves a signed-out cache alone", () => {
    const { queryClient } = clientWith(null);
    applyPurchase(queryClient, 400);
    expect(queryClient.getQueryData(USER_KEY)).toBeUndefined();
  });

  it("asks again for every query holding locked media, and only those", () => {
    const { queryClient, keys } = clientWith({ id: "u1", tokens: 900 });
    applyPurchase(queryClient, 400);
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(keys.bundleItems)).toBe(true);
    expect(invalidated(keys.bundles)).toBe(true);
    expect(invalidated(keys.modelsBundles)).toBe(true);
    expect(invalidated(keys.galleryPage)).toBe(true);
    expect(invalidated(keys.galleryItem)).toBe(true);
    expect(invalidated(keys.model)).toBe(false);
    expect(invalidated(keys.sessions)).toBe(false);
    expect(invalidated(USER_KEY)).toBe(false);
  });
});
