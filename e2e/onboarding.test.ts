import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OidcServer, startOidcServer } from "../apps/server/test/helpers/oidc-server.ts";
import {
  arrangeAccount,
  continueWithGoogle,
  skipOverlays,
  useBrowser,
  VIEWPORTS,
} from "./support/browser.ts";
import { buildCharacter } from "./support/characters.ts";
import { storedReplies, uniqueEmail } from "./support/chat.ts";
import { useOwnServer } from "./support/server.ts";

const browser = useBrowser();
const PASSWORD = "onboard-pass-1";

/** Signs a new account up by the form, with no interest stored yet; the app then opens /onboarding. */
async function signUp(page: Page, email: string) {
  await skipOverlays(page);
  await page.goto("/register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null);
  await page.waitForURL((url) => url.pathname === "/onboarding");
  await page.getByTestId("onboarding").waitFor();
}

const tracked = (page: Page) =>
  page.evaluate(() =>
    (
      (window as unknown as { __reverieAnalytics?: { event: string; props: Record<string, unknown> }[] })
        .__reverieAnalytics ?? []
    ).map((entry) => ({ event: entry.event, props: entry.props })),
  );

/** The user's stored messages in the open chat. */
const userMessages = (page: Page) =>
  page.locator('[data-testid="message-list"] [data-testid="chat-message"][data-from="user"]');

describe("onboarding in the browser", () => {
  it("takes a new sign-up through meet_character on a phone: interest, a character, hello, then the chat with a reply", async () => {
    const page = await browser.newPage(VIEWPORTS.mobile);
    await signUp(page, uniqueEmail("onboard-meet"));
    const onboarding = page.getByTestId("onboarding");
    expect(await onboarding.getAttribute("data-variant")).toBe("meet_character");
    await page.getByText("Step 1 of 3").waitFor();
    await page.getByRole("heading", { level: 1, name: "Who would you like to meet?" }).waitFor();

    // 1. the interest, kept as the interest selection keeps it and on the account
    await page.getByTestId("interest-male").click();
    await page.getByText("Step 2 of 3").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("isStartedChoosing"))).toBe("male");
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const response = await fetch("/api/user", {
            headers: { Authorization: `Bearer ${localStorage.getItem("_accessToken")}` },
          });
          return ((await response.json()) as { gender_choice: string | null }).gender_choice;
        }),
      )
      .toBe("male");

    // 2. a few characters of that interest
    const characters = page.getByTestId("onboarding-character");
    await characters.first().waitFor();
    const offered = await characters.count();
    expect(offered).toBeGreaterThanOrEqual(2);
    expect(offered).toBeLessThanOrEqual(4);
    const modelId = Number(await characters.first().getAttribute("data-model-id"));
    const model = (await page.evaluate(async (id) => (await fetch(`/api/models/${id}`)).json(), modelId)) as {
      gender: string;
      name: string;
      user_first_msg_help: string;
    };
    expect(model.gender).toBe("male");
    await characters.first().click();

    // 3. a suggested first message the user can edit
    await page.getByText("Step 3 of 3").waitFor();
    expect(await page.getByTestId("hello-character-name").textContent()).toBe(model.name);
    const message = page.getByLabel("Your first message");
    expect((await message.inputValue()).length).toBeGreaterThan(0);
    await message.fill("Hi! I just joined. What do you like to do on a rainy evening?");
    await page.getByTestId("hello-send").click();

    await page.waitForURL((url) => url.pathname === `/chat/${modelId}`);
    await page.getByTestId("conversation").waitFor();
    await userMessages(page).filter({ hasText: "What do you like to do on a rainy evening?" }).waitFor();
    // the character's opening line, then the reply to the hello
    await expect.poll(() => storedReplies(page).count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

    const events = await tracked(page);
    const source = "onboarding_meet_character";
    expect(events).toContainEqual({
      event: "Onboarding Started",
      props: { variant: "meet_character", source },
    });
    expect(
      events.filter((entry) => entry.event === "Onboarding Step Completed").map((entry) => entry.props.step),
    ).toEqual(["interest", "character", "hello"]);
    expect(events).toContainEqual({
      event: "Onboarding Completed",
      props: { variant: "meet_character", source },
    });
    expect(events).toContainEqual({
      event: "Gender of Interest Selected",
      props: { gender: "male", source },
    });
    expect(events.find((entry) => entry.event === "Message Sent")?.props.source).toBe(source);
  });

  it("builds a character with ?variant=build_character and ends in its chat", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("onboard-build");
    await signUp(page, email);
    // premium includes characters each month (a free account would meet the paywall)
    arrangeAccount(email, { plan: "premium" });
    await page.goto("/onboarding?variant=build_character");
    const onboarding = page.getByTestId("onboarding");
    await onboarding.waitFor();
    expect(await onboarding.getAttribute("data-variant")).toBe("build_character");

    await page.getByTestId("interest-female").click();
    await page.getByText("Step 2 of 3").waitFor();
    await page.getByRole("heading", { level: 1, name: "Build your character" }).waitFor();
    // the interest starts the constructor's category
    await page
      .locator('[data-testid="trait-option"][data-trait="gender"][data-value="female"][aria-pressed="true"]')
      .waitFor();
    await buildCharacter(page, "Wren", { age: "29" });

    // the flow stays on the onboarding (after-creation.ts) and goes on to the hello
    await page.getByText("Step 3 of 3").waitFor();
    expect(new URL(page.url()).pathname).toBe("/onboarding");
    expect(await page.getByTestId("hello-character-name").textContent()).toBe("Wren");
    expect(await page.getByLabel("Your first message").inputValue()).toContain("Wren");
    await page.getByTestId("hello-send").click();

    await page.waitForURL((url) => /^\/chat\/\d+$/.test(url.pathname));
    await page.getByTestId("conversation").waitFor();
    await userMessages(page).filter({ hasText: "Hi Wren!" }).waitFor();
    await expect.poll(() => storedReplies(page).count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const modelId = Number(new URL(page.url()).pathname.split("/").at(-1));
    const mine = await page.evaluate(async () => {
      const response = await fetch("/api/custom/models", {
        headers: { Authorization: `Bearer ${localStorage.getItem("_accessToken")}` },
      });
      return response.json();
    });
    expect(JSON.stringify(mine)).toContain(`"id":${modelId}`);

    const events = await tracked(page);
    expect(events).toContainEqual({
      event: "Onboarding Completed",
      props: { variant: "build_character", source: "onboarding_build_character" },
    });
    expect(events.find((entry) => entry.event === "Custom Model Created")).toBeTruthy();
  });

  it("a free account building a character meets the paywall labelled with the variant's source", async () => {
    const page = await browser.newPage();
    await signUp(page, uniqueEmail("onboard-paywall"));
    await page.goto("/onboarding?variant=build_character");
    await page.getByTestId("interest-female").click();
    await buildCharacter(page, "Ivy", { age: "29" });
    await page.getByTestId("premium-modal").waitFor();
    expect(await page.getByTestId("see-plans").getAttribute("href")).toContain(
      "source=onboarding_build_character",
    );
    const events = await tracked(page);
    expect(events).toContainEqual({
      event: "Paywall Shown",
      props: { source: "onboarding_build_character" },
    });
  });

  it("an unknown ?variant= falls back to the configured one", async () => {
    const page = await browser.newPage();
    await signUp(page, uniqueEmail("onboard-unknown"));
    await page.goto("/onboarding?variant=quiz");
    await page.getByTestId("onboarding").waitFor();
    expect(await page.getByTestId("onboarding").getAttribute("data-variant")).toBe("meet_character");
  });

  it("Skip leads home, and the account is not offered the onboarding again", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail("onboard-skip");
    await signUp(page, email);
    await page.getByTestId("onboarding-skip").click();
    await page.waitForURL((url) => url.pathname === "/");
    const events = await tracked(page);
    expect(events).toContainEqual({
      event: "Onboarding Skipped",
      props: {
        variant: "meet_character",
        source: "onboarding_meet_character",
        step: "interest",
        step_number: 1,
      },
    });

    // Signing in again as a sign-up would (an OAuth sign-up from /register stores source=signup):
    // this account was offered it already, so it goes home.
    await page.evaluate(() => {
      localStorage.removeItem("_accessToken");
      localStorage.setItem("source", "signup");
    });
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForFunction(() => localStorage.getItem("_accessToken") !== null, undefined, {
      timeout: 30_000,
    });
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.evaluate(() => localStorage.getItem("source"))).toBeNull();
    // and it stays home
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("a sign-up with a stored returnUrl goes there instead", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    await page.goto("/chat/2");
    await page.getByTestId("sign-up-to-chat").click();
    await page.waitForURL((url) => url.pathname === "/register");
    await page.getByLabel("Email").fill(uniqueEmail("onboard-return"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => url.pathname === "/chat/2");
    await page.getByTestId("conversation").waitFor();
  });
});

// The shared server's Google is one account, which accounts.test.ts signs in with: a server of its
// own, with a provider of its own, makes this Google account a new one whichever file runs first.
describe("onboarding after a social sign-up", () => {
  let oidc: OidcServer;
  beforeAll(async () => {
    oidc = await startOidcServer();
    oidc.signInAs({ sub: "onboarding-google-1", email: uniqueEmail("onboard-google"), name: "Onboarding" });
  });
  afterAll(async () => {
    await oidc?.stop();
  });
  // started after the provider it is pointed at, and stopped before it
  const server = useOwnServer((port) => ({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    GOOGLE_CLIENT_ID: "reverie-e2e",
    GOOGLE_CLIENT_SECRET: "reverie-e2e-secret",
    GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  }));

  it("a social sign-up from /register (source=signup) is offered the onboarding too", async () => {
    const page = await browser.newPage();
    await skipOverlays(page, { gender: "female" });
    await page.goto(`${server.base()}/register`);
    await continueWithGoogle(page);
    await page.waitForURL((url) => url.pathname === "/onboarding");
    await page.getByTestId("onboarding").waitFor();
    // the lead's source is spent
    expect(await page.evaluate(() => localStorage.getItem("source"))).toBeNull();
  });
});
