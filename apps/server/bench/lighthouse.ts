/**
 * Lighthouse benchmark: the `lighthouse` package (its default mobile preset: a mid-range phone,
 * simulated slow 4G and a 4× slower CPU) drives Debian's Chromium against the real app, built and
 * served as `npm start` serves it (production, precompressed assets, seeded media). Three screens:
 * the landing page as a first visit (nothing stored, so the age gate shows), the gallery as a
 * returning visitor, and a chat as a signed-in user. Part of `npm run bench`.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { STORAGE_KEYS } from "@reverie/shared";
import lighthouse from "lighthouse";
import { type BrowserContext, chromium } from "playwright-core";
import { type BenchReport, formatTable, ms } from "./lib.ts";
import { serverEnv, startServer, stopServer } from "./server-process.ts";

const TARGETS = { performance: 95, lcpMs: 2000, tbtMs: 100, cls: 0.05 };
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
/** where to keep each run's full Lighthouse report (JSON, for the Lighthouse viewer), when set */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const repoRoot = path.resolve(import.meta.dirname, "../../..");

/**
 * What bench/README.md says of the screens that miss: written down with their figures so that
 * BENCHMARKS.md carries the reason, not only the numbers.
 */
const WHY_SCREENS_MISS =
  "Where the time goes on the screens that wait for data (gallery, chat): the request chain is short now " +
  "(the server announces each screen's chunks with modulepreload, decision 18), and before Lighthouse's " +
  "simulation the LCP is ~0.6 s; what remains is main-thread work, which the mobile preset multiplies by four: " +
  "the entry's evaluation (React DOM is ~60 of its 80 KiB gzip) and React's first render of the app frame, " +
  "style and layout of the document, then the screen's render of its data. Starting the chat room's calls " +
  "from the entry beside /api/user was built and measured: LCP inside the noise (3.74 s before, 3.50 and " +
  "3.89 s after), so the data chain is not what dominates. Going further means painting before the " +
  "JavaScript runs (server rendering with hydration, or the session in a cookie and a static shell), a " +
  "change of the app's shape outside this issue: decision 19.";

interface Screen {
  name: string;
  path: string;
  /** what the visitor has in local storage before the page loads; none = a first visit */
  storage?: Record<string, string>;
}

interface Run {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKib: number;
  /** what dominates LCP, layout shifts and main-thread time */
  diagnostics: string[];
}

type Audits = Record<string, { numericValue?: number; details?: unknown }>;

interface DetailsNode {
  type?: string;
  snippet?: string;
  nodeLabel?: string;
  items?: { label?: string; duration?: number; node?: DetailsNode; url?: string; total?: number }[];
}

const snippetOf = (node: DetailsNode | undefined) => (node?.snippet ?? node?.nodeLabel ?? "?").slice(0, 160);

/** What dominates each metric, from Lighthouse 13's insights: for the notes of a missed target. */
function diagnosticsOf(audits: Audits): string[] {
  const lcp = (audits["lcp-breakdown-insight"]?.details as { items?: DetailsNode[] } | undefined)?.items;
  const lcpNode = lcp?.find((item) => item.type === "node");
  const subparts = lcp
    ?.find((item) => item.type === "table")
    ?.items?.map((part) => `${part.label?.toLowerCase()} ${Math.round(part.duration ?? 0)} ms`)
    .join(", ");
  const shifts = (audits["layout-shifts"]?.details as DetailsNode | undefined)?.items ?? [];
  const scripts = ((audits["bootup-time"]?.details as DetailsNode | undefined)?.items ?? [])
    .slice(0, 3)
    .map((item) => `${item.url?.replace(/^https?:\/\/[^/]+/, "")} ${Math.round(item.total ?? 0)} ms`);
  return [
    `LCP element \`${snippetOf(lcpNode)}\` (${subparts ?? "no breakdown"})`,
    ...(shifts.length ? [`layout shift of \`${snippetOf(shifts[0]?.node)}\``] : []),
    `main-thread time by script: ${scripts.join(", ")}`,
  ];
}

async function audit(url: string, port: number, keepStorage: boolean): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    hostname: "127.0.0.1",
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (REPORTS_DIR) {
    await mkdir(REPORTS_DIR, { recursive: true });
    const file = `${new URL(url).pathname.replaceAll("/", "_") || "_"}-${Date.now()}.json`;
    await writeFile(path.join(REPORTS_DIR, file), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audits = lhr.audits as unknown as Audits;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    speedIndexMs: value("speed-index"),
    transferKib: value("total-byte-weight") / 1024,
    diagnostics: diagnosticsOf(audits),
  };
}

/** The run with the median performance score. */
function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("no lighthouse run");
  return middle;
}

async function signUp(address: string): Promise<string> {
  const response = await fetch(`${address}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `lighthouse.${Date.now()}@example.com`, password: "lighthouse-pass-1" }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export async function runLighthouseBench(): Promise<BenchReport> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "reverie-lighthouse-"));
  const userDataDir = await mkdtemp(path.join(tmpdir(), "reverie-lighthouse-chromium-"));
  const { child, address } = await startServer(
    serverEnv({
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      // the seeded media, rendered once into the repository's data folder as `npm start` does
      MEDIA_DIR: path.join(repoRoot, "data", "media"),
    }),
  );
  let browser: BrowserContext | undefined;
  try {
    const debuggingPort = 9300 + Math.floor(Math.random() * 500);
    browser = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        `--remote-debugging-port=${debuggingPort}`,
      ],
    });
    const returning = {
      [STORAGE_KEYS.ageConfirmed]: "true",
      [STORAGE_KEYS.cookieDismissed]: "true",
      [STORAGE_KEYS.genderChoice]: "female",
    };
    const screens: Screen[] = [
      { name: "landing (first visit)", path: "/" },
      { name: "gallery (returning visitor)", path: "/gallery", storage: returning },
      {
        name: "chat (signed in)",
        path: "/chat/1",
        storage: { ...returning, [STORAGE_KEYS.accessToken]: await signUp(address) },
      },
    ];
    console.log(
      `\n== lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ""}mobile preset, Chromium ${browser.browser()?.version() ?? ""}, ` +
        "the app as npm start serves it\n",
    );
    const results: { screen: Screen; run: Run }[] = [];
    for (const screen of screens) {
      // local storage is per origin and kept in the profile Lighthouse's tab opens in
      const page = await browser.newPage();
      await page.goto(`${address}/404-lighthouse-setup`);
      await page.evaluate(
        `localStorage.clear(); Object.assign(localStorage, ${JSON.stringify(screen.storage ?? {})})`,
      );
      // every run starts with an empty HTTP cache (Lighthouse keeps it when it keeps storage): a
      // returning visitor after a new release, the stricter case
      const cdp = await browser.newCDPSession(page);
      const runs: Run[] = [];
      for (let index = 0; index < RUNS; index++) {
        await cdp.send("Network.clearBrowserCache");
        runs.push(await audit(address + screen.path, debuggingPort, screen.storage !== undefined));
      }
      await page.close();
      results.push({ screen, run: median(runs) });
    }

    const table = formatTable(
      ["screen", "score", "FCP ms", "LCP ms", "TBT ms", "CLS", "SI ms", "KiB"],
      results.map(({ screen, run }) => [
        screen.name,
        String(run.performance),
        ms(run.fcpMs).replace(/\.\d+$/, ""),
        ms(run.lcpMs).replace(/\.\d+$/, ""),
        ms(run.tbtMs).replace(/\.\d+$/, ""),
        run.cls.toFixed(3),
        ms(run.speedIndexMs).replace(/\.\d+$/, ""),
        run.transferKib.toFixed(0),
      ]),
    );
    console.log(table);
    const notes = results
      .filter(
        ({ run }) =>
          run.performance < TARGETS.performance ||
          run.lcpMs > TARGETS.lcpMs ||
          run.tbtMs > TARGETS.tbtMs ||
          run.cls > TARGETS.cls,
      )
      .map(({ screen, run }) => `${screen.name}: ${run.diagnostics.join("; ")}`);
    if (notes.length > 0) notes.push(WHY_SCREENS_MISS);
    for (const note of notes) console.log(`  ${note}`);
    return {
      title: "Lighthouse, mobile",
      setup:
        `The lighthouse package (mobile preset: simulated slow 4G, 4× CPU slowdown) on Debian's Chromium, ` +
        `${RUNS > 1 ? `median of ${RUNS} runs per screen` : "one run per screen"}, against the production build ` +
        "served by the app with seeded media.",
      table,
      targets: results.flatMap(({ screen, run }) => [
        {
          measure: `${screen.name}: performance score`,
          value: String(run.performance),
          target: `≥ ${TARGETS.performance}`,
          met: run.performance >= TARGETS.performance,
        },
        {
          measure: `${screen.name}: LCP`,
          value: `${Math.round(run.lcpMs)} ms`,
          target: `≤ ${TARGETS.lcpMs} ms`,
          met: run.lcpMs <= TARGETS.lcpMs,
        },
        {
          measure: `${screen.name}: TBT`,
          value: `${Math.round(run.tbtMs)} ms`,
          target: `≤ ${TARGETS.tbtMs} ms`,
          met: run.tbtMs <= TARGETS.tbtMs,
        },
        {
          measure: `${screen.name}: CLS`,
          value: run.cls.toFixed(3),
          target: `≤ ${TARGETS.cls}`,
          met: run.cls <= TARGETS.cls,
        },
      ]),
      ...(notes.length ? { notes } : {}),
    };
  } finally {
    await browser?.close();
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
    await rm(userDataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await runLighthouseBench();
