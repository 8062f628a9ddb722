/**
 * A job of the server's own (main.ts) run once at start and then every `everyMs`: never two runs at
 * once in a process (several processes stay safe by the job's own claim), a failure logged and left
 * to the next run, a timer that does not keep the process alive, and `stop` waiting for a run in progress.
 */
export function everyInterval(job: () => Promise<unknown>, everyMs: number, onError: (err: unknown) => void) {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= job()
      .catch(onError)
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = setTimeout(run, 0).unref();
  const timer = setInterval(run, everyMs).unref();
  return {
    run,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
