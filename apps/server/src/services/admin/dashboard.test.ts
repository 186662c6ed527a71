import { describe, expect, it } from "vitest";
import { withConversion } from "./dashboard.ts";

describe("withConversion", () => {
  it("gives each step its share of the step before and of the first", () => {
    expect(
      withConversion([
        { step: "visit", event: "Visit", clients: 200 },
        { step: "sign_up", event: "Sign Up Completed", clients: 50 },
        { step: "first_message", event: "Message Sent", clients: 10 },
      ]),
    ).toEqual([
      { step: "visit", event: "Visit", clients: 200, from_previous: null, from_first: 1 },
      { step: "sign_up", event: "Sign Up Completed", clients: 50, from_previous: 0.25, from_first: 0.25 },
      { step: "first_message", event: "Message Sent", clients: 10, from_previous: 0.2, from_first: 0.05 },
    ]);
  });

  it("has no rate after a step nobody reached, and none at all without visitors", () => {
    expect(
      withConversion([
        { step: "visit", event: "Visit", clients: 0 },
        { step: "sign_up", event: "Sign Up Completed", clients: 0 },
      ]).map((step) => [step.from_previous, step.from_first]),
    ).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
