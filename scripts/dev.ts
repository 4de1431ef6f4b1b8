import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: the API on PORT (3000) restarting on change, and Vite's dev server with hot
 * reload on 5173 proxying /api to it. Open http://localhost:5173.
 */
const port = process.env.PORT ?? '3000';
const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    // The Vite page is the app's origin in development: let it write with cookies.
    env: {
      PUBLIC_URL: 'http://localhost:5173',
      TRUSTED_ORIGINS: `http://localhost:${port}`,
      ...process.env,
      PORT: port,
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, PORT: port } }),
];

function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
}
