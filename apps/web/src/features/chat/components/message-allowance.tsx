import type { User } from "@reverie/shared";
import { cn } from "@/lib/cn";
import { messageAllowance } from "../utils/message-allowance";

/**
 * Under the message box of a free-plan user: the free messages left, a warning when few are, then
 * what a message costs in tokens, so the wall never comes without warning.
 */
export function MessageAllowance({ user }: { user: Pick<User, "plan" | "free_msgs" | "tokens"> | null }) {
  const notice = messageAllowance(user);
  if (!notice) return null;
  return (
    <p
      className={cn("px-2 text-xs", notice.tone === "low" ? "font-medium text-amber-200" : "text-ink-400")}
      data-testid="message-allowance"
      data-tone={notice.tone}
      aria-live="polite"
    >
      {notice.text}
    </p>
  );
}
