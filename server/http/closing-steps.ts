import type { FastifyInstance } from 'fastify';

/**
 * What a stopping BFF is still waiting for, by name: a stop that overruns its time says which
 * part held it (the HTTP connections, the index's sync and database, the platform's pool, the
 * session store), so a failed shutdown in an orchestrator's log explains itself.
 */
export function createClosingSteps(app: FastifyInstance, now: () => number = Date.now) {
  const pending = new Map<string, number>();
  const afterApp: Array<{ name: string; close: () => Promise<unknown> }> = [];
  let draining = false;
  const run = async (name: string, close: () => Promise<unknown>) => {
    pending.set(name, now());
    try {
      await close();
    } finally {
      pending.delete(name);
    }
  };
  // Fastify stops listening and waits for open connections before its onClose hooks run.
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  return {
    /** An onClose step under `name`; hooks run in reverse order of registration. */
    add(name: string, close: () => Promise<unknown>) {
      app.addHook('onClose', async () => {
        draining = false;
        await run(name, close);
      });
    },
    /**
     * A step run once the app and all its onClose steps have closed (closeApp), in the order
     * added: for what those steps still use while they close. The embedded platform closed
     * among them (as the last added, so the first run) was closed under the notifier's pooled
     * mail connection and the index's reads, and its mail server waited for them.
     */
    addAfterApp(name: string, close: () => Promise<unknown>) {
      afterApp.push({ name, close });
    },
    /** Closes the app, then the steps added with addAfterApp. */
    async closeApp() {
      await app.close();
      for (const step of afterApp) await run(step.name, step.close);
    },
    /** The steps not finished yet, with how long each has run (ms). */
    pending(): string[] {
      const at = now();
      const steps = [...pending].map(([name, since]) => `${name} (${at - since} ms)`);
      return draining ? ['open HTTP connections', ...steps] : steps;
    },
  };
}

export type ClosingSteps = ReturnType<typeof createClosingSteps>;
