import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { classifyCreateError } from "./create-errors";

describe("classifyCreateError", () => {
  it("opens the buy-tokens prompt on a 402", () => {
    expect(classifyCreateError(new ApiError(402, "insufficient_balance", "Not enough tokens."))).toEqual({
      kind: "insufficient_balance",
    });
  });

  it("shows a 400 at the field it names", () => {
    expect(classifyCreateError(new ApiError(400, "bad_request", "hair_style: unknown option."))).toEqual({
      kind: "field",
      field: "hair_style",
      message: "hair_style: unknown option.",
    });
    expect(
      classifyCreateError(new ApiError(400, "bad_request", "Unknown value.", { field: "voice" })),
    ).toEqual({ kind: "field", field: "voice", message: "Unknown value." });
  });

  it("shows a moderation refusal next to the description, even when it mentions the age", () => {
    expect(
      classifyCreateError(
        new ApiError(422, "content_refused", "Characters must be adults, whatever the age says."),
      ),
    ).toEqual({ kind: "refused", message: "Characters must be adults, whatever the age says." });
    expect(
      classifyCreateError(new ApiError(400, "moderation_refused", "This definition describes a minor; age.")),
    ).toEqual({ kind: "refused", message: "This definition describes a minor; age." });
  });

  it("shows a 400 about the description next to it", () => {
    expect(classifyCreateError(new ApiError(400, "bad_request", "description is too long."))).toEqual({
      kind: "refused",
      message: "description is too long.",
    });
  });

  it("offers to try again after a server or network failure", () => {
    expect(classifyCreateError(new ApiError(500, "internal", "Internal error."))).toEqual({
      kind: "failed",
      message: "Internal error.",
    });
    expect(classifyCreateError(new TypeError("boom"))).toEqual({
      kind: "failed",
      message: "Something went wrong. Please try again.",
    });
  });
});
