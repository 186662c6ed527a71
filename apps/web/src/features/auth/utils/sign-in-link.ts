import { emailField } from "@reverie/shared";

export type SignInLink =
  /** The URL is not an emailed sign-in link at all. */
  | { kind: "none" }
  /** It looks like one but is unusable (wrong mode, no code or no email). */
  | { kind: "invalid" }
  | { kind: "valid"; oobCode: string; email: string };

/**
 * Reads an emailed sign-in link (`/login?mode=signIn&oobCode=…&email=…`). Spec: the link is used
 * only if it is a valid sign-in link (mode signIn with a code) and an email is given.
 */
export function readSignInLink(search: string | URLSearchParams): SignInLink {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const mode = params.get("mode");
  const oobCode = params.get("oobCode")?.trim() ?? "";
  if (mode === null && !oobCode) return { kind: "none" };
  if (mode !== "signIn" || !oobCode) return { kind: "invalid" };
  const email = emailField.safeParse(params.get("email") ?? "");
  if (!email.success) return { kind: "invalid" };
  return { kind: "valid", oobCode, email: email.data };
}
