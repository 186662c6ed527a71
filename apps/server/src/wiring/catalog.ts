import { CatalogService } from "../services/catalog.ts";
import { GalleryService } from "../services/gallery.ts";
import type { Core } from "./core.ts";

/** The seeded characters, their bundles and the gallery. */
export function wireCatalog(core: Core) {
  const { characters, bundles, media, presenter } = core;
  return {
    catalog: new CatalogService({ characters, bundles, media, presenter }),
    gallery: new GalleryService({ characters, bundles, media, presenter }),
  };
}

export type CatalogDomain = ReturnType<typeof wireCatalog>;
