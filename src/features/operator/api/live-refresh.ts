// Asking the server again when the live feed says something changed. An update that arrives while an answer is on its
// way makes it ask once more when that answer is in (it may have been read before the update); a burst of updates
// costs one request at a time, never a stale page.
export function liveRefresher(ask: () => Promise<unknown>): () => void {
  let isAsking = false;
  let isAskedAgain = false;
  const refresh = async () => {
    if (isAsking) return void (isAskedAgain = true);
    isAsking = true;
    try {
      do {
        isAskedAgain = false;
        await ask();
      } while (isAskedAgain);
    } finally {
      isAsking = false;
    }
  };
  return () => void refresh();
}
