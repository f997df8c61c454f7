// Embed Code: the iframe snippet of the project's public page, ready to copy.
import { CopyButton } from "~/components/copy-button";
import { EmbedPopover } from "~/components/embed-popover";
import { projectEmbedCode } from "../embed";

export function EmbedCodePopover({
  projectName,
  title,
  origin,
}: {
  /** The saved project name; without one there is no page to embed. */
  projectName: string | null;
  title: string;
  origin: string;
}) {
  const code = projectName ? projectEmbedCode({ origin, projectName, title }) : null;
  return (
    <EmbedPopover
      heading="Embed Code"
      description={
        code
          ? "Paste this into your website (a Squarespace code block, for example). The frame grows to fit the page."
          : "This project needs a project name first: add one in the form and save the project, then its embed code appears here."
      }
      code={code}
      actions={code ? <CopyButton text={code} toastMessage="Embed code copied to clipboard" /> : null}
    />
  );
}
