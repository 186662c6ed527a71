import { describe, expect, it } from "vitest";
import { isLoopbackHostName } from "./loopback-only.ts";

describe("isLoopbackHostName", () => {
  it.each([
    "localhost",
    "LOCALHOST",
    "app.localhost",
    "127.0.0.1",
    "127.255.10.2",
    "[::1]",
    "::1",
    "[::ffff:127.0.0.1]",
  ])("%s is this machine", (name) => {
    expect(isLoopbackHostName(name)).toBe(true);
  });

  it.each([
    "10.0.0.2",
    "128.0.0.1",
    "1.127.0.0",
    "127.1",
    "localhost.example.com",
    "example.com",
    "[::2]",
    "[::ffff:10.0.0.1]",
    "",
  ])("%s is not", (name) => {
    expect(isLoopbackHostName(name)).toBe(false);
  });
});
