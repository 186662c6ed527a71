import { MESSAGE_PRICE_TOKENS, type User } from "@reverie/shared";

/** A free user who can't send another message: no free messages left and too few tokens for one. */
export function isOutOfMessages(user: Pick<User, "plan" | "free_msgs" | "tokens">): boolean {
  return user.plan === "free" && user.free_msgs === 0 && user.tokens < MESSAGE_PRICE_TOKENS;
}
