// A dialog posting through a fetcher closes once the server said the save worked.
import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";

export function useCloseOnSuccess(fetcher: FetcherWithComponents<{ ok?: boolean } | undefined>, close: () => void) {
  const submitted = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") submitted.current = true;
    else if (submitted.current) {
      submitted.current = false;
      if (fetcher.data?.ok) close();
    }
  }, [fetcher.state, fetcher.data, close]);
}
