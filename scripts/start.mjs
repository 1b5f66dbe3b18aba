// `npm start`: install what is missing, build the web app if stale, then serve site + API on
// http://localhost:8080 (PORT overrides). The server migrates the embedded database under ./data
// and seeds demo data once. Ctrl-C stops it cleanly.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, ensureWebBuild, root, say } from './lib/steps.mjs';

try {
  ensureDependencies();
  ensureWebBuild();
} catch (error) {
  console.error(`\x1b[31m✗\x1b[0m ${error.message}`);
  process.exit(1);
}

const port = process.env.PORT ?? '8080';
say(`Starting Sorte on http://localhost:${port} (Ctrl-C to stop)…`);
const server = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
