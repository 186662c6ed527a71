import type { Model } from "@reverie/shared";

/** A character the user can picture, and whether it is one of their own. */
export interface CharacterChoice {
  model: Model;
  own: boolean;
}

/** The characters of a category to pick from: the user's own first, then the catalog's. */
export function characterChoices(own: readonly Model[], catalog: readonly Model[]): CharacterChoice[] {
  const ownIds = new Set(own.map((model) => model.id));
  return [
    ...own.map((model) => ({ model, own: true })),
    ...catalog.filter((model) => !ownIds.has(model.id)).map((model) => ({ model, own: false })),
  ];
}
