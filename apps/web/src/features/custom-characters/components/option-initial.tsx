/** An icon tile's stand-in: the option's initial, while its icon loads or when we have no such icon. */
export function OptionInitial({ label }: { label: string }) {
  return (
    <span aria-hidden="true" className="font-display text-xl leading-none">
      {label.slice(0, 1).toUpperCase()}
    </span>
  );
}
