// An optional drawn signature (mouse, pen or finger) beside the typed name,
// posted as a PNG in a hidden field. The typed name is the signature: drawing
// is extra, so the form works the same with the keyboard alone or without JavaScript.
import { useEffect, useRef, useState } from "react";
import type SignaturePadType from "signature_pad";
import { Button } from "~/ui/button";

export function SignaturePad({ name }: { name: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadType | null>(null);
  const [value, setValue] = useState("");
  // The library, once loaded: the pad shows then, and is sized and started after it is shown
  // (a hidden canvas measures 0 px wide, and a 0 × 0 drawing is no PNG at all).
  const [Pad, setPad] = useState<typeof SignaturePadType | null>(null);
  const ready = Pad !== null;

  useEffect(() => {
    let cancelled = false;
    void import("signature_pad").then(({ default: SignaturePad }) => {
      if (!cancelled) setPad(() => SignaturePad);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!Pad || !canvas.current) return;
    const element = canvas.current;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext("2d")?.scale(ratio, ratio);
    const instance = new Pad(element, { penColor: "#111827", backgroundColor: "rgba(0,0,0,0)" });
    instance.addEventListener("endStroke", () => setValue(instance.isEmpty() ? "" : instance.toDataURL("image/png")));
    pad.current = instance;
    return () => instance.off();
  }, [Pad]);

  return (
    <div className="grid gap-2" hidden={!ready}>
      <p id="signature-help" className="text-sm font-medium">
        Draw your signature <span className="font-normal text-muted-foreground">(optional)</span>
      </p>
      <canvas
        ref={canvas}
        role="img"
        aria-label={value ? "Your drawn signature" : "Empty signature area: draw with a mouse, pen or finger"}
        aria-describedby="signature-help"
        className="h-32 w-full touch-none rounded-md border bg-background"
      />
      <input type="hidden" name={name} value={value} />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={!value}
        onClick={() => {
          pad.current?.clear();
          setValue("");
        }}
      >
        Clear drawing
      </Button>
    </div>
  );
}
