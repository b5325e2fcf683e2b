import { spawnSync } from 'node:child_process';

it('npm run cli -- doctor finds the embedded PostgreSQL that npm start runs', () => {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL; // the embedded server is what npm start runs without one
  const doctor = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'doctor'], { env, encoding: 'utf8' });
  expect(doctor.stdout).toMatch(/^ok\s+postgres\s+embedded postgres \(PostgreSQL\) \d+/m);
});
