import type { FastifyRequest, FastifyServerOptions } from "fastify";

/** Query parameters that carry a credential: the socket's token, OAuth codes, signed links, keys. */
const CREDENTIAL_PARAMETER =
  /^(token|access_token|refresh_token|id_token|code|state|oobcode|password|secret|signature|sig|key|api_key|apikey)$/i;
const REDACTED = "[redacted]";

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}

/** The URL with the value of every credential parameter replaced, e.g. `/ws/v2?token=[redacted]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const fragmentStart = url.indexOf("#", queryStart);
  const query = url.slice(queryStart + 1, fragmentStart === -1 ? undefined : fragmentStart);
  const redacted = query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return CREDENTIAL_PARAMETER.test(parameterName(name)) && equals !== -1 ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${url.slice(0, queryStart)}?${redacted}`;
}

/** Fastify's request log line, with credentials kept out of the logged URL. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options with the redacting request serializer; no logger stays no logger. */
export function withRedactedRequests(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
