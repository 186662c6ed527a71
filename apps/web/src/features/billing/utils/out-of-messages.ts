import type { User } from "@reverie/shared";

/** What one chat message costs in tokens once the free messages are used up. */
export const MESSAGE_COST_TOKENS = 1;

/** A free user who can't send another message: no free messages left and too few tokens for one. */
export function isOutOfMessages(user: Pick<User, "plan" | "free_msgs" | "tokens">): boolean {
  return user.plan === "free" && user.free_msgs === 0 && user.tokens < MESSAGE_COST_TOKENS;
}
