// The state of an optional image in a form that uploads it on save: the picked
// file, whether the saved one is removed, and the upload itself.
import { useState } from "react";
import { useUpload } from "./use-upload";
import { uploadedImage, type UploadKind } from "../upload-client";

export function usePendingImage(kind: UploadKind, uploadIdField: string) {
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const upload = useUpload();

  /**
   * Uploads the picked file and writes the upload's id into the form's hidden
   * field; true when the form can now be posted.
   */
  async function uploadInto(form: HTMLFormElement): Promise<boolean> {
    if (!file) return true;
    try {
      const response = await upload.upload(file, { kind });
      const input = form.elements.namedItem(uploadIdField);
      if (input instanceof HTMLInputElement) input.value = uploadedImage(response).id;
      setFile(null);
      return true;
    } catch {
      return false; // useUpload keeps the message for the picker to show
    }
  }

  return { kind, file, setFile, removed, setRemoved, upload, uploadInto };
}

export type PendingImage = ReturnType<typeof usePendingImage>;
