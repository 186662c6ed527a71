import { CUSTOM_LIMITS } from "@reverie/shared";
import { segmentClass, segmentGroupClass } from "./segment-styles";

const COUNTS = Array.from({ length: CUSTOM_LIMITS.maxImagesPerRequest }, (_, index) => index + 1);

/** How many pictures, 1 to 4. */
export function CountPicker({
  value,
  onChange,
  disabled = false,
}: {
  value: number;
  onChange: (count: number) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink-200">How many</legend>
      <div className={segmentGroupClass} data-testid="image-count">
        {COUNTS.map((count) => (
          <button
            key={count}
            type="button"
            data-count={count}
            aria-pressed={count === value}
            aria-label={count === 1 ? "1 picture" : `${count} pictures`}
            disabled={disabled}
            onClick={() => onChange(count)}
            className={segmentClass(count === value, "tabular-nums")}
          >
            {count}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
