/**
 * Long-chat scrolling benchmark: Debian's Chromium (playwright-core) opens a chat of 1,000 messages
 * in the real app, built and served as `npm start` serves it, and scrolls up with the mouse wheel
 * from the newest message to the oldest, the older pages loading as it goes (ten messages a page).
 * Then, with all of them loaded, it goes back to the newest and sends a message: the reply streams
 * in at the bottom (a dozen `update` events, then the stored message). In the page, every animation
 * frame's interval is recorded during each phase, and the long tasks (> 50 ms of main thread); the
 * most message rows the list held at once is sampled. Part of `npm run bench`.
 *
 * `BENCH_WEB_DIST_DIR` serves another build of the web app (e.g. an older commit's, to compare).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { STORAGE_KEYS } from "@reverie/shared";
import { chromium, type Page } from "playwright-core";
import { chatIdOf, seedLongChat } from "../../../e2e/support/long-chat.ts";
import { type BenchReport, formatTable, ms, percentile } from "./lib.ts";
import { serverEnv, startServer, stopServer } from "./server-process.ts";

const MESSAGES = Number(process.env.BENCH_LONG_CHAT_MESSAGES ?? 1_000);
/** One notch of a mouse wheel, and how often the bench turns it: a brisk, steady scroll (~6,000 px/s). */
const WHEEL_PX = 100;
const WHEEL_EVERY_MS = 16;
const SCROLL_TIMEOUT_MS = 180_000;
const REPLY_TIMEOUT_MS = 30_000;
/** A frame interval at 60 Hz is 16.7 ms; the 95th percentile within 20 ms is a steady 60 fps. */
const TARGETS = { p95FrameMs: 20 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const repoRoot = path.resolve(import.meta.dirname, "../../..");
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;

interface Recording {
  frames: number[];
  longTasks: number[];
  mostRows: number;
}

interface PhaseRun extends Recording {
  viewport: string;
  phase: "scroll up to the oldest" | "a reply streams in";
  seconds: number;
  /** the oldest message was reached, the reply arrived */
  completed: boolean;
}

const delay = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function signUpWithChat(address: string, email: string): Promise<string> {
  const registered = await fetch(`${address}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "long-chat-pass-1" }),
  });
  if (registered.status !== 201) throw new Error(`sign-up answered ${registered.status}`);
  const { token } = (await registered.json()) as { token: string };
  const opened = await fetch(`${address}/api/chats`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ model_id: 1 }),
  });
  if (!opened.ok) throw new Error(`opening the chat answered ${opened.status}`);
  return token;
}

// What runs in the page, as source text (this package is type-checked without the DOM's types).

/** Records every animation frame's interval, the long tasks, and (every tenth frame) the row count. */
const START_RECORDING = `(() => {
  const state = { frames: [], longTasks: [], mostRows: 0, running: true };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
  }).observe({ type: "longtask" });
  let previous = performance.now();
  let count = 0;
  const frame = (now) => {
    if (!state.running) return;
    state.frames.push(now - previous);
    previous = now;
    if (++count % 10 === 0) {
      state.mostRows = Math.max(state.mostRows, document.querySelectorAll('[data-testid="chat-message"]').length);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

const STOP_RECORDING = `(() => {
  const state = window.__bench;
  state.running = false;
  return { frames: state.frames, longTasks: state.longTasks, mostRows: state.mostRows };
})()`;

/**
 * Where the list scrolls (its first scrollable ancestor: this reads an older build of the list as
 * well), and whether it shows the oldest message at its top.
 */
const SCROLLER_STATE = `(() => {
  let element = document.querySelector('[data-testid="message-list"]');
  while (element && element.scrollHeight <= element.clientHeight) element = element.parentElement;
  if (!element) throw new Error("no scrolling message list");
  const rect = element.getBoundingClientRect();
  const oldest = [...document.querySelectorAll('[data-testid="message-text"]')].some((text) =>
    text.textContent.startsWith("#1 "),
  );
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2, atOldest: oldest && element.scrollTop === 0 };
})()`;

const SCROLL_TO_NEWEST = `(() => {
  let element = document.querySelector('[data-testid="message-list"]');
  while (element && element.scrollHeight <= element.clientHeight) element = element.parentElement;
  if (element) element.scrollTop = element.scrollHeight;
})()`;

const scrollerState = (page: Page) =>
  page.evaluate<{ x: number; y: number; atOldest: boolean }>(SCROLLER_STATE);

const stopRecording = async (page: Page) => {
  const recorded = await page.evaluate<Recording>(STOP_RECORDING);
  // the first interval spans the set-up, not a frame of the phase
  return { ...recorded, frames: recorded.frames.slice(1) };
};

async function scrollToOldest(page: Page, viewport: string): Promise<PhaseRun> {
  const { x, y } = await scrollerState(page);
  await page.mouse.move(x, y);
  await page.evaluate(START_RECORDING);
  const started = performance.now();
  let completed = false;
  for (let turn = 1; performance.now() - started < SCROLL_TIMEOUT_MS; turn++) {
    await page.mouse.wheel(0, -WHEEL_PX);
    await delay(WHEEL_EVERY_MS);
    if (turn % 10 === 0 && (await scrollerState(page)).atOldest) {
      completed = true;
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { viewport, phase: "scroll up to the oldest", ...(await stopRecording(page)), seconds, completed };
}

/** Back to the newest message, then one sent: recorded until the reply is stored and shown last. */
async function replyAtTheBottom(page: Page, viewport: string): Promise<PhaseRun> {
  const { x, y } = await scrollerState(page);
  await page.mouse.move(x, y);
  for (let turn = 0; turn < 20; turn++) {
    await page.evaluate(SCROLL_TO_NEWEST);
    await delay(50);
  }
  await page.evaluate(START_RECORDING);
  const started = performance.now();
  await page.getByLabel(/^Message /).fill("Thank you for all of this.");
  await page.getByTestId("send-button").click();
  const newestIsReply = () =>
    page.evaluate<boolean>(`(() => {
      const rows = document.querySelectorAll('[data-testid="chat-message"]');
      const last = rows[rows.length - 1];
      return last?.getAttribute("data-from") === "model" && !last.textContent.startsWith("#")
        && !last.getAttribute("data-message-id").startsWith("-");
    })()`);
  let completed = false;
  while (performance.now() - started < REPLY_TIMEOUT_MS) {
    if (await newestIsReply()) {
      completed = true;
      break;
    }
    await delay(100);
  }
  await delay(500);
  const seconds = (performance.now() - started) / 1000;
  return { viewport, phase: "a reply streams in", ...(await stopRecording(page)), seconds, completed };
}

export async function runLongChatScrollBench(): Promise<BenchReport> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reverie-long-chat-"));
  const webDist = process.env.BENCH_WEB_DIST_DIR;
  const { child, address } = await startServer(
    serverEnv({
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      MEDIA_DIR: path.join(repoRoot, "data", "media"),
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
    }),
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    console.log(
      `\n== long chat: scrolling up through ${MESSAGES.toLocaleString("en")} messages, Chromium ${browser.version()}` +
        `${webDist ? ` (web build: ${webDist})` : ""}\n`,
    );
    const runs: PhaseRun[] = [];
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      const email = `long-chat.${viewport}.${Date.now()}@example.com`;
      const token = await signUpWithChat(address, email);
      const sqlitePath = path.join(dataDir, "reverie.sqlite");
      seedLongChat(sqlitePath, chatIdOf(sqlitePath, email, 1), MESSAGES);

      const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
      await context.addInitScript(
        (storage) => {
          for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
        },
        {
          [STORAGE_KEYS.ageConfirmed]: "true",
          [STORAGE_KEYS.cookieDismissed]: "true",
          [STORAGE_KEYS.genderChoice]: "female",
          [STORAGE_KEYS.accessToken]: token,
        },
      );
      const page = await context.newPage();
      await page.goto(`${address}/chat/1`);
      await page
        .locator('[data-testid="chat-message"]')
        .filter({ hasText: new RegExp(`^#${MESSAGES} `) })
        .waitFor({ timeout: 30_000 });
      await delay(500);
      runs.push(await scrollToOldest(page, viewport));
      runs.push(await replyAtTheBottom(page, viewport));
      await context.close();
    }

    const rows = runs.map((run) => {
      const sorted = [...run.frames].sort((a, b) => a - b);
      return {
        run,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? Number.NaN,
        over50: run.frames.filter((frame) => frame > 50).length,
      };
    });
    const table = formatTable(
      [
        "viewport, phase",
        "frames",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "max ms",
        "> 50 ms",
        "long tasks",
        "rows ≤",
        "s",
      ],
      rows.map(({ run, p50, p95, p99, max, over50 }) => [
        `${run.viewport}, ${run.phase}`,
        String(run.frames.length),
        ms(p50),
        ms(p95),
        ms(p99),
        ms(max),
        String(over50),
        `${run.longTasks.length} (${Math.round(run.longTasks.reduce((sum, task) => sum + task, 0))} ms)`,
        String(run.mostRows),
        `${run.seconds.toFixed(1)}${run.completed ? "" : " (timed out)"}`,
      ]),
    );
    console.log(table);
    return {
      title: `Long chat: ${MESSAGES.toLocaleString("en")} messages in Chromium`,
      setup:
        `Debian's Chromium (headless, no GPU) opens a chat of ${MESSAGES.toLocaleString("en")} seeded text messages in ` +
        `the production build served by the app, at a desktop and a phone size, scrolls up with the mouse wheel ` +
        `(${WHEEL_PX} px every ${WHEEL_EVERY_MS} ms) from the newest to the oldest, older pages of ten loading on ` +
        "the way, then goes back to the newest and sends a message; every animation frame's interval and every " +
        "long task is recorded in the page.",
      table,
      targets: rows.flatMap(({ run, p95, over50 }) => [
        {
          measure: `${run.viewport}, ${run.phase}: p95 frame interval`,
          value: `${ms(p95)} ms`,
          target: `≤ ${TARGETS.p95FrameMs} ms`,
          met: run.completed && p95 <= TARGETS.p95FrameMs,
        },
        {
          measure: `${run.viewport}, ${run.phase}: frames over 50 ms, long tasks`,
          value: `${over50} of ${run.frames.length}; ${run.longTasks.length}`,
          target: "(info)",
          met: null,
        },
        {
          measure: `${run.viewport}, ${run.phase}: most message rows in the DOM at once`,
          value: String(run.mostRows),
          target: "(info)",
          met: null,
        },
      ]),
    };
  } finally {
    await browser.close();
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await runLongChatScrollBench();
