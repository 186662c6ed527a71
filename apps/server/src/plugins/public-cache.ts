import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteHandlerMethod,
  RouteOptions,
} from "fastify";
import { z } from "zod";
import { AnswerCache } from "../http-cache/answer-cache.ts";
import { buildCachedAnswer, type CachedAnswer } from "../http-cache/cached-answer.ts";
import { matchesEtag, preferredEncoding } from "../http-cache/negotiation.ts";
import { cacheControlOf, type PublicCachePolicy } from "../http-cache/policy.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Answer from the in-process cache, and let browsers and shared caches keep the answer. Only for
     * answers that are the same for every caller; the handler answers 200 or throws.
     */
    publicCache?: PublicCachePolicy;
    /**
     * With publicCache: a signed-in caller (an Authorization header) gets an answer of their own,
     * computed and never kept (what they bought shows unlocked); everybody else the shared one.
     */
    viewerDependent?: boolean;
  }
  interface FastifyRequest {
    /** the request's key in the public cache, from its path and its query as sent */
    publicCacheKey: string | null;
  }
}

/** Answers that depend on the caller, or must be fresh, are kept by no cache. */
const NO_STORE = "no-store";

function addHook(route: RouteOptions, hook: onRequestHookHandler): void {
  const existing = route.onRequest ?? [];
  // a new array: the HEAD route Fastify adds for a GET shares the GET route's options
  route.onRequest = [...(Array.isArray(existing) ? existing : [existing]), hook];
}

/** The query parameters the route reads; any other is dropped by its schema, so not part of the key. */
function queryParameterNames(route: RouteOptions): string[] {
  const schema = route.schema?.querystring;
  if (schema === undefined) return [];
  if (!(schema instanceof z.ZodObject)) {
    throw new Error(`${route.url}: a publicly cached route needs a zod object as its querystring schema`);
  }
  return Object.keys(schema.shape).sort();
}

/**
 * The key of a request, from the path parameters and the route's query parameters as sent (in a
 * fixed order), before validation: two requests with the same key validate alike, and a request
 * that does not validate never produces an answer to keep.
 */
function requestKeyOf(route: RouteOptions): (request: FastifyRequest) => string {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const queryNames = queryParameterNames(route);
  return (request) => {
    let key = route.url;
    const params = request.params as Record<string, string>;
    for (const name of paramNames) key += ` ${name}=${encodeURIComponent(params[name] ?? "")}`;
    const query = request.query as Record<string, string | string[] | undefined>;
    for (const name of queryNames) {
      const value = query[name];
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) key += `&${name}=${encodeURIComponent(one)}`;
    }
    return key;
  };
}

/** An answer for one signed-in caller: their browser alone may keep it, and not beyond this page view. */
const PRIVATE = "private, no-store";

function send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, cacheControl: string) {
  reply.header("cache-control", cacheControl).header("etag", answer.etag);
  if (answer.br && !reply.hasHeader("vary")) reply.header("vary", "accept-encoding");
  if (matchesEtag(request.headers["if-none-match"], answer.etag)) return reply.code(304).send();
  const encoding = answer.br ? preferredEncoding(request.headers["accept-encoding"]) : "identity";
  const body = encoding === "identity" ? answer.identity : answer[encoding];
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.header("content-type", "application/json; charset=utf-8").send(body);
}

function cacheRoute(route: RouteOptions, policy: PublicCachePolicy, answers: AnswerCache): void {
  const keyOf = requestKeyOf(route);
  const cacheControl = cacheControlOf(policy);
  const ttlMs = policy.maxAgeSeconds * 1000;

  const viewerDependent = route.config?.viewerDependent === true;
  addHook(route, function serveCached(request, reply, done) {
    if (viewerDependent) {
      // a browser must not reuse the shared answer for a signed-in request, nor the reverse
      reply.header("vary", "authorization, accept-encoding");
      if (request.headers.authorization !== undefined) {
        reply.header("cache-control", PRIVATE);
        done();
        return;
      }
    }
    const key = keyOf(request);
    const answer = answers.get(key);
    if (answer) {
      send(request, reply, answer, cacheControl);
      return;
    }
    request.publicCacheKey = key;
    // what the route answers instead of its 200 (a 400, a 404) is not kept
    reply.header("cache-control", NO_STORE);
    done();
  });

  const handler = route.handler;
  const cachedHandler: RouteHandlerMethod = async function (this: FastifyInstance, request, reply) {
    if (viewerDependent && request.headers.authorization !== undefined)
      return handler.call(this, request, reply);
    const key = request.publicCacheKey ?? keyOf(request);
    const answer = await answers.getOrBuild(key, ttlMs, async (version) => {
      const data = await handler.call(this, request, reply);
      // cache hits are answered before any authentication runs
      if (request.account)
        throw new Error(`${route.url}: a route that authenticates cannot be publicly cached`);
      if (reply.statusCode !== 200)
        throw new Error(`${route.url}: a publicly cached route answers 200 or throws`);
      // the route's response schema checks the answer here, once, instead of on every request
      const json = reply.serialize(data);
      if (typeof json !== "string") throw new Error(`${route.url}: a publicly cached route answers JSON`);
      return buildCachedAnswer(json, version);
    });
    return send(request, reply, answer, cacheControl);
  };
  route.handler = cachedHandler;
}

/**
 * Caching of the API's answers. Routes with `config.publicCache` are answered from an in-process
 * cache of their serialized, precompressed answer (built once per catalog version, query and time to
 * live), with `Cache-Control: public`, a weak ETag and 304s; a hit skips validation, the handler and
 * serialization. Every other route is `no-store`: its answer may depend on who asks.
 */
export function registerPublicCache(app: FastifyInstance, options: { catalogVersion: () => number }): void {
  const answers = new AnswerCache({ currentVersion: options.catalogVersion });
  app.decorateRequest("publicCacheKey", null);
  app.addHook("onRoute", (route) => {
    const policy = route.config?.publicCache;
    if (policy) return cacheRoute(route, policy, answers);
    addHook(route, function defaultNoStore(_request, reply, done) {
      reply.header("cache-control", NO_STORE);
      done();
    });
  });
}
