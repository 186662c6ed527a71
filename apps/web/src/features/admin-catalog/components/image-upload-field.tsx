import { ImagePlus, Upload, X } from "lucide-react";
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

const ACCEPT = "image/png,image/jpeg,image/webp";
/** the contract's ADMIN_UPLOAD_MAX_BYTES, which the server enforces (413); not imported, so the shared constants chunk stays as small as the other screens need */
const ADMIN_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

function describeSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB`
    : `${Math.ceil(bytes / 1024)} KiB`;
}

/** The object URL of a chosen file while it is shown, revoked when the choice changes or goes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * One picture to upload: a drop-zone style button opens the file picker, the chosen picture is
 * previewed with its name and size, and it is either uploaded or removed before anything is sent.
 * The server checks each file's content and re-encodes it.
 */
export function ImageUploadField({
  label,
  hint,
  current,
  uploadLabel,
  pending,
  onUpload,
  testId,
}: {
  label: string;
  hint: string;
  /** what is there now (the portrait), shown until a new picture is chosen */
  current?: ReactNode;
  uploadLabel: string;
  pending: boolean;
  /** resolves once the server has the picture; the choice is then cleared */
  onUpload: (file: File) => Promise<unknown>;
  /** data-testid of the field; its file input is `<testId>-input` */
  testId: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreviewUrl(chosen);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    event.target.value = "";
    if (!file) return;
    if (file.size > ADMIN_UPLOAD_MAX_BYTES) {
      setChosen(null);
      setProblem(`${file.name} is ${describeSize(file.size)}: pictures can be 10 MiB at most.`);
      return;
    }
    setProblem(null);
    setChosen(file);
  }

  async function upload() {
    if (!chosen) return;
    try {
      await onUpload(chosen);
      setChosen(null);
    } catch {
      // the caller shows the server's reason; the choice stays for another try
    }
  }

  return (
    <div
      className="min-w-0 space-y-3 rounded-2xl border border-white/[0.07] bg-white/[0.02] p-4"
      data-testid={testId}
    >
      <div>
        <label htmlFor={inputId} className="text-sm font-medium text-ink-100">
          {label}
        </label>
        <p id={hintId} className="text-xs text-ink-400">
          {hint}
        </p>
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        aria-describedby={hintId}
        onChange={choose}
        data-testid={`${testId}-input`}
      />
      {chosen && preview ? (
        <div className="flex flex-wrap items-end gap-4" data-testid={`${testId}-preview`}>
          <img
            src={preview}
            alt={`Chosen picture: ${chosen.name}`}
            className="h-40 w-30 rounded-xl object-cover ring-2 ring-coral-400/60"
          />
          <div className="min-w-0 flex-1 space-y-2">
            <p className="truncate text-sm text-ink-200" title={chosen.name}>
              {chosen.name}
            </p>
            <p className="text-xs text-ink-400">{describeSize(chosen.size)} · not uploaded yet</p>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                loading={pending}
                onClick={() => void upload()}
                icon={<Upload className="size-4" aria-hidden="true" />}
                data-testid={`${testId}-upload`}
              >
                {uploadLabel}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={pending}
                onClick={() => setChosen(null)}
                icon={<X className="size-4" aria-hidden="true" />}
                data-testid={`${testId}-remove`}
              >
                Remove
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-end gap-4">
          {current}
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            className={cn(
              "flex min-h-24 min-w-0 flex-1 flex-col items-center justify-center gap-1.5 rounded-xl border border-dashed border-white/15 bg-ink-900/60 px-4 py-5 text-sm text-ink-300 transition",
              "hover:border-coral-400/40 hover:text-ink-100 focus-visible:outline-2 focus-visible:outline-coral-400",
            )}
            aria-describedby={hintId}
            data-testid={`${testId}-choose`}
          >
            <ImagePlus className="size-5 text-coral-300" aria-hidden="true" />
            Choose a picture
          </button>
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-coral-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
