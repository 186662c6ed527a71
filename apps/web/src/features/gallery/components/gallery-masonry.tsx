import type { GalleryItem } from "@reverie/shared";
import { memo, useMemo } from "react";
import { useMasonryColumns } from "@/hooks/use-media-query";
import { GalleryTile, GalleryTileSkeleton, itemRatio } from "./gallery-tile";

/**
 * Masonry: each item goes to the currently shortest column, so appending a page never moves the
 * items already on screen. Columns follow the breakpoints (2 / 3 / 4–6). The first `priorityCount`
 * items are above the fold.
 */
export const GalleryMasonry = memo(function GalleryMasonry({
  items,
  priorityCount = 0,
}: {
  items: GalleryItem[];
  priorityCount?: number;
}) {
  const columnCount = useMasonryColumns();
  const columns = useMemo(() => {
    const result: Array<Array<{ item: GalleryItem; index: number }>> = Array.from(
      { length: columnCount },
      () => [],
    );
    const heights = new Array<number>(columnCount).fill(0);
    for (const [index, item] of items.entries()) {
      let shortest = 0;
      for (let index = 1; index < columnCount; index++) {
        if ((heights[index] ?? 0) < (heights[shortest] ?? 0) - 0.01) shortest = index;
      }
      result[shortest]?.push({ item, index });
      heights[shortest] = (heights[shortest] ?? 0) + 1 / itemRatio(item);
    }
    return result;
  }, [items, columnCount]);

  return (
    <div className="flex items-start gap-3 lg:gap-4" data-testid="gallery-grid">
      {columns.map((column, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
        <ul key={index} className="flex min-w-0 flex-1 flex-col gap-3 lg:gap-4">
          {column.map(({ item, index: position }) => (
            <li key={item.id}>
              <GalleryTile item={item} priority={position < priorityCount} />
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
});

const SKELETON_RATIOS = [3 / 4, 1, 4 / 5, 2 / 3, 3 / 4, 4 / 5, 1, 3 / 4, 2 / 3, 4 / 5, 3 / 4, 1];

export function GalleryMasonrySkeleton() {
  const columnCount = useMasonryColumns();
  return (
    <div
      className="flex items-start gap-3 lg:gap-4"
      role="status"
      aria-busy="true"
      aria-label="Loading gallery"
    >
      {Array.from({ length: columnCount }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={column} className="flex flex-1 flex-col gap-3 lg:gap-4">
          {[0, 1, 2].map((row) => (
            <GalleryTileSkeleton
              key={row}
              ratio={SKELETON_RATIOS[(column * 3 + row) % SKELETON_RATIOS.length] ?? 1}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
