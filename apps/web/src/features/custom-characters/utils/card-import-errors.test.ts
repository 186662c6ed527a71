import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { cardImportFailure } from "./card-import-errors";

describe("cardImportFailure", () => {
  it("tells the server's reason for a bad card", () => {
    expect(
      cardImportFailure(new ApiError(400, "bad_card", "This PNG has no character card inside.")),
    ).toEqual({
      kind: "message",
      message: "This PNG has no character card inside.",
    });
    expect(cardImportFailure(new ApiError(422, "content_refused", "Characters must be adults."))).toEqual({
      kind: "message",
      message: "Characters must be adults.",
    });
  });

  it("says what a too large or wrong kind of file means", () => {
    expect(cardImportFailure(new ApiError(413, "http_error", "Payload Too Large"))).toEqual({
      kind: "message",
      message: "This file is too large: cards are at most 8 MB.",
    });
    expect(cardImportFailure(new ApiError(415, "http_error", "Unsupported Media Type"))).toEqual({
      kind: "message",
      message: "Choose a character card: a .png image or a .json file.",
    });
  });

  it("opens the buy-tokens prompt on a 402", () => {
    expect(cardImportFailure(new ApiError(402, "insufficient_balance", "Not enough tokens."))).toEqual({
      kind: "insufficient_balance",
    });
  });

  it("asks to try again after a server failure", () => {
    expect(cardImportFailure(new ApiError(500, "internal", "boom"))).toEqual({
      kind: "message",
      message: "We couldn't import the card just now. Please try again.",
    });
  });
});
