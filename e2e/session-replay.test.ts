import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { makeAdmin } from "./support/admin.ts";
import { asPerson, hide, useBrowser } from "./support/browser.ts";
import { send, signUpAndOpenChat, signUpByForm, storedReplies, uniqueEmail } from "./support/chat.ts";
import { queryDatabase } from "./support/database.ts";
import { useOwnServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

// replay is off on the suite's shared server; this one records every session
const server = useOwnServer((port) => ({
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  REPLAY_ENABLED: "true",
  REPLAY_SAMPLE_RATE: "1",
}));
const base = server.base;

const browser = useBrowser();

function watchUploads(page: Page) {
  let sent = 0;
  let finished = 0;
  let rrwebLoaded = false;

  page.on("request", (request) => {
    if (/\/api\/replays\/[^/]+\/chunks$/.test(new URL(request.url()).pathname)) sent += 1;
  });
  // keepalive requests report their answer, not always their end
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (/\/api\/replays\/[^/]+\/chunks$/.test(pathname)) finished += 1;
    if (/\/assets\/rrweb-[^/]+\.js$/.test(pathname)) rrwebLoaded = true;
  });
  return {
    sent: () => sent,
    answered: () => finished,
    rrwebLoaded: () => rrwebLoaded,
  };
}

/** What the operator's player would be given: every stored chunk, with its replay's owner. */
const storedReplays = () =>
  queryDatabase<{ id: string; user_id: string | null; seq: number; events: string }>(
    server.sqlitePath(),
    `select r.id, r.user_id, c.seq, c.events from session_replays r
     join session_replay_chunks c on c.replay_id = r.id order by r.started_at, c.seq`,
  );

const userIdOf = (email: string): string | undefined =>
  queryDatabase<{ id: string }>(server.sqlitePath(), "select id from users where email = ?", email)[0]?.id;

const characterNameOf = (id: number): string | undefined =>
  queryDatabase<{ name: string }>(server.sqlitePath(), "select name from characters where id = ?", id)[0]
    ?.name;

describe("session replay", () => {
  it("uploads a sampled session's replay with no chat text, email or password in it", async () => {
    const page = await browser.newPage();
    await asPerson(page);
    const uploads = watchUploads(page);
    const email = uniqueEmail("replayed");
    const secretLine = "my secret kite festival plan 7731";

    // signing up (email and password typed on a recorded page), then a chat
    await signUpAndOpenChat(page, email, { baseURL: base(), byForm: true });
    await until(uploads.rrwebLoaded, "the recorder to load on the chat page");
    await send(page, secretLine);
    await page.getByTestId("message-text").filter({ hasText: secretLine }).waitFor();
    await storedReplies(page).nth(1).waitFor({ timeout: 30_000 });
    // the account menu shows the email (in a private region); the composer holds a draft
    await page.getByRole("button", { name: "Account" }).click();
    await page.getByText(email).waitFor();
    await page.getByLabel(/^Message /).fill("an unsent draft about kites");
    const characterName = characterNameOf(1);
    expect(characterName).toBeTruthy();

    const answeredBefore = uploads.answered();
    await hide(page);
    await until(() => uploads.answered() > answeredBefore, "the replay upload on page hide");
    // the hidden page's last keepalive requests
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const rows = storedReplays();
    expect(rows.length).toBeGreaterThan(0);
    const everything = rows.map((row) => row.events).join("\n");
    // a full snapshot of the page and the typing were recorded...
    expect(
      rows.some((row) => (JSON.parse(row.events) as { type: number }[]).some((event) => event.type === 2)),
    ).toBe(true);
    // ...the chat page's public text is there...
    expect(everything).toContain(characterName);
    // ...and nothing private is
    expect(everything).not.toContain(secretLine);
    expect(everything).not.toContain("kite festival");
    expect(everything).not.toContain("unsent draft");
    // the message was there, as asterisks of its shape
    expect(everything).toContain("** ****** **** ******** **** ****");
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(email.split("@")[0]);
    expect(everything).not.toContain("chat-pass-1");
    // the chat page's replay belongs to the signed-in user
    const userId = userIdOf(email);
    expect(userId).toBeTruthy();
    expect(rows.some((row) => row.user_id === userId)).toBe(true);
  });

  it("records nothing more once the user opts out in Settings", async () => {
    const page = await browser.newPage();
    await asPerson(page);
    const uploads = watchUploads(page);
    const email = uniqueEmail("optout");
    await signUpAndOpenChat(page, email, { baseURL: base(), byForm: true });
    await page.goto(`${base()}/settings`);
    const choice = page.getByTestId("session-replay-choice");
    await choice.waitFor();
    expect(await choice.isChecked()).toBe(true);
    await choice.uncheck();
    await page.getByText("Turned off. Nothing more is recorded.").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("reverie:replay:opt-out"))).toBe("true");

    const userId = userIdOf(email);
    // opting out took back what was recorded of this user
    expect(storedReplays().filter((row) => row.user_id === userId)).toEqual([]);
    const sentBefore = uploads.sent();
    await page.goto(`${base()}/chat/1`);
    await page.getByTestId("conversation").waitFor();
    await send(page, "nobody should see this");
    await hide(page);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(uploads.sent()).toBe(sentBefore);
    expect(storedReplays().filter((row) => row.user_id === userId)).toEqual([]);
  });
});

describe("session replays in the admin console", () => {
  it("an admin watches a sampled session in the rrweb player, and the console itself is never recorded", async () => {
    // a member's sampled session: a chat with a private line
    const member = await browser.newPage();
    await asPerson(member);
    const memberEmail = uniqueEmail("replayed-member");
    const secretLine = "a private note about lanterns 4412";
    await signUpAndOpenChat(member, memberEmail, { baseURL: base(), byForm: true });
    await send(member, secretLine);
    await member.getByTestId("message-text").filter({ hasText: secretLine }).waitFor();
    await storedReplies(member).nth(1).waitFor({ timeout: 30_000 });
    const memberRow = userIdOf(memberEmail);
    expect(memberRow).toBeTruthy();
    const memberId = memberRow ?? "";
    await hide(member);
    await until(
      () =>
        queryDatabase<{ chunks: number }>(
          server.sqlitePath(),
          "select chunks from session_replays where user_id = ?",
          memberId,
        ).length > 0,
      "the member's replay to be stored",
    );
    const characterName = characterNameOf(1);
    expect(characterName).toBeTruthy();

    // the operator, recorded too (a person's browser, sampled), opens the console's replays
    const operator = await browser.newPage();
    await asPerson(operator);
    const operatorEmail = uniqueEmail("replay-operator");
    await signUpByForm(operator, operatorEmail, { baseURL: base(), password: "secret-pass" });
    await makeAdmin(operatorEmail, server.sqlitePath());
    await operator.goto(`${base()}/admin/system?tab=replays`);
    const row = operator.getByTestId("admin-replay").filter({ hasText: memberId }).first();
    await row.waitFor();
    await row.getByRole("button", { name: "Watch" }).click();
    await operator.getByTestId("admin-replay-viewer").waitFor();
    await operator.getByTestId("replay-player").waitFor();

    // the recorded chat page is rebuilt in the player's frame: public text, the message as asterisks
    const replayed = operator.frameLocator('[data-testid="replay-stage"] iframe');
    await replayed
      .getByText(characterName ?? "")
      .first()
      .waitFor({ timeout: 20_000 });
    const frameText = (await replayed.locator("body").textContent()) ?? "";
    expect(frameText).not.toContain(secretLine);
    expect(frameText).not.toContain(memberEmail);
    await operator.waitForFunction(
      () => !document.querySelector('[data-testid="replay-time"]')?.textContent?.startsWith("00:00 /"),
      undefined,
      { timeout: 20_000 },
    );

    // the console is never recorded: the operator's own recording holds none of its pages, only the
    // app's screens they open afterwards
    const operatorId = userIdOf(operatorEmail);
    await operator.goto(`${base()}/gallery`);
    await operator.getByRole("heading", { level: 1 }).first().waitFor();
    await operator.waitForFunction(() =>
      performance.getEntriesByType("resource").some((entry) => /\/assets\/rrweb-[^/]+\.js$/.test(entry.name)),
    );
    const operatorEvents = () =>
      storedReplays()
        .filter((chunk) => chunk.user_id === (operatorId ?? ""))
        .map((chunk) => chunk.events)
        .join("\n");
    // hidden again until the upload lands: the recorder may start just after the first time
    for (let attempt = 0; attempt < 20 && !operatorEvents().includes("/gallery"); attempt += 1) {
      await hide(operator);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(operatorEvents()).toContain("/gallery");
    expect(operatorEvents()).not.toContain("/admin");
    expect(operatorEvents()).not.toContain(memberId);
  });
});
