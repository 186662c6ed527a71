/** What a postback URL template may name; each value is URL-encoded where it is put. */
export const AD_POSTBACK_PLACEHOLDERS = ["subid", "event", "event_id", "payout", "currency"] as const;
export type AdPostbackPlaceholder = (typeof AD_POSTBACK_PLACEHOLDERS)[number];
export type AdPostbackValues = Record<AdPostbackPlaceholder, string>;

const PLACEHOLDER = /\{([^{}]*)\}/g;
const MARKER = "adpostbackplaceholder";

function isPlaceholder(name: string): name is AdPostbackPlaceholder {
  return (AD_POSTBACK_PLACEHOLDERS as readonly string[]).includes(name);
}

/**
 * An ad tracker's postback address with `{subid}`, `{event}`, `{event_id}`, `{payout}` and
 * `{currency}` in it (AD_POSTBACK_URL). Checked once, at configuration time: an unknown or broken
 * placeholder, a scheme other than http(s), or a placeholder in the host is refused there, so a
 * typo never reaches the tracker as a literal `{subd}` and a sub id never picks the server we call.
 */
export class AdPostbackUrlTemplate {
  readonly #template: string;
  /** the tracker's host, for messages (the whole URL may hold the tracker's key) */
  readonly host: string;

  private constructor(template: string, host: string) {
    this.#template = template;
    this.host = host;
  }

  /** Throws an Error saying what is wrong with the template. */
  static parse(template: string): AdPostbackUrlTemplate {
    for (const [, name = ""] of template.matchAll(PLACEHOLDER)) {
      if (!isPlaceholder(name)) {
        throw new Error(
          `unknown placeholder {${name}}; use ${AD_POSTBACK_PLACEHOLDERS.map((known) => `{${known}}`).join(", ")}`,
        );
      }
    }
    if (/[{}]/.test(template.replace(PLACEHOLDER, ""))) throw new Error("a { or } without its pair");
    let url: URL;
    try {
      url = new URL(template.replace(PLACEHOLDER, MARKER));
    } catch {
      throw new Error("not a URL");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("only http(s) URLs");
    if (`${url.username}${url.password}${url.host}`.includes(MARKER)) {
      throw new Error("placeholders belong in the path or the query, not the host");
    }
    return new AdPostbackUrlTemplate(template, url.host);
  }

  /** The address for one postback, each value URL-encoded. */
  render(values: AdPostbackValues): string {
    return this.#template.replace(PLACEHOLDER, (_, name: AdPostbackPlaceholder) =>
      encodeURIComponent(values[name]),
    );
  }
}
