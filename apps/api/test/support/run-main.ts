import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Starts the server (src/main.ts) with the embedded PostgreSQL on `dataDir` and waits for it to
 * exit: its exit code and everything it wrote to stderr. For start-ups that must refuse with
 * one line (a DATA_DIR in use or out of the database user's reach).
 */
export async function runMainUntilExit(
  dataDir: string,
  port: number,
): Promise<{ code: number | null; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'silent',
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const main = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  main.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => main.once('exit', resolve));
  return { code, stderr };
}
