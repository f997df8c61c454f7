// A dialog posting through a fetcher closes once the server said the save worked.
import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import type { ActionResult } from "~/lib/action-result";

export function useCloseOnSuccess(fetcher: FetcherWithComponents<ActionResult | undefined>, close: () => void) {
  const submitted = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") submitted.current = true;
    else if (submitted.current) {
      submitted.current = false;
      if (fetcher.data?.ok) close();
    }
  }, [fetcher.state, fetcher.data, close]);
}
