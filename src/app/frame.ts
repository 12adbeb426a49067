/**
 * Whether the signed-in frame (ShellLayout) is on the page. A screen opened from the frame waits
 * for its chunk and texts before the route changes, the progress bar showing, and then renders
 * complete; on a page's first load the frame does not wait for its screen (./routes.tsx).
 */
let mounted = 0;

/** The frame mounted; the answer is called when it unmounts. */
export function frameMounted(): () => void {
  mounted += 1;
  return () => {
    mounted -= 1;
  };
}

export function isFrameMounted(): boolean {
  return mounted > 0;
}
