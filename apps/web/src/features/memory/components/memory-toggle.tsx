import { Brain } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The chat header's button that opens and closes "What {name} remembers". */
export function MemoryToggle({
  characterName,
  open,
  controls,
  onToggle,
}: {
  characterName: string;
  open: boolean;
  /** the panel's id */
  controls: string;
  onToggle: () => void;
}) {
  return (
    <Button
      variant={open ? "secondary" : "ghost"}
      size="sm"
      className="px-2.5 sm:px-3.5"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      // the visible word first (label in name), the panel's heading after it
      aria-label={`Memory: what ${characterName} remembers`}
      icon={<Brain className="size-5" aria-hidden="true" />}
      data-testid="memory-toggle"
    >
      <span className="hidden sm:inline">Memory</span>
    </Button>
  );
}
