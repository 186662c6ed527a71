import { z } from "zod";

/**
 * What a character remembers about the user (every kind but `self`) and what it has said about
 * itself (`self`), so that it stays consistent.
 */
// the order is the memory panel's: who the user is first, what the character said last
export const memoryKindSchema = z.enum([
  "name",
  "job",
  "place",
  "pet",
  "person",
  "like",
  "date",
  "worry",
  "event",
  "self",
]);
export type MemoryKind = z.infer<typeof memoryKindSchema>;

export const MEMORY_TEXT_MAX_LENGTH = 300;
export const MEMORY_SUBJECT_MAX_LENGTH = 80;

/** One remembered fact, as the user sees and edits it beside the chat. */
export const memoryItemSchema = z.object({
  id: z.number().int(),
  kind: memoryKindSchema,
  subject: z
    .string()
    .describe('what the fact is about, as the user would name it: "Biscuit", "Lena", "the exam"'),
  text: z
    .string()
    .describe(
      'the fact in a short phrase about the user (or the character, for self): "has a dog called Biscuit"',
    ),
  date: z.string().nullable().describe("YYYY-MM-DD, when the fact has a date (an exam, a birthday)"),
  updated_at: z.string().describe("ISO 8601"),
});
export type MemoryItem = z.infer<typeof memoryItemSchema>;

export const memoryListSchema = z.object({
  character_name: z.string(),
  items: z.array(memoryItemSchema),
});
export type MemoryList = z.infer<typeof memoryListSchema>;

const memoryText = z.string().trim().min(1, "Please write what to remember.").max(MEMORY_TEXT_MAX_LENGTH);
const memorySubject = z.string().trim().max(MEMORY_SUBJECT_MAX_LENGTH);
const memoryDate = z.iso.date().nullable();

export const memoryCreateSchema = z.object({
  kind: memoryKindSchema,
  text: memoryText,
  subject: memorySubject.optional(),
  date: memoryDate.optional(),
});
export type MemoryCreate = z.infer<typeof memoryCreateSchema>;

export const memoryUpdateSchema = z
  .object({ text: memoryText, subject: memorySubject, date: memoryDate, kind: memoryKindSchema })
  .partial()
  .refine((fields) => Object.keys(fields).length > 0, "Nothing to change.");
export type MemoryUpdate = z.infer<typeof memoryUpdateSchema>;
