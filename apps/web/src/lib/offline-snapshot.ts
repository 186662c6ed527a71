import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from "@tanstack/react-query";
import { OFFLINE_SNAPSHOT_KEY as STORAGE_KEY } from "./offline-keep";

/**
 * What a signed-in user can still read with no connection: the answers of the queries that opt in
 * with `meta: KEEP_OFFLINE` (lib/offline-keep.ts: the user, the chat list, each opened chat and its
 * history), kept in localStorage while signed in and put back in the query cache only when the
 * server can't be reached. Loaded with the session, not with a visitor's first screen.
 */

/** Writes wait for a quiet moment: a conversation updates its cache on every socket event. */
const WRITE_DELAY_MS = 1_000;

function keptOffline(query: Query): boolean {
  return query.state.status === "success" && query.meta?.keepOffline === true;
}

function write(state: DehydratedState): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled: offline reading is a convenience, never a failure
  }
}

/** The most answers kept: the user, the chat list and the chats opened last. */
const MAX_KEPT_QUERIES = 40;

function read(): DehydratedState | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    const state = stored ? (JSON.parse(stored) as DehydratedState) : null;
    return state && Array.isArray(state.queries) ? state : null;
  } catch {
    return null;
  }
}

/**
 * Stores the kept answers now, beside those kept earlier that the cache no longer holds (a chat
 * opened before the last reload), the newest first.
 */
export function saveOfflineSnapshot(client: QueryClient): void {
  const current = dehydrate(client, {
    shouldDehydrateQuery: keptOffline,
    shouldDehydrateMutation: () => false,
  });
  const held = new Set(current.queries.map((query) => query.queryHash));
  const earlier = (read()?.queries ?? []).filter((query) => !held.has(query.queryHash));
  const queries = [...current.queries, ...earlier]
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_KEPT_QUERIES);
  write({ mutations: [], queries });
}

/**
 * Keeps the snapshot up to date with the cache while `isSignedIn()`; returns the function that
 * stops it.
 */
export function keepOfflineSnapshot(client: QueryClient, isSignedIn: () => boolean): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** the page is going away (a reload, another address): no waiting, or the write is lost */
  let leaving = false;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (isSignedIn()) saveOfflineSnapshot(client);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success" || !keptOffline(event.query)) return;
    if (leaving) return save();
    clearTimeout(timer);
    timer = setTimeout(save, WRITE_DELAY_MS);
  });
  const onPageHide = () => {
    leaving = true;
    if (timer !== undefined) save();
  };
  const onPageShow = () => {
    leaving = false;
  };
  window.addEventListener("pagehide", onPageHide);
  window.addEventListener("pageshow", onPageShow);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener("pagehide", onPageHide);
    window.removeEventListener("pageshow", onPageShow);
  };
}

/**
 * Puts the stored answers in the cache, where they are older than what the cache holds; returns
 * whether there was a snapshot. Their age is kept, so they are fetched afresh once the server answers.
 */
export function restoreOfflineSnapshot(client: QueryClient): boolean {
  const state = read();
  if (!state) return false;
  hydrate(client, state);
  return true;
}
