/** The two views of /generate_image: the generator, and every picture the user made (`?view=pictures`). */
export type GeneratorView = "generate" | "pictures";

export function parseView(value: string | null): GeneratorView {
  return value === "pictures" ? "pictures" : "generate";
}

/** The character an address preselects (`?model_id=`); null unless a positive whole number. */
export function parseModelId(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
