import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CharacterPreview } from "../components/character-preview";
import { EMPTY_DRAFT } from "./builder-draft";
import { previewPortraitUrl } from "./preview-portrait";
import { TEST_TRAIT_LIST } from "./test-trait-list";

const chosen = {
  ...EMPTY_DRAFT,
  gender: "female" as const,
  traits: { ethnicity: ["latin"], hair_style: ["wavy_red"], eyes_color: ["green"] },
};

describe("the builder's live preview", () => {
  it("asks the server's renderer for a portrait with the chosen ethnicity, hair and eyes", () => {
    const url = new URL(previewPortraitUrl(chosen) ?? "", "http://app.test");
    expect(url.pathname).toBe("/api/custom/previews/portrait");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      gender: "female",
      ethnicity: "latin",
      hair_style: "wavy_red",
      eyes_color: "green",
    });
    // what is not chosen yet follows the ethnicity on the server
    expect(previewPortraitUrl({ gender: "male", traits: { ethnicity: ["african"] } })).toBe(
      "/api/custom/previews/portrait?gender=male&ethnicity=african",
    );
    expect(previewPortraitUrl(EMPTY_DRAFT)).toBeNull();
  });

  it("shows that face, not a faceless silhouette, in both sizes", () => {
    for (const compact of [false, true]) {
      const html = renderToStaticMarkup(
        createElement(CharacterPreview, { draft: chosen, offered: TEST_TRAIT_LIST, compact }),
      );
      const portrait = html.match(/<img[^>]*data-testid="preview-portrait"[^>]*>/)?.[0] ?? "";
      expect(portrait).toContain("ethnicity=latin");
      expect(portrait).toContain("hair_style=wavy_red");
      expect(portrait).toContain("eyes_color=green");
    }
    const before = renderToStaticMarkup(
      createElement(CharacterPreview, { draft: EMPTY_DRAFT, offered: TEST_TRAIT_LIST }),
    );
    expect(before).not.toContain("preview-portrait");
  });
});
