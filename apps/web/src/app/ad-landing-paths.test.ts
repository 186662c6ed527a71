import { APP_PATH_SEGMENTS, isSaneSubId } from "@reverie/shared";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_SCREENS,
  AUTH_SCREENS,
  MEMBER_CHAT_SCREENS,
  PUBLIC_SCREENS,
  VISITOR_CHAT_SCREENS,
} from "./route-table";

const firstSegments = [
  ...new Set(
    [...PUBLIC_SCREENS, ...VISITOR_CHAT_SCREENS, ...MEMBER_CHAT_SCREENS, ...AUTH_SCREENS, ...ACCOUNT_SCREENS]
      .map((route) => route.path?.split("/")[0] ?? "")
      .filter((segment) => segment !== ""),
  ),
];

describe("the ad landing /:id and the app's own paths", () => {
  it("knows every first path segment of the route table, so a near miss of one is no sub id", () => {
    expect(
      firstSegments.filter((segment) => !(APP_PATH_SEGMENTS as readonly string[]).includes(segment)),
    ).toEqual([]);
  });

  it("takes no app path, mistyped or with digits added, for a sub id", () => {
    for (const segment of firstSegments) {
      const typo = `${segment.slice(0, 1)}${segment.slice(2)}`;
      for (const candidate of [
        segment,
        `${segment}1`,
        `${segment}2024`,
        `${typo}12`,
        segment.toUpperCase(),
      ]) {
        expect(isSaneSubId(candidate), candidate).toBe(false);
      }
    }
  });
});
