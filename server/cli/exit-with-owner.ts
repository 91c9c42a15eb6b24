/**
 * For test runs: ends this process once the process that started it is gone. The browser tests'
 * runner starts Storey as its web servers; a runner stopped by SIGTERM or SIGKILL skips its
 * teardown and would leave them listening, so the next run finds its ports taken. The runner
 * names itself in STOREY_EXIT_WITH_PID; nothing else sets it.
 */
export function exitWithOwner(stop: () => void, env: NodeJS.ProcessEnv = process.env): void {
  const owner = Number(env.STOREY_EXIT_WITH_PID);
  if (!Number.isInteger(owner) || owner <= 0) return;
  const watch = setInterval(() => {
    try {
      process.kill(owner, 0);
    } catch {
      clearInterval(watch);
      stop();
    }
  }, 500);
  watch.unref();
}
