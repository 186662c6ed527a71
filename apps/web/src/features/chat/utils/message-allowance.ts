import { MESSAGE_PRICE_TOKENS, type User } from "@reverie/shared";
import { pluralize } from "@/lib/format";

type Balance = Pick<User, "plan" | "free_msgs" | "tokens">;

/** From this many free messages left, the chat warns that they are running out. */
export const FEW_FREE_MESSAGES = 3;

/** What the chat says about what is left to write with: quietly, or as a warning (`low`). */
export interface AllowanceNotice {
  tone: "quiet" | "low";
  text: string;
}

/**
 * The line over the composer of a free-plan user: the free messages left (a warning from
 * FEW_FREE_MESSAGES on), then what a message costs in tokens. None for premium (unlimited) or
 * when nothing is left (the get-tokens banner says so).
 */
export function messageAllowance(user: Balance | null | undefined): AllowanceNotice | null {
  if (user?.plan !== "free") return null;
  const then = `then ${pluralize(MESSAGE_PRICE_TOKENS, "token")} a message`;
  if (user.free_msgs > FEW_FREE_MESSAGES) {
    return { tone: "quiet", text: `${pluralize(user.free_msgs, "free message")} left` };
  }
  if (user.free_msgs > 0) {
    const left = user.free_msgs === 1 ? "Last free message" : `Only ${user.free_msgs} free messages left`;
    return { tone: "low", text: `${left}, ${then}` };
  }
  if (user.tokens >= MESSAGE_PRICE_TOKENS) {
    return {
      tone: user.tokens <= FEW_FREE_MESSAGES * MESSAGE_PRICE_TOKENS ? "low" : "quiet",
      text: `${pluralize(MESSAGE_PRICE_TOKENS, "token")} a message · ${pluralize(user.tokens, "token")} left`,
    };
  }
  return null;
}

/** Whether the user can pay for one more message: premium, a free message, or the tokens for one. */
export function canAffordMessage(user: Balance | null | undefined): boolean {
  if (!user) return false;
  return user.plan === "premium" || user.free_msgs > 0 || user.tokens >= MESSAGE_PRICE_TOKENS;
}
