// A labelled on/off switch that posts with its form: "on" under `name` while
// checked, nothing otherwise (like a checkbox). Controlled, so a screen can
// reveal what the switch turns on.
import { useId } from "react";
import type * as React from "react";
import { cn } from "~/lib/utils";
import { Label } from "./label";
import { Switch } from "./switch";

export function SwitchField({
  name,
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  className,
}: {
  name: string;
  label: React.ReactNode;
  description?: React.ReactNode;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={cn("flex items-start justify-between gap-4", className)}>
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description ? (
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
      />
      {checked ? <input type="hidden" name={name} value="on" /> : null}
    </div>
  );
}
