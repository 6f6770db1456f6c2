import { useEffect, useState } from "react";

let hydrated = false;

/** False on the server and in the first client render, true once React has hydrated. */
export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setHydrated(true);
  }, []);
  return isHydrated;
}
