import { Camera, Palette, Sparkles } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import type { ImageStyle } from "../api/request-images";
import { mediumNote, type StyleOffer } from "../utils/image-style";
import { segmentClass, segmentGroupClass } from "./segment-styles";

/**
 * The spec's realistic generation toggle, with the styles the server makes: "Realistic" where
 * its image provider makes photographs, "Illustration" where it draws them.
 */
export function StyleToggle({
  styles,
  medium,
  value,
  onChange,
  disabled = false,
}: {
  /** undefined while the server has not said */
  styles: readonly StyleOffer[] | undefined;
  medium: "photographs" | "illustrations" | undefined;
  value: ImageStyle;
  onChange: (style: ImageStyle) => void;
  disabled?: boolean;
}) {
  const note = mediumNote(medium);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink-200">Style</legend>
      {styles ? null : <Skeleton className="h-12 rounded-full" />}
      <div className={styles ? segmentGroupClass : "hidden"} data-testid="image-style" data-medium={medium}>
        {(styles ?? []).map((style) => {
          const Icon = style.value === "anime" ? Palette : medium === "photographs" ? Camera : Sparkles;
          return (
            <button
              key={style.value}
              type="button"
              data-style={style.value}
              aria-pressed={style.value === value}
              title={style.description}
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
      {note ? (
        <p className="mt-2 text-xs text-ink-400" data-testid="image-medium-note">
          {note}
        </p>
      ) : null}
    </fieldset>
  );
}
