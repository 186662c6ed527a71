import { describe, expect, it } from "vitest";
import { cardData } from "../../../test/helpers/cards.ts";
import { builderDefinitionText, cardDefinitionText } from "./definition-text.ts";
import { replyCharacterCard } from "./reply-card.ts";

describe("cardDefinitionText", () => {
  it("keeps the roleplay frame and the name's line, then the card's texts", () => {
    expect(cardDefinitionText(cardData({ description: "A nurse.", first_mes: "Hi." }))).toBe(
      "Roleplay character definition.\nName: Mia.\nA nurse.\nHi.",
    );
  });

  it("reads the texts with their macros expanded: the name, a neutral user, nothing for the rest", () => {
    const text = cardDefinitionText(
      cardData({
        description: "{{char}} is twel{{original}}ve.{{// she is not}}",
        scenario: "<BOT> meets <USER> and {{user}}.{{setvar::x::1}}",
        first_mes: "first\n{{trim}}\nline",
        alternate_greetings: ["t{{noop}}welve"],
        creator_notes: "{{unknown macro}}",
      }),
    );
    expect(text).toBe(
      "Roleplay character definition.\nName: Mia.\nMia is twelve.\nMia meets User and User.\nfirstline\ntwelve",
    );
  });

  it("reads every option of {{random}} and {{pick}}, joined and each in its place, since a prompt may take any", () => {
    const text = cardDefinitionText(
      cardData({
        description: "She is {{random:twenty,twelve}} years old.",
        personality: "{{pick::shy::a child}}",
      }),
    );
    expect(text).toBe(
      [
        "Roleplay character definition.",
        "Name: Mia.",
        "She is twenty twelve years old.",
        "She is twenty years old.",
        "She is twelve years old.",
        "shy a child",
        "shy",
        "a child",
      ].join("\n"),
    );
  });

  it("reads at most eight options in their places, every one joined, within a budget for the whole card", () => {
    const ages = Array.from({ length: 20 }, (_, index) => index + 10);
    const text = cardDefinitionText(cardData({ description: `Age {{random:${ages.join(",")}}}.` }));
    expect(text.split("\n").slice(2)).toEqual([
      `Age ${ages.join(" ")}.`,
      ...ages.slice(0, 8).map((age) => `Age ${age}.`),
    ]);
    const long = `{{random:a,b}}${"x".repeat(60_000)}`;
    const lines = cardDefinitionText(
      cardData({ description: long, personality: long, scenario: long, first_mes: long }),
    );
    expect(lines.length).toBeLessThan(4 * 60_000 + 200_000 + 1000);
    expect(lines.split("\n")).toHaveLength(2 + 4 + 3);
  });

  it("decodes HTML entities, and macros hidden in them", () => {
    const text = cardDefinitionText(
      cardData({
        name: "M&#105;a",
        description: "She is &#49;&#50; &amp; small.",
        scenario: "twel&#123;&#123;original&#125;&#125;ve&nbsp;years",
      }),
    );
    expect(text).toBe("Roleplay character definition.\nName: Mia.\nShe is 12 & small.\ntwelve\u00a0years");
  });

  it("reads the lorebook's entries the same way", () => {
    const text = cardDefinitionText(
      cardData({
        character_book: {
          extensions: {},
          entries: [
            {
              keys: ["age"],
              content: "{{char}} is {{random:12,30}}.",
              extensions: {},
              enabled: true,
              insertion_order: 0,
            },
          ],
        },
      }),
    );
    expect(text).toContain("Mia is 12 30.\nMia is 12.\nMia is 30.");
  });

  it("checks each text exactly as the prompt gives it to the model", () => {
    const imported = cardData({
      description: "{{char}} keeps a lighthouse &amp; a boat.",
      personality: "wry{{// and twelve}}",
      scenario: "{{user}} arrives at <BOT>'s lighthouse.",
      system_prompt: "{{original}} Stay terse.",
      post_history_instructions: "Remember <USER> is tired.",
      mes_example: "{{user}}: hi\n{{char}}: hey&#33;",
      alternate_greetings: ["Evening, {{user}}.{{trim}}"],
      character_book: {
        extensions: {},
        entries: [
          {
            keys: ["lamp"],
            content: "The lamp is {{char}}'s.",
            extensions: {},
            enabled: true,
            insertion_order: 0,
          },
        ],
      },
    });
    const reply = replyCharacterCard(
      {
        id: 1,
        name: "Mia",
        age: 30,
        gender: "female",
        tagline: "",
        description: imported.description,
        personality: imported.personality,
        hobbies: "",
        relationship: "",
        first_msg: imported.first_mes,
        definition: JSON.stringify(imported),
      },
      { userName: "User", recentTexts: ["the lamp"] },
    );
    const given = [
      reply.description,
      reply.personality,
      reply.card?.scenario,
      reply.card?.systemPrompt,
      reply.card?.postHistoryInstructions,
      reply.card?.exampleDialogue,
      ...(reply.card?.alternateGreetings ?? []),
      ...(reply.lore ?? []),
    ];
    expect(given).toContain("Mia keeps a lighthouse & a boat.");
    const checked = cardDefinitionText(imported);
    // where the card says {{original}}, the prompt puts Reverie's own main prompt: not the card's words
    const cardsOwn = (text: string | undefined) => text?.replaceAll("{{original}}", "").trim();
    expect(reply.card?.systemPrompt).toBe("{{original}} Stay terse.");
    for (const text of given) expect(checked).toContain(cardsOwn(text));
  });
});

describe("builderDefinitionText", () => {
  it("reads the maker's texts as the prompt does and keeps its frame", () => {
    expect(
      builderDefinitionText({
        name: "Mia",
        description: "{{char}} is twel{{original}}ve &amp; {{random:shy,bold}}.",
        personality: "playful",
        hobbies: "surfing, chess &amp; go",
        relationship: "{{user}}'s girlfriend",
      }),
    ).toBe(
      [
        "Roleplay character definition.",
        "Name: Mia.",
        "Mia is twelve & shy bold.",
        "Mia is twelve & shy.",
        "Mia is twelve & bold.",
        "Personality: playful.",
        "Hobbies: surfing, chess & go.",
        "Relationship: the user's User's girlfriend.",
      ].join("\n"),
    );
  });
});
