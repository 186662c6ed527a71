import { queryDatabase, withDatabase } from "./database.ts";

/**
 * A long chat for the browser test and the scrolling bench: the chat's messages replaced, directly
 * in the server's SQLite database, by `count` text messages, the user's and the character's in
 * turn, of lengths from one line to several (so rows differ in height). Message `n` (1 = oldest)
 * starts with `#n ` (longChatText).
 */

const WORDS = (
  "the evening light fell across the river while we talked about music old films the city at night " +
  "and every small thing that made the week feel lighter than it was"
).split(" ");

/** The text of message `n` of a seeded chat: `#n ` and one to eight lines of words. */
export function longChatText(n: number): string {
  const words = 4 + ((n * 37) % 60);
  const text = Array.from({ length: words }, (_, index) => WORDS[(n + index) % WORDS.length]).join(" ");
  return n % 9 === 0 ? `#${n} ${text}\n\n${text.slice(0, 40)}` : `#${n} ${text}`;
}

/** The id of a user's chat with a character. */
export function chatIdOf(sqlitePath: string, email: string, characterId: number): number {
  const [row] = queryDatabase<{ id: number }>(
    sqlitePath,
    "select chats.id as id from chats join users on users.id = chats.user_id where users.email = ? and chats.character_id = ?",
    email.toLowerCase(),
    characterId,
  );
  if (!row) throw new Error(`${email} has no chat with character ${characterId}`);
  return row.id;
}

/** Replaces a chat's messages by `count` seeded ones (oldest first); returns their ids, oldest first. */
export function seedLongChat(sqlitePath: string, chatId: number, count: number): number[] {
  return withDatabase(sqlitePath, (database) => {
    database.exec("begin immediate");
    try {
      database.prepare("delete from messages where chat_id = ?").run(chatId);
      const insert = database.prepare(
        "insert into messages (chat_id, sender, type, text, created_at) values (?, ?, 'text', ?, ?) returning id",
      );
      const start = Date.now() - count * 60_000;
      const ids: number[] = [];
      for (let n = 1; n <= count; n++) {
        const sentAt = new Date(start + n * 60_000).toISOString();
        const row = insert.get(chatId, n % 2 === 1 ? "user" : "model", longChatText(n), sentAt) as {
          id: number;
        };
        ids.push(row.id);
      }
      database.exec("commit");
      return ids;
    } catch (error) {
      if (database.isTransaction) database.exec("rollback");
      throw error;
    }
  });
}
