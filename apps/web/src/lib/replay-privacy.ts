/**
 * What session replay may never carry (decision 0026): messages, emails, passwords. Masking happens
 * in the browser, before an event is recorded; `scrubChunk` is a last pass over the serialized upload.
 *
 * Mark a private region with `data-private` (chat messages, the composer, chat previews, account
 * details, auth forms): its text is recorded as asterisks and its pictures, videos and sound are
 * blocked (recorded as empty boxes of the same size). Everywhere else only email-shaped text is
 * masked. Every input is masked, everywhere.
 */
export const PRIVATE_SELECTOR = "[data-private]";

/** Elements rrweb records as an empty box: private media, and any media inside a private region. */
export const BLOCKED_SELECTOR = [
  "[data-private-media]",
  ...["img", "video", "audio", "picture", "canvas", "svg image", "iframe"].map(
    (tag) => `${PRIVATE_SELECTOR} ${tag}`,
  ),
].join(", ");

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** URL parameters that are secrets: signed media links, sign-in and reset codes, tokens. */
const SECRET_PARAMETER = /\b(signature|token|access_token|code|oobCode|expires)=[^&"'\s\\]*/gi;

function asterisks(text: string): string {
  return text.replace(/\S/g, "*");
}

export function maskEmails(text: string): string {
  return text.replace(EMAIL, (email) => asterisks(email));
}

/** rrweb's maskTextFn, given every text node (maskTextSelector "*"). */
export function maskText(text: string, element: Element | null): string {
  if (element?.closest(PRIVATE_SELECTOR)) return asterisks(text);
  return maskEmails(text);
}

/** rrweb's maskInputFn: every value the same length, so not even a password's length is kept. */
export function maskInput(text: string): string {
  return text ? "******" : "";
}

/** The serialized chunk with email-shaped strings and secret URL parameters masked, wherever they are. */
export function scrubChunk(json: string): string {
  return maskEmails(json).replace(SECRET_PARAMETER, (_match, name: string) => `${name}=redacted`);
}
