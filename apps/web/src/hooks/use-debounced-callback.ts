import { useEffect, useMemo, useRef } from "react";

/** `fn`, called `delayMs` after the last of a burst of calls (typing); pending calls die with the component. */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, delayMs = 300) {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(() => {
    const debounced = (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => fnRef.current(...args), delayMs);
    };
    debounced.cancel = () => clearTimeout(timer.current);
    return debounced;
  }, [delayMs]);
}
