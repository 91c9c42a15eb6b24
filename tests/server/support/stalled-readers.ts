import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/**
 * Browsers that ask and then never read: sockets with a 1 KB receive buffer (Node cannot shrink
 * one, so Python opens them), each sending one request and then holding still. The connections
 * stay open until `release()`. A socket can come from another loopback address (`from`), so
 * that the BFF tells these "people" apart from the test's own requests without sign-in. They ask
 * for no compression: the test's answers would shrink to nothing and fit the socket buffers.
 */
export async function stalledReaders(options: {
  port: number;
  targets: string[];
  from?: string;
  headers?: Record<string, string>;
}) {
  const script = `
import json, socket, sys
spec = json.loads(sys.stdin.readline())
held = []
for target in spec["targets"]:
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    s.bind((spec["from"], 0))
    s.connect(("127.0.0.1", spec["port"]))
    head = "GET " + target + " HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n"
    head += "".join(name + ": " + value + "\\r\\n" for name, value in spec["headers"].items())
    s.sendall((head + "\\r\\n").encode())
    held.append(s)
print("sent", flush=True)
sys.stdin.readline()
`;
  const python = spawn('python3', ['-c', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  python.stdin.write(
    `${JSON.stringify({
      port: options.port,
      targets: options.targets,
      from: options.from ?? '127.0.0.1',
      headers: { 'X-CSRF': '1', ...options.headers },
    })}\n`,
  );
  const lines = createInterface({ input: python.stdout });
  const [first] = (await once(lines, 'line')) as [string];
  if (first !== 'sent') throw new Error(`the stalled readers did not start: ${first}`);
  return {
    /** Closes every socket (the Python process ends). */
    async release() {
      if (python.exitCode !== null) return;
      python.stdin.end('\n');
      await once(python, 'exit');
    },
  };
}
