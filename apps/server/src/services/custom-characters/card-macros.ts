/**
 * Character cards write the character and the user as placeholders: `{{char}}` and `{{user}}`
 * (V2/V3), `<BOT>` and `<USER>` (V1). They are filled in where the text is used: with the
 * character's name, and the user's first name or "you" when the profile has none.
 */
export function expandCardMacros(text: string, names: { char: string; user: string | null }): string {
  const user = names.user?.trim() || "you";
  return (
    text
      // SillyTavern's stand-in for its own default prompt, which Reverie's rules replace
      .replace(/\{\{\s*original\s*\}\}/gi, "")
      .replace(/\{\{\s*(char|user)\s*\}\}|<(BOT|USER)>/gi, (_match, curly?: string, angle?: string) => {
        const which = (curly ?? angle ?? "").toLowerCase();
        return which === "char" || which === "bot" ? names.char : user;
      })
  );
}

/** Whether the text names the user by a placeholder (and so needs the user's name to be shown). */
export function mentionsUser(text: string): boolean {
  return /\{\{\s*user\s*\}\}|<USER>/i.test(text);
}
