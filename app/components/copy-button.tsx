// Copies a text to the clipboard: the button says 'Copied' for 2 seconds and a
// toast confirms (the spec's feedback for embed codes).
import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/ui/button";

export const COPIED_FEEDBACK_MS = 2000;

export function CopyButton({
  text,
  toastMessage,
  label = "Copy",
  copiedLabel = "Copied",
  className,
}: {
  text: string;
  toastMessage: string;
  label?: string;
  copiedLabel?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast.error("Could not copy", { description: "Select the text and copy it with your keyboard instead." });
      return;
    }
    setCopied(true);
    toast.success(toastMessage);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  }

  return (
    <Button type="button" size="sm" onClick={copy} className={className}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
