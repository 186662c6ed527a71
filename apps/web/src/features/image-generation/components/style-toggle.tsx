import { Camera, Palette } from "lucide-react";
import type { ImageStyle } from "../api/request-images";
import { IMAGE_STYLES } from "../utils/image-style";
import { segmentClass, segmentGroupClass } from "./segment-styles";

const ICONS = { realistic: Camera, anime: Palette } as const;

/** Realistic or anime (the spec's realistic generation toggle). */
export function StyleToggle({
  value,
  onChange,
  disabled = false,
}: {
  value: ImageStyle;
  onChange: (style: ImageStyle) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink-200">Style</legend>
      <div className={segmentGroupClass} data-testid="image-style">
        {IMAGE_STYLES.map((style) => {
          const Icon = ICONS[style.value];
          return (
            <button
              key={style.value}
              type="button"
              data-style={style.value}
              aria-pressed={style.value === value}
              disabled={disabled}
              onClick={() => onChange(style.value)}
              className={segmentClass(
                style.value === value,
                "inline-flex items-center justify-center gap-1.5",
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {style.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
