import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Shows `children` from the render after the frame around them has painted. The shell puts the
 * screen in it: on a page's first load the frame (top bar, menu, warnings) reaches the screen
 * first, and only then does the screen ask for its chunk, evaluate it and render, in tasks of
 * their own. On a slow tablet the frame no longer waits for the screen's code (the data log's
 * evaluates for 300 ms at 4x CPU). Later navigations are not delayed: the frame stays mounted.
 */
export function AfterFramePainted({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // requestAnimationFrame runs just before the frame is painted, the timeout after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [shown]);
  return shown ? children : null;
}
