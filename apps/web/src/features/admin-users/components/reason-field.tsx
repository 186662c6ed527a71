import { TextField } from "@/components/ui/text-field";

/** The reason every change asks for; it is kept in the audit log. */
export function ReasonField({
  value,
  onChange,
  label = "Reason",
  optional = false,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  optional?: boolean;
  testId?: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={500}
      optional={optional}
      required={!optional}
      hint="Kept in the audit log."
      data-testid={testId}
    />
  );
}
