import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { MediaStorage } from "../media/storage.ts";
import { BundleRepository } from "../repositories/bundles.ts";
import { CharacterRepository } from "../repositories/characters.ts";
import { MediaRepository } from "../repositories/media.ts";
import { CatalogService } from "./catalog.ts";
import { GalleryService } from "./gallery.ts";
import { Presenter } from "./presenters.ts";

/** Wires repositories into services; the one place that knows the whole graph. */
export function createServices(db: Kysely<Database>, storage: MediaStorage) {
  const repositories = {
    characters: new CharacterRepository(db),
    bundles: new BundleRepository(db),
    media: new MediaRepository(db),
  };
  const presenter = new Presenter(storage);
  return {
    catalog: new CatalogService({ ...repositories, presenter }),
    gallery: new GalleryService({ ...repositories, presenter }),
  };
}

export type Services = ReturnType<typeof createServices>;
