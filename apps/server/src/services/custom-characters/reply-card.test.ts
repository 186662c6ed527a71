import { describe, expect, it } from "vitest";
import type { ReplyContext } from "../../repositories/chats.ts";
import type { CardData } from "../cards/card-data.ts";
import { replyCharacterCard } from "./reply-card.ts";

const built: ReplyContext["character"] = {
  id: 7,
  name: "Mia",
  age: 26,
  gender: "female",
  tagline: "Playful girlfriend who loves surfing",
  description: "Mia is a nurse.",
  personality: "playful, teasing, spontaneous",
  hobbies: "surfing, photography",
  relationship: "girlfriend",
  first_msg: "Hi!",
  definition: null,
};

const card: CardData = {
  name: "Mia",
  description: "{{char}} keeps a lighthouse.",
  personality: "wry",
  scenario: "{{user}} arrives at <BOT>'s lighthouse.",
  first_mes: "Hello {{user}}.",
  mes_example: "{{user}}: hi\n{{char}}: hey",
  creator_notes: "",
  system_prompt: "{{original}} Stay terse.",
  post_history_instructions: "Remember <USER> is tired.",
  alternate_greetings: ["Evening, {{user}}."],
  tags: [],
  creator: "",
  character_version: "",
  extensions: {},
  character_book: {
    extensions: {},
    entries: [
      {
        keys: ["lamp"],
        content: "The lamp was lit by {{char}}'s grandmother.",
        extensions: {},
        enabled: true,
        insertion_order: 1,
      },
      { keys: ["boat"], content: "The boat sank.", extensions: {}, enabled: true, insertion_order: 2 },
    ],
  },
};

describe("replyCharacterCard", () => {
  it("reads a built character from its columns, with no card and no lore", () => {
    const reply = replyCharacterCard(built, { userName: "Sam", recentTexts: ["hi"] });
    expect(reply).toEqual({
      id: 7,
      name: "Mia",
      age: 26,
      gender: "female",
      tagline: built.tagline,
      description: "Mia is a nurse.",
      personality: "playful, teasing, spontaneous",
      hobbies: ["surfing", "photography"],
      relationship: "girlfriend",
      first_msg: "Hi!",
      // no sheet stored: derived from the columns (decision 44), the job the description states
      canon: expect.objectContaining({ job: "I'm a nurse" }),
    });
  });

  it("adds an imported card's fields and the lorebook entries the recent messages bring up, names filled in", () => {
    const imported = { ...built, description: card.description, definition: JSON.stringify(card) };
    const reply = replyCharacterCard(imported, {
      userName: "Sam",
      recentTexts: ["hello", "Who lit the lamp?"],
    });
    expect(reply.description).toBe("Mia keeps a lighthouse.");
    expect(reply.card).toEqual({
      scenario: "Sam arrives at Mia's lighthouse.",
      // {{original}} is kept for the prompt, which puts Reverie's main prompt there (decision 46)
      systemPrompt: "{{original}} Stay terse.",
      postHistoryInstructions: "Remember Sam is tired.",
      exampleDialogue: "Sam: hi\nMia: hey",
      alternateGreetings: ["Evening, Sam."],
    });
    expect(reply.lore).toEqual(["The lamp was lit by Mia's grandmother."]);
    expect(reply.worldInfo).toEqual([
      { content: "The lamp was lit by Mia's grandmother.", position: "after_char", depth: 4, role: "system" },
    ]);
    // the card's character's note, with its depth and role
    const noted = {
      ...imported,
      definition: JSON.stringify({
        ...card,
        extensions: { depth_prompt: { prompt: "{{char}} hums.", depth: 2, role: "assistant" } },
      }),
    };
    expect(replyCharacterCard(noted, { userName: "Sam", recentTexts: [] }).card?.depthPrompt).toEqual({
      text: "Mia hums.",
      depth: 2,
      role: "assistant",
    });
    // without a profile name the user is "you"
    expect(replyCharacterCard(imported, { userName: null, recentTexts: [] }).card?.scenario).toBe(
      "you arrives at Mia's lighthouse.",
    );
  });
});
