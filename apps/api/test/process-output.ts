import { type ChildProcess, spawn } from 'node:child_process';

export type WatchedProcess = {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr interleaved. */
  output: () => string;
  /** The exit code (or the signal's name) once it has ended. */
  exited: Promise<number | string>;
};

/** Runs a command with its output kept, for a failure to show it. */
export function watchProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env: Record<string, string | undefined> },
): WatchedProcess {
  let output = '';
  const child = spawn(command, args, { cwd: options.cwd, env: options.env });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on('close', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, output: () => output, exited };
}

/** The last `count` lines of a process's output, for an error message that stays readable. */
export function tail(text: string, count = 40): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

/**
 * Waits until `url` answers 200, failing early (with the output) when the process ends first. The
 * timeout is generous: a loaded two-core machine may take a minute to migrate a fresh database.
 */
export async function waitUntilAnswers(
  url: string,
  server: WatchedProcess,
  timeoutMs = 120_000,
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let hasEnded = false;
  void server.exited.then(() => {
    hasEnded = true;
  });
  for (;;) {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    if (response?.ok) return response;
    if (hasEnded) throw new Error(`The server ended before ${url} answered:\n${tail(server.output())}`);
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${tail(server.output())}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Sends SIGTERM and answers the exit code, or fails (SIGKILL) when the process outlives `timeoutMs`. */
export async function stopWithSigterm(server: WatchedProcess, timeoutMs = 30_000): Promise<number | string> {
  server.child.kill('SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs));
  const outcome = await Promise.race([server.exited, timer]);
  if (outcome === 'timeout') {
    server.child.kill('SIGKILL');
    throw new Error(`Still running ${timeoutMs / 1000} s after SIGTERM:\n${tail(server.output())}`);
  }
  return outcome;
}
