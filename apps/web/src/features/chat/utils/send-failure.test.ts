import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { sendFailure } from "./send-failure";

describe("sendFailure", () => {
  it("says a moderation refusal in the server's own sentence", () => {
    const refused = new ApiError(
      422,
      "content_refused",
      "This was refused because it describes someone under 18 in a sexual or romantic way.",
      { category: "minors" },
    );
    expect(sendFailure(refused)).toEqual({
      kind: "message",
      message: "This was refused because it describes someone under 18 in a sexual or romantic way.",
    });
  });

  it("opens the buy-tokens prompt for a 402, with its type", () => {
    expect(
      sendFailure(new ApiError(402, "insufficient_balance", "Not enough tokens.", { type: "message" })),
    ).toEqual({ kind: "payment_required", type: "message" });
    expect(sendFailure(new ApiError(402, "insufficient_balance", "Not enough tokens."))).toEqual({
      kind: "payment_required",
      type: "message",
    });
  });

  it("passes on the server's words for anything else it answered, and a fallback otherwise", () => {
    expect(
      sendFailure(new ApiError(503, "moderation_unavailable", "We couldn't check this message just now.")),
    ).toEqual({ kind: "message", message: "We couldn't check this message just now." });
    expect(sendFailure(new TypeError("boom"))).toEqual({
      kind: "message",
      message: "Your message could not be sent. Please try again.",
    });
  });
});
