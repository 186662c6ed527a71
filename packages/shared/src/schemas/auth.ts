import { z } from "zod";
import { ACCOUNT_BANNED_TEXT, LIMITS, ROLES } from "../constants.ts";
import { isSaneSubId } from "../sub-id.ts";
import { genderSchema } from "./common.ts";

/** Messages of the spec (section 5), shared by server validation and web forms. */
export const FORM_MESSAGES = {
  required: (title: string) => `${title} is required.`,
  invalid: (title: string) => `${title} is not valid.`,
  tooShort: (n: number) => `Please enter at least ${n} characters.`,
  tooLong: (title: string, n: number) => `Your ${title} is too long. Max - ${n}`,
  symbols: "Unacceptable symbols.",
  lettersAndNumerals: (title: string) => `Your ${title} must contain letters and numerals`,
  greaterThanZero: (title: string) => `${title} must be greater than 0`,
} as const;

/** Error catalogue (spec section 8). */
export const AUTH_ERRORS = {
  wrongCredentials: "Wrong email or password.",
  emailTaken: "Email already exist.",
  /** a banned account signing in, by password or a provider's popup (decision 0029) */
  accountBanned: ACCOUNT_BANNED_TEXT,
} as const;

export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;
/** Letters (any script, Cyrillic included), digits, dot, underscore, hyphen, and inner spaces for names. */
const NAME_PATTERN = /^[\p{L}\d._\- ]+$/u;

export const emailField = z
  .string({ error: FORM_MESSAGES.required("Email") })
  .trim()
  .min(1, { error: FORM_MESSAGES.required("Email"), abort: true })
  .max(254, FORM_MESSAGES.tooLong("Email", 254))
  .pipe(z.email({ error: FORM_MESSAGES.invalid("Email") }))
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: FORM_MESSAGES.required("Password") })
  .min(1, { error: FORM_MESSAGES.required("Password"), abort: true })
  .min(LIMITS.passwordMinLength, FORM_MESSAGES.tooShort(LIMITS.passwordMinLength))
  .max(PASSWORD_MAX_LENGTH, FORM_MESSAGES.tooLong("Password", PASSWORD_MAX_LENGTH));

export const nameField = (title: string) =>
  z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, FORM_MESSAGES.tooLong(title, NAME_MAX_LENGTH))
    .refine((value) => value === "" || NAME_PATTERN.test(value), FORM_MESSAGES.symbols);

export const userSchema = z.object({
  id: z.string(),
  plan: z.enum(["free", "premium"]),
  tokens: z.number().int().min(0),
  email: z.string(),
  free_msgs: z.number().int().min(0),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  gender_choice: genderSchema.nullable(),
  payment_failed: z.boolean(),
  /** the user turned session replay off (Settings); the server refuses their replays */
  replay_opt_out: z.boolean(),
  /** the admin console's role: moderators and admins find the console in the account menu (decision 0029) */
  role: z.enum(ROLES),
  /** the address was proven: the emailed link opened, a sign-in link used, or a provider's verified email */
  email_verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The token of an emailed verification link (`/verify-email?token=…`). */
export const verifyEmailBodySchema = z.object({ token: z.string().trim().min(1).max(4000) });

/** Every successful sign-in answers with a fresh access token and the user. */
export const authResponseSchema = z.object({
  token: z.string().describe("send as `Authorization: Bearer <token>`; the web app keeps it as _accessToken"),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const registerBodySchema = z.object({
  email: emailField,
  password: passwordField,
  first_name: nameField("First name").optional(),
  gender_choice: genderSchema.optional().describe("the visitor's stored interest, copied to the new account"),
  // sign-up is never refused over attribution: an insane sub id is dropped, not an error (decision 0027)
  subid: z
    .string()
    .transform((subid) => (isSaneSubId(subid) ? subid : undefined))
    .optional()
    .catch(undefined)
    .describe("ad sub id; records a marketing lead (ignored unless it has the shape of one)"),
});

export const loginBodySchema = z.object({ email: emailField, password: passwordField });

export const restoreBodySchema = z.object({ email: emailField });

export const resetBodySchema = z.object({
  oobCode: z.string().min(1, FORM_MESSAGES.required("Code")).max(200),
  newPassword: passwordField,
});

export const magicLinkBodySchema = z.object({
  email: emailField,
  returnUrl: z.string().startsWith("/").max(2000).optional(),
});

export const magicLinkVerifyBodySchema = z.object({
  oobCode: z.string().min(1).max(200),
  email: emailField,
});

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, FORM_MESSAGES.required("Current password")),
  newPassword: passwordField,
});

export const messageResponseSchema = z.object({ message: z.string() });

/** Changing the password ends every other session and issues this device a new token. */
export const changePasswordResponseSchema = z.object({
  message: z.string(),
  token: z.string().describe("replaces the current access token"),
});

export const oauthProviderSchema = z.enum(["google", "discord", "twitter"]);
export type OAuthProvider = z.infer<typeof oauthProviderSchema>;
export const authProvidersResponseSchema = z.object({ providers: z.array(oauthProviderSchema) });

export const sessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export const sessionListResponseSchema = z.object({ items: z.array(sessionSchema) });

export const updateUserBodySchema = z
  .object({
    gender_choice: genderSchema.optional(),
    first_name: nameField("First name").optional(),
    last_name: nameField("Last name").optional(),
    replay_opt_out: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Nothing to update.");

export const analyticsIdBodySchema = z.object({ new_id: z.string().trim().min(1).max(200) });
