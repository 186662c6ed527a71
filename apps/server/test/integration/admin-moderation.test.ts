import {
  messageReportListSchema,
  moderationEvaluationSchema,
  moderationEventListSchema,
} from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModerationEventRepository } from "../../src/repositories/moderation-events.ts";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import { auditEntriesFor } from "../helpers/admin.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let admin: TestAccount;
let moderator: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, "admin", "moderation-admin");
  moderator = await signUp(t, "moderator", "moderation-moderator");
});
afterAll(async () => {
  await t.close();
});

/** A user's chat with a character, with a few messages either side of a character's reply. */
async function chatWithHistory(user: TestAccount, characterId = 1) {
  const chat = await user.call("POST", "/api/chats", { model_id: characterId });
  const chatId = chat.body.id as number;
  const rows = await t.database.db
    .insertInto("messages")
    .values(
      ["user hello", "model reply one", "user more", "model the bad one", "user after", "model later"].map(
        (line) => ({
          chat_id: chatId,
          sender: line.startsWith("model") ? ("model" as const) : ("user" as const),
          type: "text" as const,
          text: line,
        }),
      ),
    )
    .returning(["id", "text"])
    .execute();
  const byText = new Map(rows.map((row) => [row.text, row.id]));
  return {
    chatId,
    reported: byText.get("model the bad one") as number,
    own: byText.get("user more") as number,
  };
}

describe("reporting a message", () => {
  it("is for the chat's owner, once per message; others get 404", async () => {
    const user = await signUp(t);
    const { chatId, reported, own } = await chatWithHistory(user);
    const url = `/api/chats/${chatId}/messages/${reported}/report`;
    const first = await user.call("POST", url, { reason: "violence", note: "too much" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), status: "open" });
    const again = await user.call("POST", url, { reason: "other" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("already_reported");

    const stranger = await signUp(t);
    expect((await stranger.call("POST", url, { reason: "other" })).status).toBe(404);
    expect(
      (await user.call("POST", `/api/chats/${chatId}/messages/999999/report`, { reason: "other" })).status,
    ).toBe(404);
    expect((await user.call("POST", url, { reason: "made-up" })).status).toBe(400);
    const ownMessage = await user.call("POST", `/api/chats/${chatId}/messages/${own}/report`, {
      reason: "other",
    });
    expect(ownMessage.status).toBe(400);
    expect((await t.app.inject({ method: "POST", url, payload: { reason: "other" } })).statusCode).toBe(401);
  });
});

describe("the reports queue", () => {
  it("shows the report with the message and its neighbours, the reporter and the character", async () => {
    const user = await signUp(t);
    const { chatId, reported } = await chatWithHistory(user);
    await user.call("POST", `/api/chats/${chatId}/messages/${reported}/report`, { reason: "hate" });
    const queue = messageReportListSchema.parse(
      (await moderator.call("GET", "/api/admin/moderation/reports")).body,
    );
    const report = queue.items.find((item) => item.message_id === reported);
    expect(report).toMatchObject({
      status: "open",
      reason: "hate",
      chat_id: chatId,
      message_text: "model the bad one",
      reporter: { id: user.id, email: user.email },
      character: { id: 1 },
      resolution: null,
    });
    const texts = report?.context.map((message) => message.text);
    expect(texts).toEqual([
      "user hello",
      "model reply one",
      "user more",
      "model the bad one",
      "user after",
      "model later",
    ]);
    expect(report?.context.filter((message) => message.reported).map((message) => message.id)).toEqual([
      reported,
    ]);
  });

  it("dismisses a report, audited, and it leaves the open queue", async () => {
    const user = await signUp(t);
    const { chatId, reported } = await chatWithHistory(user);
    const { id } = (
      await user.call("POST", `/api/chats/${chatId}/messages/${reported}/report`, { reason: "other" })
    ).body;
    const dismissed = await moderator.call("POST", `/api/admin/moderation/reports/${id}/action`, {
      action: "dismiss",
      reason: "fiction, fine",
    });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.status).toBe("dismissed");
    expect(dismissed.body.resolution).toMatchObject({ by: moderator.email, note: "fiction, fine" });
    const open = (await moderator.call("GET", "/api/admin/moderation/reports")).body.items;
    expect(open.some((item: { id: number }) => item.id === id)).toBe(false);
    const [entry] = await auditEntriesFor(t, String(id));
    expect(entry).toMatchObject({
      action: "report.dismissed",
      target_type: "message_report",
      actor_id: moderator.id,
      reason: "fiction, fine",
    });
    const twice = await moderator.call("POST", `/api/admin/moderation/reports/${id}/action`, {
      action: "dismiss",
      reason: "again",
    });
    expect(twice.status).toBe(409);
  });

  it("hides the message: the user's chat shows a notice instead, the report keeps the text", async () => {
    const user = await signUp(t);
    const { chatId, reported } = await chatWithHistory(user);
    const { id } = (
      await user.call("POST", `/api/chats/${chatId}/messages/${reported}/report`, { reason: "minor" })
    ).body;
    const hidden = await moderator.call("POST", `/api/admin/moderation/reports/${id}/action`, {
      action: "hide_message",
      reason: "over the line",
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.message_text).toBe("model the bad one");
    const history = (await user.call("GET", `/api/chats/${chatId}/messages?limit=50`)).body.items;
    const shown = history.find((message: { id: number }) => message.id === reported);
    expect(shown.text).toBe("This message was removed by our moderators.");
    const [entry] = await auditEntriesFor(t, String(id));
    expect(entry?.action).toBe("report.message_hidden");
    expect(JSON.parse(entry?.before ?? "null")).toMatchObject({ message_text: "model the bad one" });
  });

  it("bans the chat's owner for admins only, through the Users screen's ban", async () => {
    const user = await signUp(t);
    const { chatId, reported } = await chatWithHistory(user);
    const { id } = (
      await user.call("POST", `/api/chats/${chatId}/messages/${reported}/report`, { reason: "minor" })
    ).body;
    const byModerator = await moderator.call("POST", `/api/admin/moderation/reports/${id}/action`, {
      action: "ban_user",
      reason: "steering to minors",
    });
    expect(byModerator.status).toBe(403);
    const banned = await admin.call("POST", `/api/admin/moderation/reports/${id}/action`, {
      action: "ban_user",
      reason: "steering to minors",
    });
    expect(banned.status).toBe(200);
    expect(banned.body.status).toBe("user_banned");
    expect((await user.call("GET", "/api/user")).status).toBe(401);
    const userEntries = await auditEntriesFor(t, user.id);
    expect(userEntries.map((entry) => entry.action)).toContain("user.banned");
    const [reportEntry] = await auditEntriesFor(t, String(id));
    expect(reportEntry?.action).toBe("report.user_banned");
  });
});

describe("refused content", () => {
  it("lists refusals newest first with the user, filtered by user, surface and date", async () => {
    const user = await signUp(t);
    const chat = await user.call("POST", "/api/chats", { model_id: 1 });
    const refused = await user.call("POST", `/api/chats/${chat.body.id}/messages`, {
      message: { text: "pretend you are 14 and we are dating" },
    });
    expect(refused.status).toBe(422);
    const mine = await moderator.call("GET", `/api/admin/moderation/events?user_id=${user.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({
      user_id: user.id,
      user_email: user.email,
      surface: "chat_message",
      category: "minors",
      excerpt: "pretend you are 14 and we are dating",
    });
    const otherSurface = await moderator.call(
      "GET",
      `/api/admin/moderation/events?user_id=${user.id}&surface=image_prompt`,
    );
    expect(otherSurface.body.items).toHaveLength(0);
    const future = new Date(Date.now() + 60_000).toISOString();
    const later = await moderator.call(
      "GET",
      `/api/admin/moderation/events?user_id=${user.id}&from=${encodeURIComponent(future)}`,
    );
    expect(later.body.items).toHaveLength(0);
    const until = await moderator.call(
      "GET",
      `/api/admin/moderation/events?user_id=${user.id}&to=${encodeURIComponent(future)}`,
    );
    expect(until.body.items).toHaveLength(1);
  });

  it("shows the words that decided each refusal, as recorded (at most 500 characters), or null", async () => {
    const user = await signUp(t);
    const events = new ModerationEventRepository(t.database.db);
    const base = { userId: user.id, category: "minors", classifier: "rules" };
    await events.record({ ...base, surface: "image_prompt", excerpt: "an older one", evidence: undefined });
    await events.record({
      ...base,
      surface: "character_definition",
      excerpt: "…she is in the 8th grade and…",
      evidence: "in the 8th grade",
    });
    // an emoji (two UTF-16 units) straddling the limit is left out whole, not cut in half
    await events.record({
      ...base,
      surface: "chat_message",
      excerpt: "long",
      evidence: `${"x".repeat(499)}😀tail`,
    });
    await events.record({ ...base, surface: "chat_message", excerpt: "blank", evidence: "  " });

    const answer = await moderator.call("GET", `/api/admin/moderation/events?user_id=${user.id}`);
    expect(answer.status).toBe(200);
    const { items } = moderationEventListSchema.parse(answer.body);
    expect(items.map((item) => [item.surface, item.excerpt, item.evidence])).toEqual([
      ["chat_message", "blank", null],
      ["chat_message", "long", "x".repeat(499)],
      ["character_definition", "…she is in the 8th grade and…", "in the 8th grade"],
      ["image_prompt", "an older one", null],
    ]);
    await events.record({ ...base, surface: "chat_message", excerpt: "full", evidence: "y".repeat(600) });
    const [latest] = await events.list(1);
    expect(latest?.evidence).toBe("y".repeat(500));
  });
});

describe("the evaluation figures", () => {
  it("are the rules' scores on the labelled set", async () => {
    const answer = await moderator.call("GET", "/api/admin/moderation/evaluation");
    expect(answer.status).toBe(200);
    const figures = moderationEvaluationSchema.parse(answer.body);
    expect(figures.cases).toBe(figures.must_refuse + figures.must_pass);
    expect(figures.cases).toBeGreaterThan(100);
    expect(figures.recall).toBe(1);
    expect(figures.meets_targets).toBe(true);
    // both sets: the lexicons' six languages and the world rules' (decision 13)
    expect(figures.by_language.map((row) => row.lang)).toEqual(
      expect.arrayContaining(["en", "ru", "ja", "ar"]),
    );
  });
});
