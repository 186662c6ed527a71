// the WHATWG URL parser of browsers and Node; the shared package is typed without either's library
declare const URL: {
  canParse(url: string, base: string): boolean;
  new (url: string, base: string): { origin: string; pathname: string };
};

const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** Any origin will do: only whether a path stays on it matters. */
const BASE = "https://same-origin.invalid";

/**
 * Whether `value` is a path of this app ("/chat/3?x=1") that a browser would also resolve to this
 * app: it starts with one "/", holds no backslash, control or whitespace characters (browsers drop
 * a tab or newline inside a URL, so "/\t/evil.example" is "//evil.example"), and the URL parser
 * puts it on the same origin. Both the server (checkout `return_path`) and the web app (where to
 * go after signing in) use this one check.
 */
export function isSameOriginPath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  if (value.includes("\\") || /\s/.test(value) || [...value].some(isControl)) return false;
  if (!URL.canParse(value, BASE)) return false;
  const url = new URL(value, BASE);
  return url.origin === BASE && url.pathname.startsWith("/") && !url.pathname.startsWith("//");
}
