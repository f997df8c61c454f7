// The shape of a toast message, shared by the server (flash cookie) and the browser (sonner).
import { z } from "zod";

export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "info"]).default("success"),
  title: z.string(),
  description: z.string().optional(),
});

export type Toast = z.output<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;
