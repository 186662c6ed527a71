import { describe, expect, it } from "vitest";
import { decodeEntities, expandCardMacros, mentionsUser } from "./card-macros.ts";

const names = { char: "Mia", user: "Sam" };
const read = (text: string) => expandCardMacros(text, names);
const readAll = (text: string) => expandCardMacros(text, names, { choices: "all" });

describe("expandCardMacros", () => {
  it("fills in the character and the user, in V2's and V1's placeholders, in any case", () => {
    expect(read("{{char}} meets {{user}}; <BOT> and <USER>; {{Char}}, {{ USER }}, <char>.")).toBe(
      "Mia meets Sam; Mia and Sam; Mia, Sam, Mia.",
    );
    expect(expandCardMacros("Hi {{user}}", { char: "Mia", user: null })).toBe("Hi you");
    expect(expandCardMacros("Hi {{user}}", { char: "Mia", user: "  " })).toBe("Hi you");
  });

  it("reads {{original}}, comments, {{noop}} and macros Reverie does not have as nothing", () => {
    expect(read("twel{{original}}ve")).toBe("twelve");
    expect(read("a{{// a note\nover lines}}b{{//x}}c{{noop}}d")).toBe("abcd");
    expect(read("I am {{setvar::age::12}}{{getvar::age}}, {{roll:1d20}}{{whatever}}!")).toBe("I am , !");
    expect(read("tw{{ }}el{{}}ve")).toBe("twelve");
  });

  it("expands {{newline}} and lets {{trim}} take the line breaks around it", () => {
    expect(read("a{{newline}}b")).toBe("a\nb");
    expect(read("first\n\n{{trim}}\r\nsecond")).toBe("firstsecond");
    expect(read("first {{trim}} second")).toBe("first  second");
  });

  it("takes one option of {{random}} and {{pick}} for a prompt", () => {
    const middle = { random: () => 0.5 };
    expect(expandCardMacros("{{random:a, b ,c}}", names, middle)).toBe("b");
    expect(expandCardMacros("{{random::x, y::z::w}}", names, middle)).toBe("z");
    expect(expandCardMacros("{{pick: a\\, b, c}}", names, { random: () => 0 })).toBe("a, b");
    expect(expandCardMacros("{{random a,b}}", names, { random: () => 0.99 })).toBe("b");
    for (let run = 0; run < 20; run++) expect(["one", "two"]).toContain(read("{{random:one,two}}"));
  });

  it("takes the option at an index (or the last) when told which", () => {
    expect(expandCardMacros("{{random:a,b,c}} {{pick::x::y}}", names, { choices: 0 })).toBe("a x");
    expect(expandCardMacros("{{random:a,b,c}} {{pick::x::y}}", names, { choices: 2 })).toBe("c y");
  });

  it("keeps every option of {{random}} and {{pick}}, joined by spaces, for moderation", () => {
    expect(readAll("I am {{random:twenty,twelve}} years old")).toBe("I am twenty twelve years old");
    expect(readAll("{{pick::a, b::c}}")).toBe("a, b c");
    expect(readAll("{{random:{{char}},{{user}}}}")).toBe("Mia Sam");
    expect(readAll("twel{{random:ve,ve}}")).toBe("twelve ve");
  });

  it("expands macros inside macros, innermost first, and keeps braces that never close", () => {
    expect(read("{{{{original}}char}}")).toBe("Mia");
    expect(read("{{{char}}}")).toBe("{Mia}");
    expect(read("a {{ b")).toBe("a {{ b");
    expect(read("a }} b {{char}}")).toBe("a }} b Mia");
    expect(read("{{random:x{{char")).toBe("{{random:x{{char");
  });

  it("decodes HTML entities, those inside others and those that hide a macro", () => {
    expect(read("&#49;&#50; &#x31;&#x33; &amp; &lt;b&gt; a&nbsp;b")).toBe("12 13 & <b> a\u00a0b");
    expect(read("&amp;#49;&amp;amp;#50;")).toBe("12");
    expect(read("twel&#123;&#123;original&#125;&#125;ve")).toBe("twelve");
    expect(read("&lt;BOT&gt; is &#4{{original}}9;&#50;")).toBe("Mia is 12");
    expect(read("&l{{original}}t;BOT&g{{// }}t; is twel&#{{original}}118;e")).toBe("Mia is twelve");
    expect(read("fish & chips, R&D, 5 &lt 6")).toBe("fish & chips, R&D, 5 < 6");
  });

  it("puts the names in as they are, never reading them as card text", () => {
    const odd = { char: "A{{char}}{{char}}&amp;", user: "{{user}}" };
    expect(expandCardMacros("{{char}} and {{user}}", odd)).toBe("A{{char}}{{char}}& and {{user}}");
    expect(expandCardMacros("\uE000{{char}}\uE001\uE003", names)).toBe("Mia");
  });

  // no clock here (timings belong to the bench): read in quadratic time, this text would take
  // hours, far past the test's timeout, while linear reading takes a fraction of a second
  it("reads a long, hostile text in linear time", { timeout: 60_000 }, () => {
    const hostile = `${"{{".repeat(200_000)}${"&amp;".repeat(100_000)}${"}}".repeat(100_000)}`;
    expect(expandCardMacros(hostile, names, { choices: "all" }).length).toBeGreaterThan(0);
  });
});

describe("decodeEntities and mentionsUser", () => {
  it("decodes entities and finds the user's placeholder, encoded or not", () => {
    expect(decodeEntities("&amp;amp;&#49;")).toBe("&1");
    expect(mentionsUser("Hi {{user}}")).toBe(true);
    expect(mentionsUser("Hi <user>")).toBe(true);
    expect(mentionsUser("Hi &#123;&#123;user&#125;&#125;")).toBe(true);
    expect(mentionsUser("Hi {{char}}")).toBe(false);
  });
});
