import { chatSchema } from "@reverie/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANON } from "../../src/db/seed/canon.ts";
import { parseStoredCanon } from "../../src/lib/canon-sheet.ts";
import { ChatRepository } from "../../src/repositories/chats.ts";
import { replyCharacterCard } from "../../src/services/custom-characters/reply-card.ts";
import { signUp, type TestAccount } from "../helpers/accounts.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_IN_PROCESS: "false" } });
  admin = await signUp(t, "admin", "canon-admin");
});
afterAll(async () => {
  await t.close();
});

const canonOf = async (id: number) =>
  (
    await t.database.db
      .selectFrom("characters")
      .select(["slug", "canon"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).canon;

/** The card the next reply in a new chat with this character is written from. */
async function replyCard(characterId: number) {
  const user = await signUp(t, { prefix: "canon-reader" });
  const chat = chatSchema.parse((await user.call("POST", "/api/chats", { model_id: characterId })).body);
  const context = await new ChatRepository(t.database.db).replyContext(chat.id);
  if (!context) throw new Error("no reply context");
  return replyCharacterCard(context.character, { userName: context.userName, recentTexts: [] });
}

describe("character canon (decision 44)", () => {
  it("stores every catalog character's written sheet, and the reply card carries it", async () => {
    const rows = await t.database.db
      .selectFrom("characters")
      .select(["id", "slug", "canon"])
      .where("owner_id", "is", null)
      .execute();
    expect(rows.length).toBe(Object.keys(CANON).length);
    for (const row of rows) expect(parseStoredCanon(row.canon), row.slug).toEqual(CANON[row.slug]);
    const sofia = rows.find((row) => row.slug === "sofia-reyes");
    expect((await replyCard(sofia?.id ?? 0)).canon).toEqual(CANON["sofia-reyes"]);
  });

  it("keeps the sheet when an admin edits a catalog character", async () => {
    const row = await t.database.db
      .selectFrom("characters")
      .select(["id", "canon"])
      .where("slug", "=", "luca-moretti")
      .executeTakeFirstOrThrow();
    const edited = await admin.call("PATCH", `/api/admin/characters/${row.id}`, {
      description: "Luca now runs a pasta school in Bologna.",
      reason: "refresh",
    });
    expect(edited.status).toBe(200);
    expect(await canonOf(row.id)).toBe(row.canon);
  });

  it("derives and stores a sheet for a character made in the console", async () => {
    const created = await admin.call("POST", "/api/admin/characters", {
      name: "Marisol Vega",
      age: 33,
      gender: "female",
      tagline: "Ferry captain with a loud laugh",
      description: "Marisol grew up in Valparaíso and works as a ferry captain on the bay.",
      personality: "Bold, warm, teasing",
      hobbies: "sailing, tango",
      relationship: "friend",
      first_msg: "All aboard! Mind the gap.",
      reason: "new face",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sheet = parseStoredCanon(await canonOf(created.body.id));
    expect(sheet).toMatchObject({ grewUp: "in Valparaíso", job: "I work as a ferry captain on the bay" });
  });

  it("derives the sheet on read for a row stored before it had one, the same every time", async () => {
    const row = await t.database.db
      .selectFrom("characters")
      .select("id")
      .where("slug", "=", "hana-takeda")
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable("characters").set({ canon: null }).where("id", "=", row.id).execute();
    const first = (await replyCard(row.id)).canon;
    expect(first?.job).toMatch(/\S/);
    expect((await replyCard(row.id)).canon).toEqual(first);
  });
});
