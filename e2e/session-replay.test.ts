import { DatabaseSync } from "node:sqlite";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { send, signUpAndOpenChat, storedReplies, uniqueEmail } from "./support/chat.ts";
import { type RunningServer, startServer } from "./support/server.ts";

// replay is off on the suite's shared server; this one records every session
let server: RunningServer;
beforeAll(async () => {
  server = await startServer((port) => ({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    REPLAY_ENABLED: "true",
    REPLAY_SAMPLE_RATE: "1",
  }));
});
afterAll(async () => {
  await server?.stop();
});
const base = () => `http://127.0.0.1:${server.port}`;

const browser = useBrowser();

/** Headless Chromium says "HeadlessChrome", which ingestion drops as a bot's: a person's browser here. */
const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function asPerson(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setUserAgentOverride", { userAgent: DESKTOP_CHROME });
}

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

async function until(condition: () => boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** What the operator's player would be given: every stored chunk, with its replay's owner. */
function storedReplays() {
  const database = new DatabaseSync(server.sqlitePath, { readOnly: true });
  try {
    return database
      .prepare(
        `select r.id, r.user_id, c.seq, c.events from session_replays r
         join session_replay_chunks c on c.replay_id = r.id order by r.started_at, c.seq`,
      )
      .all() as { id: string; user_id: string | null; seq: number; events: string }[];
  } finally {
    database.close();
  }
}

function userIdOf(email: string): string | undefined {
  const database = new DatabaseSync(server.sqlitePath, { readOnly: true });
  try {
    const row = database.prepare("select id from users where email = ?").get(email) as
      | { id: string }
      | undefined;
    return row?.id;
  } finally {
    database.close();
  }
}

function characterNameOf(id: number): string {
  const database = new DatabaseSync(server.sqlitePath, { readOnly: true });
  try {
    return (database.prepare("select name from characters where id = ?").get(id) as { name: string }).name;
  } finally {
    database.close();
  }
}

/** The page goes to the background, as when its tab is switched or closed. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

describe("session replay", () => {
  it("uploads a sampled session's replay with no chat text, email or password in it", async () => {
    const page = await browser.newPage();
    await asPerson(page);
    const uploads = watchUploads(page);
    const email = uniqueEmail("replayed");
    const secretLine = "my secret kite festival plan 7731";

    // signing up (email and password typed on a recorded page), then a chat
    await signUpAndOpenChat(page, email, { baseURL: base() });
    await until(uploads.rrwebLoaded, "the recorder to load on the chat page");
    await send(page, secretLine);
    await page.getByText(secretLine).waitFor();
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
    await signUpAndOpenChat(page, email, { baseURL: base() });
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
