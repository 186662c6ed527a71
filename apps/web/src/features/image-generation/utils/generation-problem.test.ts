import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { generationProblem } from "./generation-problem";

describe("generationProblem", () => {
  it("opens the buy prompt for a 402 insufficient_balance", () => {
    const error = new ApiError(402, "insufficient_balance", "These 2 pictures cost 10 tokens.", {
      type: "image_generation",
    });
    expect(generationProblem(error)).toEqual({ kind: "insufficient_balance" });
  });

  it("says a moderation refusal under the prompt, in the server's words", () => {
    const error = new ApiError(422, "content_refused", "This prompt isn't allowed.", { category: "minors" });
    expect(generationProblem(error)).toEqual({ kind: "prompt", message: "This prompt isn't allowed." });
  });

  it("says an invalid prompt under the prompt too", () => {
    const error = new ApiError(400, "validation_error", "user_prompt: Describe the picture.");
    expect(generationProblem(error)).toEqual({
      kind: "prompt",
      message: "user_prompt: Describe the picture.",
    });
  });

  it("reports anything else beside the button", () => {
    expect(generationProblem(new ApiError(404, "not_found", "Character 9 does not exist."))).toEqual({
      kind: "failed",
      message: "Character 9 does not exist.",
    });
    expect(generationProblem(new ApiError(0, "network_error", "Can't reach the server."))).toEqual({
      kind: "failed",
      message: "Can't reach the server.",
    });
    expect(generationProblem(new Error("boom"))).toEqual({ kind: "failed", message: "boom" });
  });
});
