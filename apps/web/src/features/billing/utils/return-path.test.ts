import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  isPurchaseScreen,
  rememberReturnPath,
  returnPathFromQuery,
  returnPathOfOrder,
  safeReturnPath,
} from "./return-path";

describe("safeReturnPath", () => {
  it("accepts a path of this app", () => {
    expect(safeReturnPath("/chat/3")).toBe("/chat/3");
    expect(safeReturnPath("/gallery?tab=packs")).toBe("/gallery?tab=packs");
  });

  it("refuses other sites and odd values", () => {
    expect(safeReturnPath("//evil.example/chat")).toBeUndefined();
    expect(safeReturnPath("/\\evil.example")).toBeUndefined();
    expect(safeReturnPath("https://evil.example")).toBeUndefined();
    expect(safeReturnPath("chat/3")).toBeUndefined();
    expect(safeReturnPath("/")).toBeUndefined();
    expect(safeReturnPath(`/${"a".repeat(200)}`)).toBeUndefined();
    expect(safeReturnPath(null)).toBeUndefined();
  });

  it("refuses the purchase screens themselves", () => {
    expect(safeReturnPath("/checkout?package=tokens_350")).toBeUndefined();
    expect(safeReturnPath("/pay/ord_1")).toBeUndefined();
    expect(safeReturnPath("/plans")).toBeUndefined();
    expect(safeReturnPath("/subscribe")).toBeUndefined();
    expect(safeReturnPath("/paywall?source=model_chat")).toBeUndefined();
    expect(safeReturnPath("/planslike")).toBe("/planslike");
  });

  it("knows the purchase screens", () => {
    expect(isPurchaseScreen("/checkout")).toBe(true);
    expect(isPurchaseScreen("/pay/ord_1")).toBe(true);
    expect(isPurchaseScreen("/chat/3")).toBe(false);
  });

  it("reads the from query", () => {
    expect(returnPathFromQuery("?package=tokens_350&from=%2Fchat%2F3")).toBe("/chat/3");
    expect(returnPathFromQuery("?package=tokens_350")).toBeUndefined();
  });
});

describe("returnPathOfOrder", () => {
  beforeEach(() => {
    const values = new Map<string, string>();
    vi.stubGlobal("window", {
      sessionStorage: {
        getItem: (key: string) => values.get(key) ?? null,
        setItem: (key: string, value: string) => values.set(key, value),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("prefers the return address's own path", () => {
    rememberReturnPath("ord_1", "/chat/3");
    expect(returnPathOfOrder("ord_1", "?order=ord_1&status=success&return_path=%2Fchat%2F9")).toBe("/chat/9");
  });

  it("falls back to the path kept when the checkout started", () => {
    rememberReturnPath("ord_1", "/chat/3");
    expect(returnPathOfOrder("ord_1", "?order=ord_1&status=success")).toBe("/chat/3");
    expect(returnPathOfOrder("ord_2", "?order=ord_2&status=success")).toBeUndefined();
  });

  it("keeps nothing without storage", () => {
    vi.stubGlobal("window", {});
    rememberReturnPath("ord_1", "/chat/3");
    expect(returnPathOfOrder("ord_1", "?order=ord_1")).toBeUndefined();
  });
});
