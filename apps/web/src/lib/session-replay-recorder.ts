import { visitSession } from "./analytics-queue";
import { randomId } from "./analytics-sender";
import { buildUrl } from "./api-client";
import { loadRemoteConfig } from "./remote-config";
import { ReplayPathGate } from "./replay-path-gate";
import { BLOCKED_SELECTOR, maskInput, maskText, scrubChunk } from "./replay-privacy";
import {
  decideSampling,
  REPLAY_KEYS,
  replayOptedOut,
  type SamplingDecision,
  shouldRecord,
} from "./session-replay";
import {
  type RecordedEvent,
  type ReplayChunkUpload,
  ReplayUploader,
  type UploadOutcome,
} from "./session-replay-uploader";
import { storage } from "./storage";

/**
 * The recorder, loaded on demand once the age is confirmed: reads the remote configuration and the
 * visit's session, decides sampling once per session, and only then loads rrweb and records, with
 * every input and private region masked at the source (replay-privacy.ts), uploading through
 * ReplayUploader to POST /api/replays/:replayId/chunks. The server starts each recording
 * (POST /api/replays) and takes chunks only for one it started, until it expires (decision 0040).
 */

/** rrweb's incremental sources that are the visitor's own doing (mouse, scroll, input, touch). */
const USER_SOURCES = new Set([1, 2, 3, 5, 6]);
const INCREMENTAL_SNAPSHOT = 3;
/** how often user activity is written to the stored session (it ends after 30 minutes without) */
const ACTIVITY_EVERY_MS = 10_000;

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readDecision(): SamplingDecision | null {
  try {
    const text = localStore()?.getItem(REPLAY_KEYS.sampling);
    return text ? (JSON.parse(text) as SamplingDecision) : null;
  } catch {
    return null;
  }
}

function keepDecision(decision: SamplingDecision): void {
  try {
    localStore()?.setItem(REPLAY_KEYS.sampling, JSON.stringify(decision));
  } catch {
    // not kept: a later page of this session decides again
  }
}

function authorization(): Record<string, string> {
  const token = storage.get("accessToken");
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Asks the server to start a recording; its id, or null when the server will not record. */
async function startOnServer(ids: { clientId: string; sessionId: string }): Promise<string | null> {
  const response = await fetch(buildUrl("/api/replays"), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...authorization() },
    body: JSON.stringify({ client_id: ids.clientId, session_id: ids.sessionId }),
  });
  if (!response.ok) {
    await response.text().catch(() => "");
    return null;
  }
  const started = (await response.json()) as { replay_id?: unknown };
  return typeof started.replay_id === "string" ? started.replay_id : null;
}

function uploaderFor(replayId: string, ids: { clientId: string; sessionId: string }) {
  return async (chunk: ReplayChunkUpload, options: { keepalive: boolean }): Promise<UploadOutcome> => {
    const body = scrubChunk(
      JSON.stringify({
        client_id: ids.clientId,
        session_id: ids.sessionId,
        seq: chunk.seq,
        events: chunk.events,
      }),
    );
    const response = await fetch(buildUrl(`/api/replays/${replayId}/chunks`), {
      method: "POST",
      headers: { "Content-Type": "application/json", ...authorization() },
      body,
      keepalive: options.keepalive,
    });
    // read to the end: an unread answer keeps the connection busy
    await response.text().catch(() => "");
    if (response.ok) return "sent";
    return response.status >= 400 && response.status < 500 && response.status !== 429 ? "refused" : "failed";
  };
}

export interface Recording {
  stop(): void;
}

/**
 * Records this session if it should be; null when not (replay off, opted out, not sampled).
 * `onEnded` is called when the recording ends by itself: the session timed out (a new session
 * decides again) or the server refused it.
 */
export async function startRecording(options: { onEnded(): void }): Promise<Recording | null> {
  const config = await loadRemoteConfig();
  // nothing is stored (not even the visit's ids) unless replay is on for someone who did not opt out
  if (!config.replay_enabled || replayOptedOut()) return null;
  const store = localStore();
  const ids = visitSession(store, { now: Date.now(), activity: true, newId: randomId });
  const decision = decideSampling(ids.sessionId, config.replay_sample_rate, readDecision());
  keepDecision(decision);
  if (
    !shouldRecord({ enabled: config.replay_enabled, optedOut: replayOptedOut(), sampled: decision.sampled })
  ) {
    return null;
  }
  const { record, takeFullSnapshot } = await import("rrweb");
  if (replayOptedOut()) return null;
  // the server picks the recording's id; chunks for any other id are refused
  const replayId = await startOnServer(ids).catch(() => null);
  if (!replayId || replayOptedOut()) return null;

  let ended = false;
  let stopRecording: (() => void) | undefined;
  const uploader = new ReplayUploader({
    send: uploaderFor(replayId, ids),
    onRefused: () => end(),
  });
  const onHidden = () => {
    if (document.visibilityState === "hidden") uploader.flushOnHide();
  };
  // another tab opted out
  const onStorage = (event: StorageEvent) => {
    if (event.key === REPLAY_KEYS.optOut && event.newValue === "true") stop();
  };
  function stop(): void {
    if (ended) return;
    ended = true;
    stopRecording?.();
    uploader.stop();
    document.removeEventListener("visibilitychange", onHidden);
    window.removeEventListener("storage", onStorage);
  }
  function end(): void {
    if (ended) return;
    stop();
    options.onEnded();
  }

  let lastActivity = Date.now();
  const gate = new ReplayPathGate();
  stopRecording = record<RecordedEvent>({
    emit(event) {
      if (ended) return;
      const verdict = gate.verdict(event, window.location.pathname);
      if (verdict === "resync") queueMicrotask(() => takeFullSnapshot());
      if (verdict !== "keep") return;
      const data = event.data as { source?: number } | undefined;
      const now = Date.now();
      if (event.type === INCREMENTAL_SNAPSHOT && USER_SOURCES.has(data?.source ?? -1)) {
        if (now - lastActivity >= ACTIVITY_EVERY_MS) {
          lastActivity = now;
          const current = visitSession(store, { now, activity: true, newId: randomId });
          if (current.sessionId !== ids.sessionId) {
            // a new session (30 minutes idle): this replay ends with what it has, the next one decides afresh
            uploader.flushOnHide();
            end();
            return;
          }
        }
      }
      uploader.add(event);
    },
    maskAllInputs: true,
    maskInputFn: maskInput,
    // every text node goes through maskText, which masks private regions wholly and emails anywhere
    maskTextSelector: "*",
    maskTextFn: maskText,
    blockSelector: BLOCKED_SELECTOR,
    inlineImages: false,
    recordCanvas: false,
    collectFonts: false,
    sampling: { mousemove: 100, scroll: 150, input: "last" },
  });
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("storage", onStorage);
  return { stop };
}
