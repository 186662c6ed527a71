import { describe, expect, it } from "vitest";
import { isExcludedDevice } from "./excluded-device";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

describe("the device kind without an install prompt", () => {
  it("is an iPhone, and an iPad even when it reports itself as a Mac", () => {
    expect(isExcludedDevice({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe(true);
    expect(isExcludedDevice({ userAgent: MAC, maxTouchPoints: 5 })).toBe(true);
  });

  it("is not a Mac without a touch screen, nor Android", () => {
    expect(isExcludedDevice({ userAgent: MAC, maxTouchPoints: 0 })).toBe(false);
    expect(isExcludedDevice({ userAgent: ANDROID, maxTouchPoints: 5 })).toBe(false);
  });
});
