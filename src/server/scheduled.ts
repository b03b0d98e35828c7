/**
 * The server's periodic work (the daily DNS check, the CRM key check, the sync log's pruning): every
 * process runs each task on its own timer, which never keeps the process alive, and never starts a run
 * while its previous one is still going. Each task claims its rows, so processes do not repeat each
 * other's work.
 */

/** Runs `task` every `everyMs` from now on; the answer stops it (the app's onClose). */
export function scheduleTask(
  task: () => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
