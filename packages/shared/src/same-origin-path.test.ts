import { describe, expect, it } from "vitest";
import { isSameOriginPath } from "./same-origin-path.ts";

describe("isSameOriginPath", () => {
  it.each(["/", "/checkout", "/chat/3?x=1#end", "/my_ai?callback=paywall", "/gallery/12%2F3"])(
    "takes a path of this app: %s",
    (path) => expect(isSameOriginPath(path)).toBe(true),
  );

  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "//evil.example",
    "/\\evil.example",
    "/ /evil.example",
    "https://evil.example",
    "evil.example",
    "javascript:alert(1)",
    "",
    "/\u0000",
  ])("refuses what a browser would take elsewhere: %j", (path) => expect(isSameOriginPath(path)).toBe(false));
});
